/**
 * A catalogue version as store tests on both engines start from: the package `left-pad` and its
 * version 1.0.0 in npm-local (lead file the tarball, a README path), created at T0.
 */
import type { Sql } from '../../server/db/sql'
import type { SnapshotPackage } from '../../server/catalog/types'

export const T0 = '2026-12-01T10:00:00.000Z'
export const LEFT_PAD = 'npm://left-pad@1.0.0'

export async function leftPadRows(sql: Sql): Promise<void> {
  await sql.run(
    `INSERT INTO catalog_packages (id, name, name_lower, package_type, created, modified, versions_count,
       release_versions_count, source)
     VALUES ('npm://left-pad', 'left-pad', 'left-pad', 'npm', ?, ?, 1, 1, 'test')`,
    [T0, T0],
  )
  await sql.run(
    `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size, repo,
       repo_type, lead_file_path, readme_path, readme_text)
     VALUES (?, 'npm://left-pad', '1.0.0', '1.0.0', ?, ?, 0, 10, 'npm-local', 'local',
       'left-pad/-/left-pad-1.0.0.tgz', 'left-pad/README.md', 'kept text')`,
    [LEFT_PAD, T0, T0],
  )
}

/**
 * A generic package with one version, 1.0.0, in generic-local and no files, as the catalogue's
 * inserter (`insertPackage`) takes it.
 */
export const genericPackage = (
  name: string,
  description: string | null,
  created: string,
): SnapshotPackage => ({
  type: 'generic',
  name,
  description,
  licenses: [],
  licenseSource: 'test',
  tags: [],
  source: 'test',
  versions: [
    {
      name: '1.0.0',
      created,
      modified: created,
      repo: 'generic-local',
      leadFilePath: `${name}/1.0.0/file.txt`,
      size: 1,
      licenses: [],
      advisories: [],
      files: [],
      dependencies: [],
      properties: [],
    },
  ],
})
