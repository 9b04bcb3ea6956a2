/**
 * Repository records in SQLite: list with what they hold, create, update, delete and the
 * Quick Repository Creation set. Validation is the domain's (domain/repositories/rules.ts);
 * the store adds what only the database knows: a taken key, and virtual repositories that use
 * a repository about to be deleted.
 */
import { isLeft } from 'fp-ts/Either'
import type { Db } from '../db'
import { HttpError } from '../context'
import {
  QUICK_REMOTE_URLS,
  quickRepositoryKeys,
  validateRepositoryForm,
  type KnownRepositories,
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

export function repositoryStore(db: Db) {
  const allRows = db.prepare('SELECT * FROM repositories ORDER BY key')
  const oneRow = db.prepare('SELECT * FROM repositories WHERE key = ?')
  const membersOf = db.prepare(
    'SELECT member_key FROM repository_members WHERE virtual_key = ? ORDER BY position',
  )
  const usedBy = db.prepare(
    'SELECT virtual_key FROM repository_members WHERE member_key = ? ORDER BY virtual_key',
  )
  const insertRow = db.prepare(
    `INSERT INTO repositories (key, package_type, kind, description, includes_pattern, excludes_pattern, url,
       default_deployment_repo, created, modified)
     VALUES (@key, @packageType, @kind, @description, @includesPattern, @excludesPattern, @url,
       @defaultDeploymentRepo, @now, @now)`,
  )
  const updateRow = db.prepare(
    `UPDATE repositories SET description = @description, includes_pattern = @includesPattern,
       excludes_pattern = @excludesPattern, url = @url, default_deployment_repo = @defaultDeploymentRepo,
       modified = @now WHERE key = @key`,
  )
  const deleteMembers = db.prepare('DELETE FROM repository_members WHERE virtual_key = ?')
  const insertMember = db.prepare(
    'INSERT INTO repository_members (virtual_key, position, member_key) VALUES (?, ?, ?)',
  )
  const deleteRow = db.prepare('DELETE FROM repositories WHERE key = ?')
  const deleteCatalogue = db.prepare('DELETE FROM catalog_versions WHERE repo = ?')
  const packageCounts = db.prepare(
    'SELECT repo, COUNT(DISTINCT package_id) AS n FROM catalog_versions GROUP BY repo',
  )
  const fileTotals = db.prepare(
    `SELECT repo, SUM(n) AS n, SUM(size) AS size FROM (
       SELECT repo, COUNT(*) AS n, SUM(size) AS size FROM catalog_files GROUP BY repo
       UNION ALL SELECT repo, COUNT(*), SUM(size) FROM artifacts GROUP BY repo)
     GROUP BY repo`,
  )

  const record = (row: Row): RepositoryRecord => ({
    key: row.key,
    packageType: row.package_type,
    kind: row.kind,
    description: row.description,
    includesPattern: row.includes_pattern,
    excludesPattern: row.excludes_pattern,
    url: row.url,
    members: (membersOf.all(row.key) as Array<{ member_key: string }>).map((m) => m.member_key),
    defaultDeploymentRepo: row.default_deployment_repo,
    created: row.created,
    modified: row.modified,
  })

  const find = (key: string): RepositoryRecord | undefined => {
    const row = oneRow.get(key) as Row | undefined
    return row && record(row)
  }

  const known = (): KnownRepositories =>
    new Map(
      (allRows.all() as Row[]).map((r) => [r.key, { kind: r.kind, packageType: r.package_type }] as const),
    )

  const validate = (form: RepositoryForm) => {
    const result = validateRepositoryForm(form, known())
    if (isLeft(result))
      throw new ValidationProblems(
        Object.fromEntries(
          Object.entries(result.left).map(([field, problem]) => [field, repositoryProblemText(problem)]),
        ),
      )
    return result.right
  }

  const writeMembers = (key: string, members: readonly string[]) => {
    deleteMembers.run(key)
    members.forEach((m, i) => insertMember.run(key, i, m))
  }

  /** The repositories a virtual one resolves through, depth first, each once (members of members too). */
  const resolutionOrder = (key: string, seen = new Set<string>()): RepositoryRecord[] => {
    const repo = find(key)
    if (!repo || seen.has(key)) return []
    seen.add(key)
    if (repo.kind !== 'virtual') return [repo]
    return repo.members.flatMap((m) => resolutionOrder(m, seen))
  }

  return {
    find,
    resolutionOrder,

    /** Every repository, without the counts `list` adds (the cheap answer for permission checks). */
    records(): RepositoryRecord[] {
      return (allRows.all() as Row[]).map(record)
    },

    list(): RepositorySummary[] {
      const packages = new Map(
        (packageCounts.all() as Array<{ repo: string; n: number }>).map((r) => [r.repo, r.n] as const),
      )
      const files = new Map(
        (fileTotals.all() as Array<{ repo: string; n: number; size: number }>).map(
          (r) => [r.repo, r] as const,
        ),
      )
      return (allRows.all() as Row[]).map((row) => {
        const repo = record(row)
        // A virtual repository shows what its members hold.
        const keys = repo.kind === 'virtual' ? resolutionOrder(repo.key).map((r) => r.key) : [repo.key]
        return {
          ...repo,
          packageCount: keys.reduce((n, k) => n + (packages.get(k) ?? 0), 0),
          artifactCount: keys.reduce((n, k) => n + (files.get(k)?.n ?? 0), 0),
          size: keys.reduce((n, k) => n + (files.get(k)?.size ?? 0), 0),
        }
      })
    },

    create(form: RepositoryForm, now: string): RepositoryRecord {
      return db
        .transaction(() => {
          const def = validate(form)
          if (oneRow.get(def.key))
            throw new HttpError(409, `A repository with the key ${def.key} exists`, 'EXISTS')
          insertRow.run({ ...def, now })
          writeMembers(def.key, def.members)
          return find(def.key)!
        })
        .immediate()
    },

    /** Key, kind and package type are fixed once created; the rest may change. */
    update(key: string, form: RepositoryForm, now: string): RepositoryRecord {
      return db
        .transaction(() => {
          const current = find(key)
          if (!current) throw new HttpError(404, `No repository ${key}`, 'NOT_FOUND')
          const def = validate({ ...form, key, kind: current.kind, packageType: current.packageType })
          updateRow.run({ ...def, now })
          if (current.kind === 'virtual') writeMembers(key, def.members)
          return find(key)!
        })
        .immediate()
    },

    delete(key: string): void {
      db.transaction(() => {
        if (!oneRow.get(key)) throw new HttpError(404, `No repository ${key}`, 'NOT_FOUND')
        const users = (usedBy.all(key) as Array<{ virtual_key: string }>).map((u) => u.virtual_key)
        if (users.length > 0)
          throw new HttpError(
            409,
            `${key} is a member of the virtual ${users.length === 1 ? 'repository' : 'repositories'} ${users.join(', ')}: remove it there first`,
            'IN_USE',
          )
        // Its packages leave the catalogue with it; the blobs stay (other paths may share them).
        deleteCatalogue.run(key)
        db.prepare('DELETE FROM npm_dist_tags WHERE repo = ?').run(key)
        deleteRow.run(key)
      }).immediate()
    },

    /** Local, remote and virtual for each type; keys already taken are kept as they are and reported. */
    quickCreate(packageTypes: readonly string[], now: string): { created: string[]; existing: string[] } {
      return db
        .transaction(() => {
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
            const forms: RepositoryForm[] = [
              { ...base, key: keys.local, kind: 'local' },
              {
                ...base,
                key: keys.remote,
                kind: 'remote',
                url: QUICK_REMOTE_URLS[packageType] ?? `https://example.invalid/${packageType}`,
              },
              {
                ...base,
                key: keys.virtual,
                kind: 'virtual',
                members: [keys.local, keys.remote],
                defaultDeploymentRepo: keys.local,
              },
            ]
            for (const form of forms) {
              if (oneRow.get(form.key)) {
                existing.push(form.key)
                continue
              }
              const def = validate(form)
              insertRow.run({ ...def, now })
              writeMembers(def.key, def.members)
              created.push(def.key)
            }
          }
          return { created, existing }
        })
        .immediate()
    },
  }
}

export type RepositoryStore = ReturnType<typeof repositoryStore>
