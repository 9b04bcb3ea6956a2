/**
 * The documented sample set (server/API.md, "Catalogue data"): builds and release bundles,
 * which have no real source on this machine. Loaded into the database like any other data,
 * after the snapshot. They point at REAL catalogue artifacts (the newest version of real npm
 * packages), so the checksum lookup and the artifact-builds call find real files. No docker
 * image is made up here: images come from pushes to the registry under /v2/.
 */
import type { Db } from '../db'

/** Sample builds: each lists real catalogue artifacts (newest version of the named packages). */
export const SAMPLE_BUILDS = [
  {
    name: 'console-web',
    number: '41',
    started: '2026-10-14T16:02:11.000Z',
    status: 'success',
    uses: ['npm://react', 'npm://react-dom', 'npm://rxjs', 'npm://vite'],
  },
  {
    name: 'console-web',
    number: '42',
    started: '2026-10-15T09:12:40.000Z',
    status: 'failure',
    uses: ['npm://react', 'npm://react-dom', 'npm://rxjs', 'npm://vite'],
  },
  {
    name: 'platform-api',
    number: '17',
    started: '2026-11-20T07:45:00.000Z',
    status: 'in progress',
    uses: ['npm://fastify', 'npm://better-sqlite3', 'npm://graphql'],
  },
] as const

/** Sample release bundles: each contains every file of the newest version of the named packages. */
export const SAMPLE_RELEASE_BUNDLES = [
  {
    name: 'console-web',
    version: '1.0.0',
    created: '2026-09-01T12:00:00.000Z',
    status: 'DISTRIBUTED',
    contains: ['npm://react', 'npm://react-dom'],
  },
  {
    name: 'console-web',
    version: '1.1.0',
    created: '2026-10-15T12:00:00.000Z',
    status: 'SIGNED',
    contains: ['npm://react', 'npm://react-dom', 'npm://rxjs'],
  },
  {
    name: 'platform-api',
    version: '0.9.0',
    created: '2026-08-21T08:00:00.000Z',
    status: 'OPEN',
    contains: ['npm://fastify', 'npm://graphql'],
  },
] as const

/** Inserts the sample builds and release bundles (no packages). */
export function insertSamples(db: Db): void {
  const newestVersion = db.prepare(
    `SELECT v.id, v.repo, v.lead_file_path AS lead FROM catalog_versions v JOIN catalog_packages p ON p.id = v.package_id
     WHERE p.id = ? AND v.name = p.latest_version`,
  )
  const filesOf = db.prepare('SELECT repo, path, sha256, sha1 FROM catalog_files WHERE version_id = ?')
  const insertBuild = db.prepare(
    'INSERT INTO catalog_builds (name, number, started, status) VALUES (?, ?, ?, ?)',
  )
  const insertBuildArtifact = db.prepare(
    'INSERT OR IGNORE INTO catalog_build_artifacts (build_id, repo, path) VALUES (?, ?, ?)',
  )
  for (const b of SAMPLE_BUILDS) {
    const buildId = insertBuild.run(b.name, b.number, b.started, b.status).lastInsertRowid
    for (const packageId of b.uses) {
      const v = newestVersion.get(packageId) as { id: string; repo: string; lead: string } | undefined
      if (v) insertBuildArtifact.run(buildId, v.repo, v.lead)
    }
  }
  const insertBundle = db.prepare(
    `INSERT INTO release_bundles (name, version, created, status, repository) VALUES (?, ?, ?, ?, 'release-bundles')`,
  )
  const insertBundleArtifact = db.prepare(
    'INSERT OR IGNORE INTO release_bundle_artifacts (bundle_id, repo, path, sha256, sha1) VALUES (?, ?, ?, ?, ?)',
  )
  for (const r of SAMPLE_RELEASE_BUNDLES) {
    const bundleId = insertBundle.run(r.name, r.version, r.created, r.status).lastInsertRowid
    for (const packageId of r.contains) {
      const v = newestVersion.get(packageId) as { id: string } | undefined
      if (!v) continue
      for (const f of filesOf.all(v.id) as Array<{
        repo: string
        path: string
        sha256: string
        sha1: string
      }>)
        insertBundleArtifact.run(bundleId, f.repo, f.path, f.sha256, f.sha1)
    }
  }
}
