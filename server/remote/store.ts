/**
 * What remote repositories keep: their settings (offline, metadata retrieval period,
 * time-outs), write-only upstream credentials, the last failure and success, cached package
 * documents with the upstream's ETag, cached files (bytes in the blob store), and downloads
 * per version and day (with the catalogue's running totals).
 */
import type { Db } from '../db'
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

export interface CachedDocument {
  readonly etag: string | null
  readonly fetchedAt: string
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

export interface DownloadDay {
  readonly day: string
  readonly count: number
}

export function remoteStore(db: Db) {
  const settingsOf = db.prepare(
    `SELECT offline, metadata_ttl_seconds, connect_timeout_ms, read_timeout_ms FROM repositories WHERE key = ?`,
  )
  const writeSettings = db.prepare(
    `UPDATE repositories SET offline = @offline, metadata_ttl_seconds = @metadataTtlSeconds,
       connect_timeout_ms = @connectTimeoutMs, read_timeout_ms = @readTimeoutMs WHERE key = @key`,
  )
  const setUpstream = db.prepare('UPDATE repositories SET url = ?, offline = ? WHERE key = ?')
  const setOffline = db.prepare('UPDATE repositories SET offline = ? WHERE key = ?')
  const credentialsOf = db.prepare('SELECT user_name, password, token FROM remote_credentials WHERE repo = ?')
  const writeCredentials = db.prepare(
    `INSERT INTO remote_credentials (repo, user_name, password, token) VALUES (@repo, @userName, @password, @token)
     ON CONFLICT (repo) DO UPDATE SET user_name = excluded.user_name, password = excluded.password,
       token = excluded.token`,
  )
  const clearCredentials = db.prepare('DELETE FROM remote_credentials WHERE repo = ?')
  const stateOf = db.prepare(
    'SELECT last_failure, last_failure_at, last_success_at FROM remote_state WHERE repo = ?',
  )
  const failed = db.prepare(
    `INSERT INTO remote_state (repo, last_failure, last_failure_at) VALUES (?, ?, ?)
     ON CONFLICT (repo) DO UPDATE SET last_failure = excluded.last_failure, last_failure_at = excluded.last_failure_at`,
  )
  const succeeded = db.prepare(
    `INSERT INTO remote_state (repo, last_success_at) VALUES (?, ?)
     ON CONFLICT (repo) DO UPDATE SET last_success_at = excluded.last_success_at`,
  )
  const documentOf = db.prepare(
    'SELECT etag, fetched_at, document FROM remote_documents WHERE repo = ? AND name = ?',
  )
  const saveDocument = db.prepare(
    `INSERT INTO remote_documents (repo, name, etag, fetched_at, document) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (repo, name) DO UPDATE SET etag = excluded.etag, fetched_at = excluded.fetched_at,
       document = excluded.document`,
  )
  const touchDocument = db.prepare('UPDATE remote_documents SET fetched_at = ? WHERE repo = ? AND name = ?')
  const fileOf = db.prepare(
    'SELECT sha256, size, fetched_at, etag, last_modified FROM remote_files WHERE repo = ? AND path = ?',
  )
  const saveFile = db.prepare(
    `INSERT INTO remote_files (repo, path, sha256, size, fetched_at, etag, last_modified)
     VALUES (@repo, @path, @sha256, @size, @at, @etag, @lastModified)
     ON CONFLICT (repo, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
       fetched_at = excluded.fetched_at, etag = excluded.etag, last_modified = excluded.last_modified`,
  )
  const touchFile = db.prepare('UPDATE remote_files SET fetched_at = ? WHERE repo = ? AND path = ?')
  // A generic remote's cached file is a file of the repository like a deployed one.
  const saveArtifact = db.prepare(
    `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES (@repo, @path, @sha256, @size, @mimeType, @at, @at, @repo)
     ON CONFLICT (repo, path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
       mime_type = excluded.mime_type, modified = excluded.modified`,
  )
  const countDay = db.prepare(
    `INSERT INTO download_days (subject, package_id, day, count)
     VALUES (@subject, (SELECT package_id FROM catalog_versions WHERE id = @subject), @day, 1)
     ON CONFLICT (subject, day) DO UPDATE SET count = download_days.count + 1`,
  )
  const countVersion = db.prepare(
    'UPDATE catalog_versions SET download_count = download_count + 1 WHERE id = ?',
  )
  const countPackage = db.prepare(
    'UPDATE catalog_packages SET downloads = downloads + 1 WHERE id = (SELECT package_id FROM catalog_versions WHERE id = ?)',
  )
  const versionSourceOf = db.prepare(
    `SELECT v.repo, v.name AS version, v.lead_file_path, p.name AS package_name
     FROM catalog_versions v JOIN catalog_packages p ON p.id = v.package_id WHERE v.id = ?`,
  )
  const perDay = db.prepare(
    'SELECT day, SUM(count) AS count FROM download_days WHERE day >= ? GROUP BY day ORDER BY day',
  )

  return {
    settings(key: string): RemoteSettings {
      const row = settingsOf.get(key) as
        | {
            offline: number
            metadata_ttl_seconds: number
            connect_timeout_ms: number
            read_timeout_ms: number
          }
        | undefined
      return {
        offline: row?.offline === 1,
        metadataTtlSeconds: row?.metadata_ttl_seconds ?? 600,
        connectTimeoutMs: row?.connect_timeout_ms ?? 10_000,
        readTimeoutMs: row?.read_timeout_ms ?? 30_000,
      }
    },
    writeSettings(key: string, s: RemoteSettings): void {
      writeSettings.run({ key, ...s, offline: s.offline ? 1 : 0 })
    },
    /** The upstream an environment setting gives a seeded remote (`offline` keeps the address). */
    setUpstream(key: string, url: string | 'offline'): void {
      if (url === 'offline') setOffline.run(1, key)
      else setUpstream.run(url, 0, key)
    },
    credentials(key: string): UpstreamCredentials | undefined {
      const row = credentialsOf.get(key) as
        { user_name: string | null; password: string | null; token: string | null } | undefined
      if (row?.token) return { kind: 'token', token: row.token }
      if (row?.user_name) return { kind: 'basic', user: row.user_name, password: row.password ?? '' }
      return undefined
    },
    /** Replaces the credentials; none given removes them. */
    writeCredentials(key: string, c: CredentialsInput | null): void {
      if (!c || (!c.token && !c.userName)) clearCredentials.run(key)
      else
        writeCredentials.run({
          repo: key,
          userName: c.userName || null,
          password: c.password ?? null,
          token: c.token || null,
        })
    },
    state(key: string): RemoteState {
      const row = stateOf.get(key) as
        | { last_failure: string | null; last_failure_at: string | null; last_success_at: string | null }
        | undefined
      return {
        lastFailure: row?.last_failure ?? null,
        lastFailureAt: row?.last_failure_at ?? null,
        lastSuccessAt: row?.last_success_at ?? null,
        hasCredentials: credentialsOf.get(key) !== undefined,
      }
    },
    recordFailure: (key: string, message: string, at: string) => void failed.run(key, message, at),
    recordSuccess: (key: string, at: string) => void succeeded.run(key, at),

    document(repo: string, name: string): CachedDocument | undefined {
      const row = documentOf.get(repo, name) as
        { etag: string | null; fetched_at: string; document: string } | undefined
      return row && { etag: row.etag, fetchedAt: row.fetched_at, document: row.document }
    },
    saveDocument: (repo: string, name: string, etag: string | null, at: string, document: string) =>
      void saveDocument.run(repo, name, etag, at, document),
    touchDocument: (repo: string, name: string, at: string) => void touchDocument.run(at, repo, name),

    file(repo: string, path: string): CachedFile | undefined {
      const row = fileOf.get(repo, path) as
        | {
            sha256: string
            size: number
            fetched_at: string
            etag: string | null
            last_modified: string | null
          }
        | undefined
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
    saveFile: (
      repo: string,
      path: string,
      sha256: string,
      size: number,
      at: string,
      validators: FileValidators = { etag: null, lastModified: null },
    ) => void saveFile.run({ repo, path, sha256, size, at, ...validators }),
    /** The upstream said the cached file is still current (304): its period starts again. */
    touchFile: (repo: string, path: string, at: string) => void touchFile.run(at, repo, path),
    /** A generic remote's fetched file, cached and listed as a file of the repository (one transaction). */
    saveGenericFile(
      repo: string,
      path: string,
      file: { sha256: string; size: number; mimeType: string },
      at: string,
      validators: FileValidators,
    ): void {
      saveFile.run({ repo, path, sha256: file.sha256, size: file.size, at, ...validators })
      saveArtifact.run({ repo, path, sha256: file.sha256, size: file.size, mimeType: file.mimeType, at })
    },

    /** One successful download of a version (its catalogue totals too), or of a file outside packages. */
    countDownload(subject: string, day: string): void {
      db.transaction(() => {
        countDay.run({ subject, day })
        countVersion.run(subject)
        countPackage.run(subject)
      }).immediate()
    },
    downloadsSince: (day: string) => perDay.all(day) as DownloadDay[],

    /** A catalogue version's repository, package, name and lead file, to tell where it comes from. */
    versionSource(id: string): VersionSource | undefined {
      const row = versionSourceOf.get(id) as
        { repo: string; version: string; lead_file_path: string; package_name: string } | undefined
      return (
        row && {
          repo: row.repo,
          packageName: row.package_name,
          version: row.version,
          leadFilePath: row.lead_file_path,
        }
      )
    },
  }
}

export type RemoteStore = ReturnType<typeof remoteStore>
