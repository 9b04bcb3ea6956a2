/**
 * Repository records (portable SQL over server/db/sql.ts): list with what they hold, create, update, delete and the
 * Quick Repository Creation set. Validation is the domain's (domain/repositories/rules.ts);
 * the store adds what only the database knows: a taken key, and virtual repositories that use
 * a repository about to be deleted.
 */
import { isLeft } from 'fp-ts/Either'
import { placeholders, type Sql } from '../db/sql'
import { forgetRead, readOnce } from '../db/onePage'
import { forgetCatalogue } from '../catalog/store'
import type { BlobFacts } from './blobFacts'
import { HttpError } from '../context'
import {
  QUICK_REMOTE_URLS,
  quickRepositoryKeys,
  validateRepositoryForm,
  type KnownRepositories,
  type RepositoryDefinition,
  type RepositoryForm,
  type RepositoryKind,
} from '../../domain/repositories/rules'
import { repositoryProblemText } from '../../domain/repositories/words'

export interface RepositoryRecord {
  readonly key: string
  readonly packageType: string
  readonly kind: RepositoryKind
  readonly description: string
  readonly includesPattern: string
  readonly excludesPattern: string
  readonly url: string | null
  readonly members: string[]
  readonly defaultDeploymentRepo: string | null
  readonly created: string
  readonly modified: string
}

export interface RepositorySummary extends RepositoryRecord {
  readonly packageCount: number
  readonly artifactCount: number
  readonly size: number
}

interface Row {
  key: string
  package_type: string
  kind: RepositoryKind
  description: string
  includes_pattern: string
  excludes_pattern: string
  url: string | null
  default_deployment_repo: string | null
  created: string
  modified: string
}

/** A 400 whose body names the problem of each field, so the form shows them beside the fields. */
export class ValidationProblems extends HttpError {
  constructor(readonly problems: Record<string, string>) {
    super(400, Object.values(problems).join('; '), 'INVALID', { problems })
  }
}

const Q = {
  all: 'SELECT * FROM repositories ORDER BY key',
  one: 'SELECT * FROM repositories WHERE key = ?',
  exists: 'SELECT 1 AS found FROM repositories WHERE key = ?',
  /**
   * A repository someone added beyond those the instance starts with (migration 345): while there
   * is none, the platform has only its default repositories. One deleted again leaves it so.
   */
  anyAdded: 'SELECT 1 AS found FROM repositories WHERE user_added = 1 LIMIT 1',
  members: 'SELECT member_key FROM repository_members WHERE virtual_key = ? ORDER BY position',
  allMembers: 'SELECT virtual_key, member_key FROM repository_members ORDER BY virtual_key, position',
  usedBy: 'SELECT virtual_key FROM repository_members WHERE member_key = ? ORDER BY virtual_key',
  // Every repository the platform creates after its migrations is one someone added (initStatus).
  insert: `INSERT INTO repositories (key, package_type, kind, description, includes_pattern, excludes_pattern, url,
       default_deployment_repo, created, modified, user_added)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  update: `UPDATE repositories SET description = ?, includes_pattern = ?, excludes_pattern = ?, url = ?,
       default_deployment_repo = ?, modified = ? WHERE key = ?`,
  deleteMembers: 'DELETE FROM repository_members WHERE virtual_key = ?',
  insertMember: 'INSERT INTO repository_members (virtual_key, position, member_key) VALUES (?, ?, ?)',
  delete: 'DELETE FROM repositories WHERE key = ?',
  deleteCatalogue: 'DELETE FROM catalog_versions WHERE repo = ?',
  deleteDistTags: 'DELETE FROM npm_dist_tags WHERE repo = ?',
  packageCounts: 'SELECT repo, COUNT(DISTINCT package_id) AS n FROM catalog_versions GROUP BY repo',
  fileTotals: `SELECT repo, SUM(n) AS n, SUM(size) AS size FROM (
       SELECT repo, COUNT(*) AS n, SUM(size) AS size FROM catalog_files GROUP BY repo
       UNION ALL SELECT repo, COUNT(*) AS n, SUM(size) AS size FROM artifacts GROUP BY repo) totals
     GROUP BY repo`,
} as const

const recordOf = (row: Row, members: string[]): RepositoryRecord => ({
  key: row.key,
  packageType: row.package_type,
  kind: row.kind,
  description: row.description,
  includesPattern: row.includes_pattern,
  excludesPattern: row.excludes_pattern,
  url: row.url,
  members,
  defaultDeploymentRepo: row.default_deployment_repo,
  created: row.created,
  modified: row.modified,
})

/** The key of the repositories' reads inside a page (db/onePage.ts). */
const REPOSITORIES = 'repositories'

/**
 * After a write to the repositories or their members: the next read inside the page reads them
 * again.
 */
export const forgetRepositories = (): void => forgetRead(REPOSITORIES)

/**
 * Every repository with its members, read with two statements whatever their number; once for a
 * page's requests (each read of the list asks them for its caller's readable repositories). The
 * rows are kept, not the records: each caller gets records of its own.
 */
async function readAll(db: Sql): Promise<RepositoryRecord[]> {
  const { rows, memberRows } = await readOnce(db, REPOSITORIES, async () => ({
    memberRows: await db.all<{ virtual_key: string; member_key: string }>(Q.allMembers),
    rows: await db.all<Row>(Q.all),
  }))
  const members = new Map<string, string[]>()
  for (const m of memberRows) {
    const list = members.get(m.virtual_key) ?? []
    list.push(m.member_key)
    members.set(m.virtual_key, list)
  }
  return rows.map((row) => recordOf(row, members.get(row.key) ?? []))
}

async function findIn(db: Sql, key: string): Promise<RepositoryRecord | undefined> {
  const row = await db.one<Row>(Q.one, [key])
  if (!row) return undefined
  const members = (await db.all<{ member_key: string }>(Q.members, [key])).map((m) => m.member_key)
  return recordOf(row, members)
}

/** What resolving a read through repositories needs of each. */
export interface Resolvable {
  readonly key: string
  readonly kind: RepositoryKind
  readonly members: readonly string[]
}

/** The repositories a virtual one resolves through, depth first, each once (members of members too). */
export function resolveIn<R extends Resolvable>(
  byKey: ReadonlyMap<string, R>,
  key: string,
  seen = new Set<string>(),
): R[] {
  const repo = byKey.get(key)
  if (!repo || seen.has(key)) return []
  seen.add(key)
  if (repo.kind !== 'virtual') return [repo]
  return repo.members.flatMap((m) => resolveIn(byKey, m, seen))
}

const validated = (form: RepositoryForm, known: KnownRepositories) => {
  const result = validateRepositoryForm(form, known)
  if (isLeft(result))
    throw new ValidationProblems(
      Object.fromEntries(
        Object.entries(result.left).map(([field, problem]) => [field, repositoryProblemText(problem)]),
      ),
    )
  return result.right
}

async function knownIn(db: Sql): Promise<KnownRepositories> {
  return new Map(
    (await db.all<Row>(Q.all)).map((r) => [r.key, { kind: r.kind, packageType: r.package_type }] as const),
  )
}

async function writeMembers(tx: Sql, key: string, members: readonly string[]): Promise<void> {
  await tx.run(Q.deleteMembers, [key])
  for (const [i, m] of members.entries()) await tx.run(Q.insertMember, [key, i, m])
}

async function insert(tx: Sql, def: RepositoryDefinition, now: string): Promise<void> {
  await tx.run(Q.insert, [
    def.key,
    def.packageType,
    def.kind,
    def.description,
    def.includesPattern,
    def.excludesPattern,
    def.url,
    def.defaultDeploymentRepo,
    now,
    now,
  ])
  await writeMembers(tx, def.key, def.members)
}

const BELOW = {
  sqlite: `SELECT path, size FROM catalog_files WHERE repo = ? AND path >= ? AND path < ?
     UNION ALL SELECT path, size FROM artifacts WHERE repo = ? AND path >= ? AND path < ?`,
  postgres: `SELECT path, size FROM catalog_files WHERE repo = ? AND substr(path, 1, length(?)) = ?
     UNION ALL SELECT path, size FROM artifacts WHERE repo = ? AND substr(path, 1, length(?)) = ?`,
} as const

/** The highest code point: every path under a prefix sorts below the prefix followed by it. */
const LAST = String.fromCodePoint(0x10ffff)

/** A write's answer, once the repositories it changed are read again by the page (if any). */
const written = <T>(write: Promise<T>): Promise<T> => write.finally(forgetRepositories)

export function repositoryStore(sql: Sql) {
  const find = (key: string): Promise<RepositoryRecord | undefined> => findIn(sql, key)

  return {
    find,
    /** Whether a repository of that key exists (its record not read). */
    exists: async (key: string): Promise<boolean> => (await sql.one(Q.exists, [key])) !== undefined,
    /** Whether any repository was added beyond the instance's defaults (onboarding's initStatus). */
    anyAdded: async (): Promise<boolean> => (await sql.one(Q.anyAdded)) !== undefined,

    /**
     * The files (catalogue files and deployed artifacts alike) of `repo` whose path starts with
     * `prefix`. On SQLite a range over the path lets the (repo, path) indexes answer; PostgreSQL
     * compares text by the database's collation, where a range need not hold every path under a
     * prefix, so there the prefix itself is compared.
     */
    filesBelow(repo: string, prefix: string): Promise<{ path: string; size: number }[]> {
      const params = sql.engine === 'sqlite' ? [repo, prefix, `${prefix}${LAST}`] : [repo, prefix, prefix]
      return sql.all(BELOW[sql.engine], [...params, ...params])
    },

    /**
     * The repositories a read of `key` goes through, in order (a virtual one's members, depth
     * first). Given the record a request already read, a local or remote one costs no statement.
     */
    async resolutionOrder(of: string | RepositoryRecord): Promise<RepositoryRecord[]> {
      const repo = typeof of === 'string' ? await find(of) : of
      if (!repo) return []
      if (repo.kind !== 'virtual') return [repo]
      return resolveIn(new Map((await readAll(sql)).map((r) => [r.key, r] as const)), repo.key)
    },

    /** Every repository, without the counts `list` adds (the cheap answer for permission checks). */
    records(): Promise<RepositoryRecord[]> {
      return readAll(sql)
    },

    /**
     * The repositories with what each holds. With `readable` (the keys a caller may read): only
     * those, a virtual one counting and naming only its readable members, so the answer leaks
     * neither the names nor the contents of the others.
     */
    async list(readable?: ReadonlySet<string>): Promise<RepositorySummary[]> {
      const shown = (key: string) => !readable || readable.has(key)
      const records = await readAll(sql)
      const byKey = new Map(records.map((r) => [r.key, r] as const))
      const packages = new Map(
        (await sql.all<{ repo: string; n: number }>(Q.packageCounts)).map((r) => [r.repo, r.n] as const),
      )
      const files = new Map(
        (await sql.all<{ repo: string; n: number; size: number }>(Q.fileTotals)).map(
          (r) => [r.repo, r] as const,
        ),
      )
      return records
        .filter((repo) => shown(repo.key))
        .map((repo) => {
          // A virtual repository shows what its (readable) members hold.
          const keys = (
            repo.kind === 'virtual' ? resolveIn(byKey, repo.key).map((r) => r.key) : [repo.key]
          ).filter(shown)
          return {
            ...repo,
            members: repo.members.filter(shown),
            defaultDeploymentRepo:
              repo.defaultDeploymentRepo !== null && shown(repo.defaultDeploymentRepo)
                ? repo.defaultDeploymentRepo
                : null,
            packageCount: keys.reduce((n, k) => n + (packages.get(k) ?? 0), 0),
            artifactCount: keys.reduce((n, k) => n + (files.get(k)?.n ?? 0), 0),
            size: keys.reduce((n, k) => n + (files.get(k)?.size ?? 0), 0),
          }
        })
    },

    create(form: RepositoryForm, now: string): Promise<RepositoryRecord> {
      return written(
        sql.transaction(async (tx) => {
          const def = validated(form, await knownIn(tx))
          if (await tx.one(Q.one, [def.key]))
            throw new HttpError(409, `A repository with the key ${def.key} exists`, 'EXISTS')
          await insert(tx, def, now)
          return (await findIn(tx, def.key))!
        }),
      )
    },

    /** Key, kind and package type are fixed once created; the rest may change. */
    update(key: string, form: RepositoryForm, now: string): Promise<RepositoryRecord> {
      return written(
        sql.transaction(async (tx) => {
          const current = await findIn(tx, key)
          if (!current) throw new HttpError(404, `No repository ${key}`, 'NOT_FOUND')
          const def = validated(
            { ...form, key, kind: current.kind, packageType: current.packageType },
            await knownIn(tx),
          )
          await tx.run(Q.update, [
            def.description,
            def.includesPattern,
            def.excludesPattern,
            def.url,
            def.defaultDeploymentRepo,
            now,
            key,
          ])
          if (current.kind === 'virtual') await writeMembers(tx, key, def.members)
          return (await findIn(tx, key))!
        }),
      )
    },

    /** Its packages leave the catalogue with it. */
    delete(key: string): Promise<void> {
      return written(
        sql.transaction(async (tx) => {
          if (!(await tx.one(Q.one, [key]))) throw new HttpError(404, `No repository ${key}`, 'NOT_FOUND')
          const users = (await tx.all<{ virtual_key: string }>(Q.usedBy, [key])).map((u) => u.virtual_key)
          if (users.length > 0)
            throw new HttpError(
              409,
              `${key} is a member of the virtual ${users.length === 1 ? 'repository' : 'repositories'} ${users.join(', ')}: remove it there first`,
              'IN_USE',
            )
          // Its packages leave the catalogue with it; the blobs stay (other paths may share them).
          await tx.run(Q.deleteCatalogue, [key])
          await tx.run(Q.deleteDistTags, [key])
          await tx.run(Q.delete, [key])
        }),
      ).finally(forgetCatalogue)
    },

    /**
     * Local, remote and virtual for each type (no remote for a type without a known upstream);
     * keys already taken are kept as they are and reported.
     */
    quickCreate(
      packageTypes: readonly string[],
      now: string,
    ): Promise<{ created: string[]; existing: string[] }> {
      return written(
        sql.transaction(async (tx) => {
          const created: string[] = []
          const existing: string[] = []
          for (const packageType of packageTypes) {
            const keys = quickRepositoryKeys(packageType)
            const base = {
              packageType,
              description: '',
              includesPattern: '',
              excludesPattern: '',
              url: '',
              members: [] as string[],
              defaultDeploymentRepo: '',
            }
            const upstream = QUICK_REMOTE_URLS[packageType]
            const members = upstream === undefined ? [keys.local] : [keys.local, keys.remote]
            const forms: RepositoryForm[] = [
              { ...base, key: keys.local, kind: 'local' },
              ...(upstream === undefined
                ? []
                : [{ ...base, key: keys.remote, kind: 'remote' as const, url: upstream }]),
              { ...base, key: keys.virtual, kind: 'virtual', members, defaultDeploymentRepo: keys.local },
            ]
            for (const form of forms) {
              if (await tx.one(Q.one, [form.key])) {
                existing.push(form.key)
                continue
              }
              await insert(tx, validated(form, await knownIn(tx)), now)
              created.push(form.key)
            }
          }
          return { created, existing }
        }),
      )
    },
  }
}

export type RepositoryStore = ReturnType<typeof repositoryStore>

const BLOBS = {
  // Writing the row, even unchanged, takes its lock until the transaction ends.
  claim: `INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (sha256) DO UPDATE SET size = excluded.size`,
  lock: 'UPDATE blobs SET size = size WHERE sha256 = ?',
  find: 'SELECT sha256, sha1, md5, size FROM blobs WHERE sha256 = ?',
  stillUsed: `SELECT 1 AS used FROM artifacts WHERE sha256 = ? UNION ALL SELECT 1 FROM catalog_files WHERE sha256 = ?
     UNION ALL SELECT 1 FROM oci_blob_links WHERE digest = ? UNION ALL SELECT 1 FROM oci_manifests WHERE digest = ?
     UNION ALL SELECT 1 FROM remote_files WHERE sha256 = ? LIMIT 1`,
  delete: 'DELETE FROM blobs WHERE sha256 = ?',
  // A placeholder row, held (never committed) while released bytes are removed: none is made
  // when a commit has named the bytes again since the release.
  hold: `INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, '', '', 0, '')
     ON CONFLICT (sha256) DO NOTHING`,
  // The users `stillUsed` looks for, here for a page of rows at once.
  unused: `SELECT b.sha256 FROM blobs b WHERE b.sha256 > ?
    AND NOT EXISTS (SELECT 1 FROM artifacts a WHERE a.sha256 = b.sha256)
    AND NOT EXISTS (SELECT 1 FROM catalog_files f WHERE f.sha256 = b.sha256)
    AND NOT EXISTS (SELECT 1 FROM oci_blob_links l WHERE l.digest = 'sha256:' || b.sha256)
    AND NOT EXISTS (SELECT 1 FROM oci_manifests m WHERE m.digest = 'sha256:' || b.sha256)
    AND NOT EXISTS (SELECT 1 FROM remote_files r WHERE r.sha256 = b.sha256)
  ORDER BY b.sha256 LIMIT ?`,
  named: (n: number) => `SELECT sha256 FROM blobs WHERE sha256 IN (${placeholders(n)})`,
} as const

/**
 * The `blobs` rows of the blob store (server/repositories/blobs.ts), over `sql` (a transaction's
 * handle where the row is the lock): one per stored sha256, with its other checksums and size.
 */
export function blobRows(sql: Sql) {
  return {
    /** Writes the row (kept when there), taking its lock until the transaction ends. */
    async claim(facts: BlobFacts, now: string): Promise<void> {
      await sql.run(BLOBS.claim, [facts.sha256, facts.sha1, facts.md5, facts.size, now])
    },
    /** Takes the row's lock; false when there is no row. */
    lock: async (sha256: string): Promise<boolean> => (await sql.run(BLOBS.lock, [sha256])).changes > 0,
    /** Holds a placeholder row; false when a row is there already. */
    hold: async (sha256: string): Promise<boolean> => (await sql.run(BLOBS.hold, [sha256])).changes > 0,
    /** Whether an artifact, catalogue file, container image or remote's cached file names the bytes. */
    async stillUsed(sha256: string): Promise<boolean> {
      const digest = `sha256:${sha256}`
      return (await sql.one(BLOBS.stillUsed, [sha256, sha256, digest, digest, sha256])) !== undefined
    },
    async remove(sha256: string): Promise<void> {
      await sql.run(BLOBS.delete, [sha256])
    },
    find: (sha256: string) => sql.one<BlobFacts>(BLOBS.find, [sha256]),
    /** Up to `limit` rows after `after` (by sha256) that nothing uses. */
    unusedAfter: async (after: string, limit: number): Promise<string[]> =>
      (await sql.all<{ sha256: string }>(BLOBS.unused, [after, limit])).map((r) => r.sha256),
    /** Those of `sha256s` that have a row. */
    async named(sha256s: readonly string[]): Promise<Set<string>> {
      if (sha256s.length === 0) return new Set()
      const rows = await sql.all<{ sha256: string }>(BLOBS.named(sha256s.length), sha256s)
      return new Set(rows.map((r) => r.sha256))
    },
  }
}
