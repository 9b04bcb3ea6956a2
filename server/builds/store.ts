/**
 * Build-info records: the runs (name, number, status, started) in catalog_builds, the document
 * as deployed (PUT /artifactory/api/build) beside it, and the files each run produced in
 * catalog_build_artifacts, found by checksum among the catalogue's files and deployed artifacts.
 * A seeded run has no document: its module is the files it is linked to, its dependencies those
 * files' versions' run-time dependencies, resolved to the catalogue's newest version of each.
 */
import type { Sql } from '../db/sql'

export interface BuildInfoDocument {
  readonly name: string
  readonly number: string
  readonly started: string
  readonly durationMillis?: number
  readonly status?: string
  readonly agent?: { readonly name?: string; readonly version?: string }
  readonly modules?: ReadonlyArray<{
    readonly id: string
    readonly artifacts?: ReadonlyArray<Checksummed & { readonly name: string; readonly type?: string }>
    readonly dependencies?: ReadonlyArray<Checksummed & { readonly id: string; readonly scopes?: string[] }>
  }>
}

interface Checksummed {
  readonly sha256?: string
  readonly sha1?: string
  readonly md5?: string
}

export interface BuildRun {
  readonly name: string
  readonly number: string
  readonly status: string
  readonly started: string
}

/** Where a checksum is stored: a repository path, and the package version it belongs to. */
export interface ResolvedFile {
  readonly repoKey: string | null
  readonly path: string | null
  readonly packageId: string | null
  readonly version: string | null
  readonly sha256: string
  readonly sha1: string
  readonly md5: string
}

export interface BuildDetail extends BuildRun {
  /** The run's row, which what is stored about it (its violations) names. */
  readonly id: number
  readonly durationMillis: number | null
  readonly agent: string | null
  readonly modules: ReadonlyArray<{
    readonly id: string
    readonly artifacts: ReadonlyArray<ResolvedFile & { readonly name: string; readonly type: string }>
    readonly dependencies: ReadonlyArray<ResolvedFile & { readonly id: string; readonly scope: string }>
  }>
}

/** The package versions (`npm://name@1.0.0`) a run holds: its modules' files found in the catalogue. */
export const versionsHeldBy = (detail: BuildDetail): string[] =>
  detail.modules.flatMap((m) =>
    [...m.artifacts, ...m.dependencies].flatMap((f) =>
      f.packageId && f.version ? [`${f.packageId}@${f.version}`] : [],
    ),
  )

interface FileRow {
  repo: string
  path: string
  sha256: string
  sha1: string
  md5: string
  version_id: string | null
}

const versionParts = (versionId: string | null): { packageId: string | null; version: string | null } => {
  const at = versionId?.lastIndexOf('@') ?? -1
  return versionId && at > 0
    ? { packageId: versionId.slice(0, at), version: versionId.slice(at + 1) }
    : { packageId: null, version: null }
}

const Q = {
  runs: 'SELECT name, number, status, started FROM catalog_builds ORDER BY started DESC, id DESC',
  one: 'SELECT id, name, number, status, started, document FROM catalog_builds WHERE name = ? AND number = ?',
  upsert: `INSERT INTO catalog_builds (name, number, started, status, document) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (name, number) DO UPDATE SET started = excluded.started, status = excluded.status, document = excluded.document
     RETURNING id`,
  unlink: 'DELETE FROM catalog_build_artifacts WHERE build_id = ?',
  setStatus: 'UPDATE catalog_builds SET status = ? WHERE name = ? AND number = ?',
  link: 'INSERT INTO catalog_build_artifacts (build_id, repo, path) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  bySha256: `SELECT repo, path, sha256, sha1, md5, version_id FROM catalog_files WHERE sha256 = ?
     UNION ALL SELECT a.repo, a.path, a.sha256, b.sha1, b.md5, NULL FROM artifacts a JOIN blobs b ON b.sha256 = a.sha256 WHERE a.sha256 = ?
     LIMIT 1`,
  bySha1: `SELECT repo, path, sha256, sha1, md5, version_id FROM catalog_files WHERE sha1 = ?
     UNION ALL SELECT a.repo, a.path, a.sha256, b.sha1, b.md5, NULL FROM artifacts a JOIN blobs b ON b.sha256 = a.sha256 WHERE b.sha1 = ?
     LIMIT 1`,
  linked: `SELECT f.repo, f.path, f.sha256, f.sha1, f.md5, f.version_id FROM catalog_build_artifacts l
     JOIN catalog_files f ON f.repo = l.repo AND f.path = l.path WHERE l.build_id = ? ORDER BY f.path`,
  // What the built files need at run time (a build's dependencies are those it resolved; dev and peer ones it did not).
  dependenciesOf: `SELECT name, version, scope FROM catalog_dependencies WHERE version_id = ? AND scope IN ('prod', 'depends') ORDER BY position`,
  newestLead: `SELECT f.repo, f.path, f.sha256, f.sha1, f.md5, f.version_id FROM catalog_packages p
     JOIN catalog_versions v ON v.package_id = p.id AND v.name = p.latest_version
     JOIN catalog_files f ON f.version_id = v.id AND f.path = v.lead_file_path WHERE p.id = ?`,
} as const

export function buildStore(sql: Sql) {
  const find = async (sum: Checksummed, db: Sql = sql): Promise<FileRow | undefined> =>
    (sum.sha256 ? await db.one<FileRow>(Q.bySha256, [sum.sha256, sum.sha256]) : undefined) ??
    (sum.sha1 ? await db.one<FileRow>(Q.bySha1, [sum.sha1, sum.sha1]) : undefined)

  const resolved = (row: FileRow | undefined, sum: Checksummed): ResolvedFile => ({
    repoKey: row?.repo ?? null,
    path: row?.path ?? null,
    ...versionParts(row?.version_id ?? null),
    sha256: row?.sha256 ?? sum.sha256 ?? '',
    sha1: row?.sha1 ?? sum.sha1 ?? '',
    md5: row?.md5 ?? sum.md5 ?? '',
  })

  return {
    list(): Promise<BuildRun[]> {
      return sql.all<BuildRun>(Q.runs)
    },

    /** Stores (or replaces) a run from its build-info document and links the files it names. */
    async deploy(doc: BuildInfoDocument): Promise<void> {
      await sql.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(Q.upsert, [
          doc.name,
          doc.number,
          doc.started,
          doc.status ?? 'success',
          JSON.stringify(doc),
        ])
        const id = row!.id
        await tx.run(Q.unlink, [id])
        for (const m of doc.modules ?? [])
          for (const a of m.artifacts ?? []) {
            const file = await find(a, tx)
            if (file) await tx.run(Q.link, [id, file.repo, file.path])
          }
      })
    },

    /** A run's status after the fact (a scanning policy failing it). */
    setStatus: async (name: string, number: string, status: string): Promise<boolean> =>
      (await sql.run(Q.setStatus, [status, name, number])).changes > 0,

    async detail(name: string, number: string): Promise<BuildDetail | undefined> {
      const row = await sql.one<BuildRun & { id: number; document: string | null }>(Q.one, [name, number])
      if (!row) return undefined
      const run = {
        id: Number(row.id),
        name: row.name,
        number: row.number,
        status: row.status,
        started: row.started,
      }
      if (row.document) {
        const doc = JSON.parse(row.document) as BuildInfoDocument
        const modules = []
        for (const m of doc.modules ?? []) {
          const artifacts = []
          for (const a of m.artifacts ?? [])
            artifacts.push({ name: a.name, type: a.type ?? '', ...resolved(await find(a), a) })
          const dependencies = []
          for (const d of m.dependencies ?? [])
            dependencies.push({ id: d.id, scope: d.scopes?.join(', ') ?? '', ...resolved(await find(d), d) })
          modules.push({ id: m.id, artifacts, dependencies })
        }
        return {
          ...run,
          durationMillis: doc.durationMillis ?? null,
          agent: doc.agent?.name
            ? `${doc.agent.name}${doc.agent.version ? ` ${doc.agent.version}` : ''}`
            : null,
          modules,
        }
      }
      const files = await sql.all<FileRow>(Q.linked, [row.id])
      const seen = new Set<string>()
      const dependencies = []
      for (const f of files)
        for (const d of await sql.all<{ name: string; version: string; scope: string }>(Q.dependenciesOf, [
          f.version_id,
        ])) {
          if (seen.has(d.name)) continue
          seen.add(d.name)
          const lead = await sql.one<FileRow>(Q.newestLead, [`npm://${d.name}`])
          dependencies.push({ id: `${d.name}:${d.version}`, scope: d.scope, ...resolved(lead, {}) })
        }
      return {
        ...run,
        durationMillis: null,
        agent: null,
        modules: [
          {
            id: `${row.name}:${row.number}`,
            artifacts: files.map((f) => ({
              name: f.path.split('/').pop() ?? f.path,
              type: f.path.split('.').pop() ?? '',
              ...resolved(f, {}),
            })),
            dependencies,
          },
        ],
      }
    },
  }
}
