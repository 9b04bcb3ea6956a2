/**
 * The artifact searches' SQL: the Quick search over every stored file, and the Archive search's
 * index. The Archive search's index: what each archive the platform stores holds (files deployed,
 * npm tarballs published, files a remote cached), read from the bytes once per sha256. An
 * archive is known by its first bytes, not its name: gzip is read as a tarball, `PK` as a zip;
 * anything else is recorded as no archive, so it is not opened again.
 *
 * Bounded: at most MAX_ENTRIES files kept per archive, a tarball unpacked up to the npm limits
 * (tarball.ts), a zip read from its central directory alone (zip.ts). Indexing runs after the
 * files arrive, in the background, and before a search answers (so a search sees every archive
 * stored before it); one run at a time on a node. Two nodes indexing the same bytes write the
 * same rows, and the second's are ignored.
 */
import { createReadStream, existsSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { placeholders, type Sql } from '../db/sql'
import { blobPathOf } from '../repositories/blobs'
import { BadTarball, listTarball, TarballTooLarge } from '../registry/tarball'
import { listZip, NotAZip } from './zip'
import { likePattern, type FileCriteria } from './rules'

export const MAX_ENTRIES = 10_000
/** Archives looked at in one run: a search waits for at most this many. */
const RUN_ARCHIVES = 200
/** Rows of one INSERT (four parameters each; SQLite allows 32,766). */
const BATCH = 500

export interface ArchiveHit {
  readonly repoKey: string
  /** The archive's path in its repository. */
  readonly path: string
  /** The file's path inside the archive. */
  readonly entryPath: string
  readonly size: number
}

type Kind = 'tar' | 'zip' | 'none'

// Every place a stored file is named: deployed files, npm's catalogue files, remotes' caches.
const STORED = `SELECT repo, path, size, sha256 FROM artifacts
  UNION ALL SELECT repo, path, size, sha256 FROM catalog_files
  UNION ALL SELECT repo, path, size, sha256 FROM remote_files`

/**
 * The conditions and their parameters: `name` and `path` are the SQL expressions of the
 * lower-cased name and of the path; `sha256` the column naming the stored bytes.
 */
function criteriaWhere(
  criteria: FileCriteria,
  columns: { readonly name: string; readonly path: string; readonly sha256: string },
): { readonly conditions: string[]; readonly params: string[] } {
  const conditions: string[] = []
  const params: string[] = []
  if (criteria.name) {
    conditions.push(`${columns.name} LIKE ? ESCAPE '\\'`)
    params.push(likePattern(criteria.name))
  }
  if (criteria.path) {
    conditions.push(`lower(${columns.path}) LIKE ? ESCAPE '\\'`)
    params.push(likePattern(criteria.path))
  }
  if (criteria.checksum) {
    const sum = criteria.checksum.toLowerCase()
    if (sum.length === 64) {
      conditions.push(`${columns.sha256} = ?`)
      params.push(sum)
    } else {
      // A catalogue file's bytes may be kept in its row alone: its own sums count too.
      const column = sum.length === 40 ? 'sha1' : 'md5'
      conditions.push(
        `${columns.sha256} IN (SELECT sha256 FROM blobs WHERE ${column} = ? UNION SELECT sha256 FROM catalog_files WHERE ${column} = ?)`,
      )
      params.push(sum, sum)
    }
  }
  return { conditions, params }
}

/** `AND repo IN (…)` for the repositories given, none when every one is searched. */
function reposWhere(column: string, repos: ReadonlyArray<string> | undefined): string[] {
  if (repos === undefined) return []
  return [`${column} IN (${repos.length === 0 ? 'NULL' : placeholders(repos.length)})`]
}

const Q = {
  pending: `SELECT DISTINCT s.sha256 AS sha256 FROM (${STORED}) s
    JOIN blobs b ON b.sha256 = s.sha256
    LEFT JOIN archives_indexed i ON i.sha256 = s.sha256
    WHERE i.sha256 IS NULL ORDER BY s.sha256 LIMIT ?`,
  indexed: `INSERT INTO archives_indexed (sha256, kind, entries, truncated, indexed_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (sha256) DO NOTHING`,
  /** Entries of the criteria (the path is the entry's, inside the archive), in the repositories given. */
  search: (criteria: FileCriteria, repos: ReadonlyArray<string> | undefined) => {
    const { conditions, params } = criteriaWhere(criteria, {
      name: 'e.name',
      path: 'e.entry_path',
      sha256: 'e.sha256',
    })
    const where = [...conditions, ...reposWhere('s.repo', repos)]
    return {
      text: `SELECT s.repo AS "repoKey", s.path AS path, e.entry_path AS "entryPath", e.size AS size
    FROM archive_entries e JOIN (${STORED}) s ON s.sha256 = e.sha256
    WHERE ${where.length > 0 ? where.join(' AND ') : '1 = 1'}
    ORDER BY e.name, s.repo, s.path, e.entry_path LIMIT ? OFFSET ?`,
      params: [...params, ...(repos ?? [])],
    }
  },
}

/** What the bytes are, from their first four. */
async function kindOf(file: string): Promise<Kind> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar'
    if (bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip'
    return 'none'
  } finally {
    await handle.close()
  }
}

/** The files of an archive (at most MAX_ENTRIES), and whether more were left out. */
async function entriesOf(
  file: string,
  kind: Kind,
): Promise<{ kind: Kind; entries: Map<string, number>; truncated: boolean }> {
  const entries = new Map<string, number>()
  const seen = (name: string, size: number) => {
    // The same path twice: unpacking keeps the last.
    if (entries.size < MAX_ENTRIES || entries.has(name)) entries.set(name, size)
  }
  try {
    if (kind === 'tar') {
      await listTarball(createReadStream(file), seen)
      return { kind, entries, truncated: entries.size >= MAX_ENTRIES }
    }
    if (kind === 'zip') {
      const { truncated } = await listZip(file, seen, MAX_ENTRIES)
      return { kind, entries, truncated }
    }
  } catch (error) {
    // Too large to unpack whole: what was met before the limit stays searchable.
    if (error instanceof TarballTooLarge) return { kind, entries, truncated: true }
    // gzip that is no tarball (a .gz file, a docker layer), or a damaged archive.
    if (!(error instanceof BadTarball || error instanceof NotAZip)) throw error
  }
  return { kind: 'none', entries: new Map(), truncated: false }
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export function archiveIndex(sql: Sql, blobDir: string, now: () => string) {
  let running: Promise<number> | undefined

  async function indexOne(sha256: string): Promise<void> {
    const file = blobPathOf(blobDir, sha256)
    // Bytes another node is still placing, or just released: looked at on a later run.
    if (!existsSync(file)) return
    const { kind, entries, truncated } = await entriesOf(file, await kindOf(file))
    const rows = [...entries]
    try {
      await sql.transaction(async (tx) => {
        const added = await tx.run(Q.indexed, [sha256, kind, rows.length, truncated ? 1 : 0, now()])
        if (added.changes === 0) return
        for (let i = 0; i < rows.length; i += BATCH) {
          const batch = rows.slice(i, i + BATCH)
          await tx.run(
            `INSERT INTO archive_entries (sha256, entry_path, name, size) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
            batch.flatMap(([path, size]) => [sha256, path, lastSegment(path).toLowerCase(), size]),
          )
        }
      })
    } catch (error) {
      // The bytes were released meanwhile (their row is gone): nothing to index.
      if (!(await sql.one('SELECT 1 AS found FROM blobs WHERE sha256 = ?', [sha256]))) return
      throw error
    }
  }

  /**
   * Indexes up to RUN_ARCHIVES archives not looked at yet. A run already going may have listed
   * what was pending before this call's files arrived: this waits for it, then runs (or joins
   * the one run another caller started meanwhile).
   */
  async function catchUp(): Promise<number> {
    if (running) await running.catch(() => 0)
    running ??= (async () => {
      try {
        const pending = await sql.all<{ sha256: string }>(Q.pending, [RUN_ARCHIVES])
        for (const { sha256 } of pending) await indexOne(sha256)
        return pending.length
      } finally {
        running = undefined
      }
    })()
    return running
  }

  return {
    catchUp,
    /**
     * Files inside archives that meet the criteria (a name: a part of it, or a pattern with `*`
     * and `?`; a path inside the archive, alike; the archive's checksum), in the repositories
     * given (every one when undefined), by name, at most `limit` after the first `offset`. The
     * first page brings the index up to date; later ones read on.
     */
    async search(
      criteria: FileCriteria,
      repos: ReadonlyArray<string> | undefined,
      limit: number,
      offset = 0,
    ): Promise<ArchiveHit[]> {
      if (offset === 0) await catchUp()
      const { text, params } = Q.search(criteria, repos)
      return sql.all<ArchiveHit>(text, [...params, limit, offset])
    },
  }
}

export type ArchiveIndex = ReturnType<typeof archiveIndex>

export interface QuickHit {
  readonly repoKey: string
  readonly path: string
  readonly size: number
}

const NAME = `lower(substr(s.path, length(rtrim(s.path, replace(s.path, '/', ''))) + 1))`

/**
 * The Quick search: stored files (deployed, published, cached by a remote) whose own name, the
 * path's last segment, matches, or whose path in its repository or checksum does, in the
 * repositories given (every one when undefined), at most `limit` of them after the first
 * `offset` (the order is total, so pages do not overlap). The last segment is cut in SQL, by
 * functions both engines have alike: `rtrim(path, <path without its slashes>)` drops the name's
 * characters from the end and stops at the last slash.
 */
export function quickSearch(
  sql: Sql,
  criteria: FileCriteria,
  repos: ReadonlyArray<string> | undefined,
  limit: number,
  offset = 0,
): Promise<QuickHit[]> {
  const { conditions, params } = criteriaWhere(criteria, { name: NAME, path: 's.path', sha256: 's.sha256' })
  const where = [...conditions, ...reposWhere('s.repo', repos)]
  return sql.all<QuickHit>(
    `SELECT DISTINCT ${NAME} AS name, s.repo AS "repoKey", s.path AS path, s.size AS size FROM (${STORED}) s
    WHERE ${where.length > 0 ? where.join(' AND ') : '1 = 1'}
    ORDER BY name, "repoKey", path, size LIMIT ? OFFSET ?`,
    [...params, ...(repos ?? []), limit, offset],
  )
}
