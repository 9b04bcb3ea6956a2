/**
 * What a package version's pages read from the catalogue: its readme, dependencies, properties,
 * builds and image layers, and the count of every file the platform holds. Portable SQL over
 * the stores' interface (server/db/sql.ts).
 */
import type { Sql } from '../db/sql'

export interface VersionReadme {
  readonly id: string
  readonly readme_path: string | null
  readonly readme_text: string | null
  readonly repo: string
  /** The version's lead file (an npm tarball): the path its read is granted at. */
  readonly lead_file_path: string | null
}

export interface VersionProperty {
  readonly key: string
  readonly values: string[]
}

const Q = {
  version: 'SELECT id, readme_path, readme_text, repo, lead_file_path FROM catalog_versions WHERE id = ?',
  fileContent: 'SELECT content FROM catalog_files WHERE version_id = ? AND path = ?',
  dependencies:
    'SELECT name, version, scope FROM catalog_dependencies WHERE version_id = ? ORDER BY position',
  properties: 'SELECT key, values_json FROM catalog_properties WHERE version_id = ? ORDER BY position',
  builds: `SELECT DISTINCT b.name, b.number, b.started, b.status, b.id FROM catalog_builds b
     JOIN catalog_build_artifacts a ON a.build_id = b.id
     JOIN catalog_files f ON f.repo = a.repo AND f.path = a.path
     WHERE f.version_id = ? ORDER BY b.started DESC, b.id DESC`,
  layers: 'SELECT digest, size, command FROM catalog_docker_layers WHERE version_id = ? ORDER BY position',
  fileCount: 'SELECT (SELECT COUNT(*) FROM catalog_files) + (SELECT COUNT(*) FROM artifacts) AS n',
} as const

export function packageStore(sql: Sql) {
  return {
    version(id: string): Promise<VersionReadme | undefined> {
      return sql.one<VersionReadme>(Q.version, [id])
    },
    /** A stored file's text, when the catalogue keeps its bytes. */
    async fileText(versionId: string, path: string): Promise<string | undefined> {
      const row = await sql.one<{ content: Uint8Array | null }>(Q.fileContent, [versionId, path])
      return row?.content ? Buffer.from(row.content).toString('utf8') : undefined
    },
    dependencies(versionId: string) {
      return sql.all<{ name: string; version: string; scope: string }>(Q.dependencies, [versionId])
    },
    async properties(versionId: string): Promise<VersionProperty[]> {
      return (await sql.all<{ key: string; values_json: string }>(Q.properties, [versionId])).map((p) => ({
        key: p.key,
        values: JSON.parse(p.values_json) as string[],
      }))
    },
    /** The builds that produced one of the version's files, newest first. */
    async builds(versionId: string) {
      // The id orders equal start times; PostgreSQL wants an ordered column of a DISTINCT selected.
      return (
        await sql.all<{ name: string; number: string; started: string; status: string; id: number }>(
          Q.builds,
          [versionId],
        )
      ).map(({ name, number, started, status }) => ({ name, number, started, status }))
    },
    layers(versionId: string) {
      return sql.all<{ digest: string; size: number; command: string }>(Q.layers, [versionId])
    },
    /** Every file the platform holds: catalogue files and deployed artifacts. */
    async fileCount(): Promise<number> {
      return (await sql.one<{ n: number }>(Q.fileCount))?.n ?? 0
    },
  }
}

export type PackageStore = ReturnType<typeof packageStore>
