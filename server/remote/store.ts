/**
 * What remote repositories keep: their settings (offline, metadata retrieval period,
 * time-outs), write-only upstream credentials, the last failure and success, cached package
 * documents with the upstream's ETag, cached files (bytes in the blob store), what the upstream
 * said of a version it was asked about, and downloads per version and day (with the catalogue's
 * running totals).
 */
import { placeholders, type Sql, type TransactionOptions } from '../db/sql'
import { forgetRepositories } from '../repositories/store'
import type { UpstreamCredentials } from '../upstream/fetch'

/** A catalogue version as provenance needs it. */
export interface VersionSource {
  readonly repo: string
  readonly packageName: string
  readonly version: string
  /** The catalogue's lead file (a tarball, or a record's package.json when it has none). */
  readonly leadFilePath: string
}

export interface RemoteSettings {
  readonly offline: boolean
  readonly metadataTtlSeconds: number
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
}

export interface RemoteState {
  readonly lastFailure: string | null
  readonly lastFailureAt: string | null
  readonly lastSuccessAt: string | null
  readonly hasCredentials: boolean
}

/** What names a cached document's stored row: it changes whenever the row does. */
export interface DocumentStamp {
  readonly etag: string | null
  readonly fetchedAt: string
}

export interface CachedDocument extends DocumentStamp {
  readonly document: string
}

export interface CredentialsInput {
  readonly userName?: string
  readonly password?: string
  readonly token?: string
}

/** What the upstream said of a file, to ask it later whether the file changed. */
export interface FileValidators {
  readonly etag: string | null
  readonly lastModified: string | null
}

export interface CachedFile extends FileValidators {
  readonly sha256: string
  readonly size: number
  readonly fetchedAt: string
}

/** The key of an upstream answer about `version` of `name` in `upstreamAnswers`' map. */
export const answerKey = (name: string, version: string) => `${name}\u0000${version}`

/** Whether the upstream has a version, as it said at `askedAt`. */
export interface UpstreamAnswer {
  readonly inUpstream: boolean
  readonly askedAt: string
}

export interface DownloadDay {
  readonly day: string
  readonly count: number
}

const Q = {
  settings: `SELECT offline, metadata_ttl_seconds, connect_timeout_ms, read_timeout_ms FROM repositories WHERE key = ?`,
  writeSettings: `UPDATE repositories SET offline = ?, metadata_ttl_seconds = ?, connect_timeout_ms = ?,
       read_timeout_ms = ? WHERE key = ?`,
  setUpstream: 'UPDATE repositories SET url = ?, offline = ? WHERE key = ?',
  setOffline: 'UPDATE repositories SET offline = ? WHERE key = ?',
  credentials: 'SELECT user_name, password, token FROM remote_credentials WHERE repo = ?',
  writeCredentials: `INSERT INTO remote_credentials (repo, user_name, password, token) VALUES (?, ?, ?, ?)
     ON CONFLICT (repo) DO UPDATE SET user_name = excluded.user_name, password = excluded.password,
       token = excluded.token`,
  clearCredentials: 'DELETE FROM remote_credentials WHERE repo = ?',
  storedSecrets: 'SELECT password, token FROM remote_credentials',
  state: 'SELECT last_failure, last_failure_at, last_success_at FROM remote_state WHERE repo = ?',
  // The first failure after a success starts the streak; later ones leave its start.
  failed: `INSERT INTO remote_state (repo, last_failure, last_failure_at, failing_since) VALUES (?, ?, ?, ?)
     ON CONFLICT (repo) DO UPDATE SET last_failure = excluded.last_failure, last_failure_at = excluded.last_failure_at,
       failing_since = COALESCE(remote_state.failing_since, excluded.failing_since)`,
  succeeded: `INSERT INTO remote_state (repo, last_success_at) VALUES (?, ?)
     ON CONFLICT (repo) DO UPDATE SET last_success_at = excluded.last_success_at, failing_since = NULL`,
  failingSince: 'SELECT failing_since FROM remote_state WHERE repo = ?',
  document: 'SELECT etag, fetched_at, document FROM remote_documents WHERE repo = ? AND name = ?',
  documentStamp: 'SELECT etag, fetched_at FROM remote_documents WHERE repo = ? AND name = ?',
  saveDocument: `INSERT INTO remote_documents (repo, name, etag, fetched_at, document) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (repo, name) DO UPDATE SET etag = excluded.etag, fetched_at = excluded.fetched_at,
       document = excluded.document`,
  touchDocument: 'UPDATE remote_documents SET fetched_at = ? WHERE repo = ? AND name = ?',
  file: 'SELECT sha256, size, fetched_at, etag, last_modified FROM remote_files WHERE repo = ? AND path = ?',
  saveFile: `INSERT INTO remote_files (repo, path, sha256, size, fetched_at, etag, last_modified)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (repo, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
       fetched_at = excluded.fetched_at, etag = excluded.etag, last_modified = excluded.last_modified`,
  touchFile: 'UPDATE remote_files SET fetched_at = ? WHERE repo = ? AND path = ?',
  // A generic remote's cached file is a file of the repository like a deployed one.
  saveArtifact: `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (repo, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
       mime_type = excluded.mime_type, modified = excluded.modified`,
  countDay: `INSERT INTO download_days (subject, package_id, day, count)
     VALUES (?, (SELECT package_id FROM catalog_versions WHERE id = ?), ?, ?)
     ON CONFLICT (subject, day) DO UPDATE SET count = download_days.count + excluded.count`,
  countVersion: 'UPDATE catalog_versions SET download_count = download_count + ? WHERE id = ?',
  countPackage:
    'UPDATE catalog_packages SET downloads = downloads + ? WHERE id = (SELECT package_id FROM catalog_versions WHERE id = ?)',
  cachedAt: (n: number) =>
    `SELECT path, fetched_at FROM remote_files WHERE repo = ? AND path IN (${placeholders(n)})`,
  answers: (n: number) =>
    'SELECT name, version, in_upstream, asked_at FROM remote_version_answers ' +
    `WHERE repo = ? AND name IN (${placeholders(n)})`,
  saveAnswer: `INSERT INTO remote_version_answers (repo, name, version, in_upstream, asked_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (repo, name, version) DO UPDATE SET in_upstream = excluded.in_upstream, asked_at = excluded.asked_at`,
  forgetAnswer: 'DELETE FROM remote_version_answers WHERE repo = ? AND name = ? AND version = ?',
  versionSource: `SELECT v.repo, v.name AS version, v.lead_file_path, p.name AS package_name
     FROM catalog_versions v JOIN catalog_packages p ON p.id = v.package_id WHERE v.id = ?`,
  perDay: 'SELECT day, SUM(count) AS count FROM download_days WHERE day >= ? GROUP BY day ORDER BY day',
  // A path is the place itself or a folder of places below it.
  filesAt: `SELECT path, sha256 FROM remote_files
     WHERE repo = ? AND (path = ? OR substr(path, 1, length(?)) = ?)`,
  deleteFile: 'DELETE FROM remote_files WHERE repo = ? AND path = ?',
  npmVersionsAt: `SELECT p.name AS package, v.name AS version, v.digest FROM catalog_versions v
     JOIN catalog_packages p ON p.id = v.package_id
     WHERE v.repo = ? AND (v.lead_file_path = ? OR substr(v.lead_file_path, 1, length(?)) = ?)`,
  documentsAt: `SELECT name FROM remote_documents WHERE repo = ? AND (name = ? OR substr(name, 1, length(?)) = ?)`,
  deleteDocument: 'DELETE FROM remote_documents WHERE repo = ? AND name = ?',
}

/** What a remote has cached at a path, the place itself or a folder of places below it. */
const atOrBelow = (repo: string, path: string) => [repo, path, `${path}/`, `${path}/`]

interface CredentialsRow {
  user_name: string | null
  password: string | null
  token: string | null
}

/**
 * What a remote writes can be written again: its cache from the upstream, its state by the next
 * call, and a download count lost to a power cut is the last moment's. These commits do not wait
 * for the disk (docs/decisions/2026-12-03-relaxed-commits-for-remote-caches.md); a publish's do.
 */
export const RELAXED: TransactionOptions = { durability: 'relaxed' }

/** `times` downloads of `subject` (a version's id, or a file's: fileSubject) on `day`. */
export interface DownloadCount {
  readonly subject: string
  readonly day: string
  readonly times: number
}

/** The store over `sql`: the platform's handle, or a transaction's (saveFile beside staged bytes). */
export function remoteStore(sql: Sql) {
  /**
   * Several downloads' counts in one commit, in the subjects' order (so two nodes writing
   * theirs at once take the rows in the same order).
   */
  const countDownloads = (counts: readonly DownloadCount[]): Promise<void> => {
    const ordered = [...counts].sort((a, b) =>
      a.subject === b.subject ? (a.day < b.day ? -1 : 1) : a.subject < b.subject ? -1 : 1,
    )
    return sql.transaction(async (tx) => {
      for (const { subject, day, times } of ordered) {
        await tx.run(Q.countDay, [subject, subject, day, times])
        await tx.run(Q.countVersion, [times, subject])
        await tx.run(Q.countPackage, [times, subject])
      }
    }, RELAXED)
  }
  /** One statement committed relaxed (inside a transaction: a savepoint of it, committed with it). */
  const relaxed = async (text: string, params: readonly (string | number | null)[]) => {
    await sql.transaction((tx) => tx.run(text, params), RELAXED)
  }
  /** What the remote last heard from its upstream (its state, credentials not asked about). */
  const health = async (key: string): Promise<Omit<RemoteState, 'hasCredentials'>> => {
    const row = await sql.one<{
      last_failure: string | null
      last_failure_at: string | null
      last_success_at: string | null
    }>(Q.state, [key])
    return {
      lastFailure: row?.last_failure ?? null,
      lastFailureAt: row?.last_failure_at ?? null,
      lastSuccessAt: row?.last_success_at ?? null,
    }
  }
  return {
    async settings(key: string): Promise<RemoteSettings> {
      const row = await sql.one<{
        offline: number
        metadata_ttl_seconds: number
        connect_timeout_ms: number
        read_timeout_ms: number
      }>(Q.settings, [key])
      return {
        offline: row?.offline === 1,
        metadataTtlSeconds: row?.metadata_ttl_seconds ?? 600,
        connectTimeoutMs: row?.connect_timeout_ms ?? 10_000,
        readTimeoutMs: row?.read_timeout_ms ?? 30_000,
      }
    },
    async writeSettings(key: string, s: RemoteSettings): Promise<void> {
      await sql.run(Q.writeSettings, [
        s.offline ? 1 : 0,
        s.metadataTtlSeconds,
        s.connectTimeoutMs,
        s.readTimeoutMs,
        key,
      ])
      forgetRepositories()
    },
    /** The upstream an environment setting gives a seeded remote (`offline` keeps the address). */
    async setUpstream(key: string, url: string | 'offline'): Promise<void> {
      if (url === 'offline') await sql.run(Q.setOffline, [1, key])
      else await sql.run(Q.setUpstream, [url, 0, key])
      forgetRepositories()
    },
    async credentials(key: string): Promise<UpstreamCredentials | undefined> {
      const row = await sql.one<CredentialsRow>(Q.credentials, [key])
      if (row?.token) return { kind: 'token', token: row.token }
      if (row?.user_name) return { kind: 'basic', user: row.user_name, password: row.password ?? '' }
      return undefined
    },
    /** Every stored upstream password and token, for a support bundle to cut wherever they appear. */
    async storedSecrets(): Promise<string[]> {
      const rows = await sql.all<{ password: string | null; token: string | null }>(Q.storedSecrets)
      return rows.flatMap((r) => [r.password, r.token]).filter((v): v is string => !!v)
    },
    /** Replaces the credentials; none given removes them. */
    async writeCredentials(key: string, c: CredentialsInput | null): Promise<void> {
      if (!c || (!c.token && !c.userName)) await sql.run(Q.clearCredentials, [key])
      else await sql.run(Q.writeCredentials, [key, c.userName || null, c.password ?? null, c.token || null])
    },
    async state(key: string): Promise<RemoteState> {
      return {
        ...(await health(key)),
        hasCredentials: (await sql.one<CredentialsRow>(Q.credentials, [key])) !== undefined,
      }
    },
    async recordFailure(key: string, message: string, at: string): Promise<void> {
      await relaxed(Q.failed, [key, message, at, at])
    },
    /** Since when the upstream has failed with no success between (undefined: it has not). */
    async failingSince(key: string): Promise<string | undefined> {
      return (
        (await sql.one<{ failing_since: string | null }>(Q.failingSince, [key]))?.failing_since ?? undefined
      )
    },
    async recordSuccess(key: string, at: string): Promise<void> {
      await relaxed(Q.succeeded, [key, at])
    },

    async document(repo: string, name: string): Promise<CachedDocument | undefined> {
      const row = await sql.one<{ etag: string | null; fetched_at: string; document: string }>(Q.document, [
        repo,
        name,
      ])
      return row && { etag: row.etag, fetchedAt: row.fetched_at, document: row.document }
    },
    /** The cached document's stamp, without its text. */
    async documentStamp(repo: string, name: string): Promise<DocumentStamp | undefined> {
      const row = await sql.one<{ etag: string | null; fetched_at: string }>(Q.documentStamp, [repo, name])
      return row && { etag: row.etag, fetchedAt: row.fetched_at }
    },
    async saveDocument(repo: string, name: string, etag: string | null, at: string, document: string) {
      await relaxed(Q.saveDocument, [repo, name, etag, at, document])
    },
    async touchDocument(repo: string, name: string, at: string): Promise<void> {
      await relaxed(Q.touchDocument, [at, repo, name])
    },

    async file(repo: string, path: string): Promise<CachedFile | undefined> {
      const row = await sql.one<{
        sha256: string
        size: number
        fetched_at: string
        etag: string | null
        last_modified: string | null
      }>(Q.file, [repo, path])
      return (
        row && {
          sha256: row.sha256,
          size: row.size,
          fetchedAt: row.fetched_at,
          etag: row.etag,
          lastModified: row.last_modified,
        }
      )
    },
    async saveFile(
      repo: string,
      path: string,
      sha256: string,
      size: number,
      at: string,
      validators: FileValidators = { etag: null, lastModified: null },
    ): Promise<void> {
      await sql.run(Q.saveFile, [repo, path, sha256, size, at, validators.etag, validators.lastModified])
    },
    /** The upstream said the cached file is still current (304): its period starts again. */
    async touchFile(repo: string, path: string, at: string): Promise<void> {
      await relaxed(Q.touchFile, [at, repo, path])
    },
    /**
     * A generic remote's fetched file, cached and listed as a file of the repository: run it on
     * a transaction's handle (with the bytes' commit) so both rows land together.
     */
    async saveGenericFile(
      repo: string,
      path: string,
      file: { sha256: string; size: number; mimeType: string },
      at: string,
      validators: FileValidators,
    ): Promise<void> {
      await sql.run(Q.saveFile, [
        repo,
        path,
        file.sha256,
        file.size,
        at,
        validators.etag,
        validators.lastModified,
      ])
      await sql.run(Q.saveArtifact, [repo, path, file.sha256, file.size, file.mimeType, at, at, repo])
    },

    /** What the upstream said when last asked whether it has a version of a package. */
    /** When each of `paths` that the remote has cached was fetched, by path (one query). */
    async cachedAt(repo: string, paths: ReadonlyArray<string>): Promise<Map<string, string>> {
      if (paths.length === 0) return new Map()
      const rows = await sql.all<{ path: string; fetched_at: string }>(Q.cachedAt(paths.length), [
        repo,
        ...paths,
      ])
      return new Map(rows.map((r) => [r.path, r.fetched_at]))
    },
    health,
    /** The upstream's answers about versions of the packages `names`, by `answerKey` (one query). */
    async upstreamAnswers(repo: string, names: ReadonlyArray<string>): Promise<Map<string, UpstreamAnswer>> {
      if (names.length === 0) return new Map()
      const rows = await sql.all<{ name: string; version: string; in_upstream: number; asked_at: string }>(
        Q.answers(names.length),
        [repo, ...names],
      )
      return new Map(
        rows.map((r) => [
          answerKey(r.name, r.version),
          { inUpstream: r.in_upstream === 1, askedAt: r.asked_at },
        ]),
      )
    },
    async saveUpstreamAnswer(repo: string, name: string, version: string, inUpstream: boolean, at: string) {
      await relaxed(Q.saveAnswer, [repo, name, version, inUpstream ? 1 : 0, at])
    },
    async forgetUpstreamAnswer(repo: string, name: string, version: string): Promise<void> {
      await relaxed(Q.forgetAnswer, [repo, name, version])
    },

    /** One successful download of a version (its catalogue totals too), or of a file outside packages. */
    countDownload(subject: string, day: string): Promise<void> {
      return countDownloads([{ subject, day, times: 1 }])
    },
    countDownloads,
    downloadsSince: (day: string) => sql.all<DownloadDay>(Q.perDay, [day]),

    /** A catalogue version's repository, package, name and lead file, to tell where it comes from. */
    async versionSource(id: string): Promise<VersionSource | undefined> {
      const row = await sql.one<{
        repo: string
        version: string
        lead_file_path: string
        package_name: string
      }>(Q.versionSource, [id])
      return (
        row && {
          repo: row.repo,
          packageName: row.package_name,
          version: row.version,
          leadFilePath: row.lead_file_path,
        }
      )
    },

    /** The cached files at `path` or below it. */
    filesAt: (repo: string, path: string) =>
      sql.all<{ path: string; sha256: string }>(Q.filesAt, atOrBelow(repo, path)),
    /** The npm catalogue versions whose lead file is at `path` or below it. */
    npmVersionsAt: (repo: string, path: string) =>
      sql.all<{ package: string; version: string; digest: string | null }>(
        Q.npmVersionsAt,
        atOrBelow(repo, path),
      ),
    /** The names of the cached package documents at `path` (a package, a scope) or below it. */
    documentsAt: async (repo: string, path: string) =>
      (await sql.all<{ name: string }>(Q.documentsAt, atOrBelow(repo, path))).map((d) => d.name),
    async deleteFile(repo: string, path: string): Promise<void> {
      await sql.run(Q.deleteFile, [repo, path])
    },
    async deleteDocument(repo: string, name: string): Promise<void> {
      await sql.run(Q.deleteDocument, [repo, name])
    },
  }
}

export type RemoteStore = ReturnType<typeof remoteStore>
