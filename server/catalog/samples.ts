/**
 * The documented sample set (server/API.md, "Catalogue data"): what has no real source on
 * this machine — docker images with layers, builds, release bundles. Loaded into the database
 * like any other data, after the snapshot. Builds and release bundles point at REAL catalogue
 * artifacts (the newest version of real npm packages), so the checksum lookup and the
 * artifact-builds call find real files.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../db'
import type { PackageExtras } from './load'
import type { SnapshotFile, SnapshotPackage } from './types'

const sha = (algo: string, text: string | Buffer) => createHash(algo).update(text).digest('hex')

interface SampleImage {
  readonly name: string
  readonly description: string
  readonly tags: readonly string[]
  readonly versions: ReadonlyArray<{
    tag: string
    created: string
    layers: ReadonlyArray<{ command: string; size: number }>
  }>
}

/** How many tags the nightly sample image has: more than one page (100) of versions. */
export const NIGHTLY_TAGS = 130

/**
 * A sample image with more tags than one page of versions holds, so paging through a
 * package's versions is exercised against real server paging: tags `1.<m>.<p>` with one
 * `-rc.1` pre-release every tenth, published a day apart.
 */
function nightlyImage(): SampleImage {
  const start = Date.UTC(2026, 0, 1)
  return {
    name: 'samples/console-nightly',
    description: `Sample image: nightly builds of the web console (${NIGHTLY_TAGS} tags)`,
    tags: ['sample', 'nightly'],
    versions: Array.from({ length: NIGHTLY_TAGS }, (_, i) => {
      const tag = `1.${Math.floor(i / 10)}.${i % 10}${i % 10 === 9 ? '-rc.1' : ''}`
      return {
        tag,
        created: new Date(start + i * 86_400_000).toISOString(),
        layers: [
          { command: 'ADD rootfs.tar.gz / # debian:bookworm-slim', size: 29_153_390 },
          { command: `COPY dist/ /usr/share/nginx/html/ # nightly ${tag}`, size: 1_900_000 + i * 1_024 },
        ],
      }
    }),
  }
}

/** Sample docker images: names under `samples/` so nobody mistakes them for real images. */
export const SAMPLE_IMAGES: readonly SampleImage[] = [
  {
    name: 'samples/console-web',
    description: 'Sample image: the web console served by nginx',
    tags: ['sample', 'web'],
    versions: [
      {
        tag: '1.0.0',
        created: '2026-09-01T10:00:00.000Z',
        layers: [
          { command: 'ADD rootfs.tar.gz / # debian:bookworm-slim', size: 29_153_390 },
          { command: 'RUN apt-get update && apt-get install -y nginx', size: 61_228_040 },
          { command: 'COPY dist/ /usr/share/nginx/html/', size: 1_912_345 },
          { command: 'CMD ["nginx", "-g", "daemon off;"]', size: 0 },
        ],
      },
      {
        tag: '1.1.0',
        created: '2026-10-15T09:30:00.000Z',
        layers: [
          { command: 'ADD rootfs.tar.gz / # debian:bookworm-slim', size: 29_153_390 },
          { command: 'RUN apt-get update && apt-get install -y nginx', size: 61_228_040 },
          { command: 'COPY dist/ /usr/share/nginx/html/', size: 2_004_118 },
          { command: 'COPY nginx.conf /etc/nginx/conf.d/default.conf', size: 1_211 },
          { command: 'CMD ["nginx", "-g", "daemon off;"]', size: 0 },
        ],
      },
      {
        tag: '2.0.0-rc.1',
        created: '2026-11-02T14:00:00.000Z',
        layers: [
          { command: 'ADD rootfs.tar.gz / # debian:trixie-slim', size: 28_871_002 },
          { command: 'COPY dist/ /srv/console/', size: 2_104_733 },
          { command: 'ENTRYPOINT ["node", "/srv/server.js"]', size: 0 },
        ],
      },
    ],
  },
  {
    name: 'samples/platform-api',
    description: 'Sample image: the reference platform server on Node.js',
    tags: ['sample', 'api', 'node'],
    versions: [
      {
        tag: '0.9.0',
        created: '2026-08-20T08:00:00.000Z',
        layers: [
          { command: 'ADD rootfs.tar.gz / # node:20-bookworm-slim', size: 74_902_114 },
          { command: 'WORKDIR /srv', size: 0 },
          { command: 'COPY package.json package-lock.json ./', size: 243_877 },
          { command: 'RUN npm ci --omit=dev', size: 48_112_590 },
          { command: 'COPY server/ ./server/', size: 402_118 },
          { command: 'CMD ["node", "server/main.js"]', size: 0 },
        ],
      },
    ],
  },
  nightlyImage(),
]

function imagePackage(image: SampleImage): { pkg: SnapshotPackage; extras: PackageExtras } {
  const layers: Record<string, Array<{ digest: string; size: number; command: string }>> = {}
  const versions = image.versions.map((v) => {
    const layerList = v.layers.map((l, i) => ({
      // A stand-in digest, derived from what the layer is (no layer bytes exist here).
      digest: `sha256:${sha('sha256', `${image.name}:${v.tag}:${i}:${l.command}`)}`,
      size: l.size,
      command: l.command,
    }))
    layers[v.tag] = layerList
    const manifest = Buffer.from(
      JSON.stringify(
        {
          schemaVersion: 2,
          mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
          layers: layerList.map((l) => ({
            mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip',
            size: l.size,
            digest: l.digest,
          })),
        },
        null,
        2,
      ) + '\n',
      'utf8',
    )
    const path = `${image.name}/${v.tag}/manifest.json`
    const file: SnapshotFile = {
      name: 'manifest.json',
      path,
      lead: true,
      size: manifest.length,
      md5: sha('md5', manifest),
      sha1: sha('sha1', manifest),
      sha256: sha('sha256', manifest),
      mimeType: 'application/json',
      content: { encoding: 'utf8', data: manifest.toString('utf8') },
    }
    return {
      name: v.tag,
      created: v.created,
      modified: v.created,
      repo: 'docker-local',
      leadFilePath: path,
      size: layerList.reduce((s, l) => s + l.size, 0),
      licenses: [],
      advisories: [],
      files: [file],
      dependencies: [],
      properties: [
        { key: 'docker.repoName', values: [image.name] },
        { key: 'docker.manifest', values: [v.tag] },
        { key: 'sample', values: ['true'] },
      ],
      readmeText: `# ${image.name}:${v.tag}\n\n${image.description}. This image is part of the reference server's sample set.\n`,
    }
  })
  return {
    pkg: {
      type: 'docker',
      name: image.name,
      description: image.description,
      licenses: [],
      licenseSource: 'sample',
      tags: image.tags,
      source: 'sample',
      versions,
    },
    extras: { layers },
  }
}

/** Sample builds: each lists real catalogue artifacts (newest version of the named packages). */
export const SAMPLE_BUILDS = [
  {
    name: 'console-web',
    number: '41',
    started: '2026-10-14T16:02:11.000Z',
    status: 'success',
    uses: ['npm://react', 'npm://react-dom', 'npm://rxjs', 'npm://vite', 'docker://samples/console-web'],
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
    uses: ['npm://fastify', 'npm://better-sqlite3', 'npm://graphql', 'docker://samples/platform-api'],
  },
] as const

/** Sample release bundles: each contains every file of the newest version of the named packages. */
export const SAMPLE_RELEASE_BUNDLES = [
  {
    name: 'console-web',
    version: '1.0.0',
    created: '2026-09-01T12:00:00.000Z',
    status: 'DISTRIBUTED',
    contains: ['npm://react', 'npm://react-dom', 'docker://samples/console-web'],
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

/** Inserts the sample images, builds and release bundles; answers the number of packages added. */
export function insertSamples(
  db: Db,
  insert: (pkg: SnapshotPackage, extras?: PackageExtras) => string,
): number {
  for (const image of SAMPLE_IMAGES) {
    const { pkg, extras } = imagePackage(image)
    insert(pkg, extras)
  }
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
  return SAMPLE_IMAGES.length
}
