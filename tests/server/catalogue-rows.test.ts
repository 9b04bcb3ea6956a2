/**
 * The catalogue's package rows, written by the one builder through each way a package arrives
 * (a package in the snapshot's shape, an npm publish, a container push), read back the same on
 * both engines: every column of every table, in the order the rows' keys give.
 */
import { describe, expect, it } from 'vitest'
import { insertPackage } from '../../server/catalog/store'
import { containerStore, type TaggedImage } from '../../server/containers/store'
import type { Sql } from '../../server/db/sql'
import { npmCatalogue } from '../../server/registry/npmCatalogue'
import { T0 } from '../support/catalogueRows'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const facts = (c: string, size = 10) => ({
  sha256: c.repeat(64),
  sha1: c.repeat(40),
  md5: c.repeat(32),
  size,
})

const TABLES = {
  catalog_packages: 'id',
  catalog_package_licenses: 'package_id, name',
  catalog_versions: 'id',
  catalog_files: 'repo, path',
  catalog_dependencies: 'version_id, position',
  catalog_properties: 'version_id, position',
  catalog_docker_layers: 'version_id, position',
}

/** Every catalogue row, bytes as text; file ids left out (each engine numbers them its own way). */
async function dump(sql: Sql) {
  const out: Record<string, unknown[]> = {}
  for (const [table, order] of Object.entries(TABLES))
    out[table] = (await sql.all<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`)).map(
      ({ id, ...row }) => ({
        ...(table === 'catalog_files' ? {} : { id }),
        ...Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString() : v]),
        ),
      }),
    )
  return out
}

const image = (tag: string, repo = 'docker-local'): TaggedImage => ({
  repo,
  image: 'Team/App',
  tag,
  manifestDigest: `sha256:${'m'.repeat(64)}`,
  manifest: facts('m', 400),
  now: T0,
  deployedBy: 'admin',
  files: [
    {
      digest: `sha256:${'c'.repeat(64)}`,
      facts: facts('c', 50),
      mediaType: 'application/vnd.oci.image.config.v1+json',
    },
    {
      digest: `sha256:${'d'.repeat(64)}`,
      facts: facts('d', 900),
      mediaType: 'application/vnd.oci.image.layer.v1.tar',
    },
  ],
  layers: [{ digest: `sha256:${'d'.repeat(64)}`, size: 900, command: 'ADD rootfs /' }],
  os: 'linux',
  architecture: 'amd64',
  platforms: ['linux/amd64'],
})

const dumps = new Map<string, Awaited<ReturnType<typeof dump>>>()

describe.each(engines)('catalogue rows on %s', (name, open) => {
  it('writes a snapshot package, an npm publish and a container push', async () => {
    const sql = await migrated(open)
    await insertPackage(
      sql,
      {
        type: 'npm',
        name: 'Left-Pad',
        description: 'Pads Strings',
        licenses: ['MIT', 'ISC'],
        licenseSource: 'package.json',
        tags: ['pad'],
        source: 'registry',
        versions: ['1.0.0', '2.0.0-rc.1'].map((v, i) => ({
          name: v,
          created: `2026-0${i + 1}-01T00:00:00.000Z`,
          modified: `2026-0${i + 2}-01T00:00:00.000Z`,
          repo: 'npm-remote',
          leadFilePath: `Left-Pad/-/Left-Pad-${v}.tgz`,
          readmePath: `Left-Pad/-/${v}/README.md`,
          size: 100 + i,
          licenses: ['MIT'],
          advisories: [],
          files: [
            {
              name: `Left-Pad-${v}.tgz`,
              path: `Left-Pad/-/Left-Pad-${v}.tgz`,
              lead: true,
              ...facts('e', 100),
              mimeType: 'application/x-gzip',
            },
            {
              name: 'README.md',
              path: `Left-Pad/-/${v}/README.md`,
              lead: false,
              ...facts('f', 5),
              mimeType: 'text/markdown',
              content: { encoding: 'utf8', data: `# ${v}` },
            },
          ],
          dependencies: [{ name: 'pad-core', version: '^1.0.0', scope: 'prod' }],
          properties: [{ key: 'npm.name', values: ['Left-Pad'] }],
        })),
      },
      { layers: { '1.0.0': [{ digest: 'sha256:layer', size: 3, command: 'RUN true' }] } },
    )
    const catalogue = npmCatalogue(sql)
    for (const version of ['1.0.0', '1.1.0-beta.1'])
      await sql.transaction((tx) =>
        catalogue.within(tx).add({
          repo: 'npm-local',
          name: '@Scope/Tool',
          version,
          document: {
            description: 'A Tool',
            license: 'MIT',
            keywords: ['cli'],
            dependencies: { a: '1' },
            peerDependencies: { b: '2' },
          },
          files: [{ path: 'README.md', bytes: Buffer.from(`# tool ${version}`) }],
          tarballFacts: facts('a', 20),
          deployedBy: 'admin',
          now: T0,
        }),
      )
    const containers = containerStore(sql)
    await containers.recordTag(image('1.0'))
    // The same tag again: the version is written anew; the package and the files already there stay.
    await containers.recordTag(image('1.0'))
    await containers.recordTag(image('latest'))

    const rows = await dump(sql)
    expect(rows.catalog_packages!.map((p) => (p as { id: string }).id)).toEqual([
      'docker://Team/App',
      'npm://@Scope/Tool',
      'npm://Left-Pad',
    ])
    expect(
      rows.catalog_versions!.map((v) => {
        const { id, name_lower, prerelease, licenses_json } = v as Record<string, unknown>
        return [id, name_lower, prerelease, licenses_json]
      }),
    ).toEqual([
      ['docker://Team/App@1.0', '1.0', 1, '[]'],
      ['docker://Team/App@latest', 'latest', 1, '[]'],
      ['npm://@Scope/Tool@1.0.0', '1.0.0', 0, '[{"name":"MIT","source":"package.json"}]'],
      ['npm://@Scope/Tool@1.1.0-beta.1', '1.1.0-beta.1', 1, '[{"name":"MIT","source":"package.json"}]'],
      ['npm://Left-Pad@1.0.0', '1.0.0', 0, '[{"name":"MIT","source":"package.json"}]'],
      ['npm://Left-Pad@2.0.0-rc.1', '2.0.0-rc.1', 1, '[{"name":"MIT","source":"package.json"}]'],
    ])
    expect(rows.catalog_docker_layers).toHaveLength(3)
    expect(rows.catalog_files).toHaveLength(4 + 4 + 6)
    dumps.set(name, rows)
  })
})

describe('catalogue rows on both engines', () => {
  it('are the same', () => {
    expect(dumps.size).toBe(2)
    expect(dumps.get('postgres')).toEqual(dumps.get('sqlite'))
  })
})
