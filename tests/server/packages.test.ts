import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPackage } from '../../server/catalog/load'
import { safeFileName } from '../../server/packages/routes'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { corpusLines } from '../support/corpora'
import { signInDirectly } from './helpers/catalogSession'
import { gql, type Connection } from './helpers/graphql'
import { buildImage } from '../../server/containers/imageBuilder'
import { ociPusher } from '../support/ociPush'

let server: TestServer
let cookie: string

interface FileNode {
  name: string
  lead: boolean
  size: number
  md5: string
  sha1: string
  sha256: string
}
interface VersionNode {
  id: string
  name: string
  repos: Array<{ name: string; type: string; leadFilePath: string }>
  files: FileNode[]
  stats: { downloadCount: number }
}

const HOSTILE_NAMES = [
  'evil"\r\nSet-Cookie: stolen=1.txt',
  'quote"and\'semi;colon.txt',
  'line\nbreak.txt',
  // A control character PostgreSQL's text can hold (a NUL it cannot: no file the platform
  // stores has one; safeFileName is tested with it below).
  'tab\tand\u0001control.txt',
  'back\\slash.txt',
  '..hidden',
  'résumé 😀.txt',
]

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
  const bytes = (text: string) => Buffer.from(text, 'utf8')
  const entry = (name: string, i: number) => {
    const b = bytes(`hostile file ${i}\n`)
    const h = (a: string) => createHash(a).update(b).digest('hex')
    return {
      name,
      path: `zz-hostile/1.0.0/file-${i}`,
      lead: i === 0,
      size: b.length,
      md5: h('md5'),
      sha1: h('sha1'),
      sha256: h('sha256'),
      mimeType: 'text/html',
      content: { encoding: 'utf8' as const, data: b.toString('utf8') },
    }
  }
  // Test data through the catalogue's own inserter: file names no real package carries, and advisories.
  await insertPackage(server.ctx.sql, {
    type: 'generic',
    name: 'zz-hostile',
    description: null,
    licenses: [],
    licenseSource: 'test',
    tags: [],
    source: 'test',
    versions: [
      {
        name: '1.0.0',
        created: '2025-01-01T00:00:00.000Z',
        modified: '2025-01-01T00:00:00.000Z',
        repo: 'generic-local',
        leadFilePath: 'zz-hostile/1.0.0/file-0',
        size: 10,
        licenses: [],
        advisories: [
          {
            id: 'TEST-1',
            severity: 'high',
            title: 'A high one',
            url: 'https://example.test/1',
            range: '<2',
            cves: [],
          },
          {
            id: 'TEST-2',
            severity: 'info',
            title: 'An info one',
            url: 'https://example.test/2',
            range: '<2',
            cves: [],
          },
        ],
        files: HOSTILE_NAMES.map(entry),
        dependencies: [],
        properties: [],
      },
    ],
  })
})
afterAll(async () => server.stop())

const api = (path: string, withCookie = true) =>
  fetch(`${server.url}/ui/api/v1${path}`, { headers: withCookie ? { cookie } : {} })

async function versionsOf(packageId: string): Promise<VersionNode[]> {
  const reply = await gql<{ versions: Connection<VersionNode> }>(
    server,
    cookie,
    `query V($id: ID!) { versions(filter: {packageId: $id}) { edges { node { id name
       repos { name type leadFilePath } files { name lead size md5 sha1 sha256 } stats { downloadCount } } } } }`,
    { id: packageId },
    '/mds/versions',
  )
  return reply.body.data!.versions.edges.map((e) => e.node)
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('readme', () => {
  it('answers the README of an npm version, byte for byte the catalogue file', async () => {
    const [latest] = await versionsOf('npm://react')
    const repo = latest!.repos[0]!
    const res = await api(
      `/ui/v1/native/versions/${encodeURIComponent(latest!.id)}/readme?path=${encodeURIComponent(repo.leadFilePath)}`,
    )
    expect(res.status).toBe(200)
    const { readme } = (await res.json()) as { readme: string }
    expect(readme).toMatch(/react/i)
    const readmeFile = latest!.files.find((f) => f.name === 'README.md')!
    expect(sha256(Buffer.from(readme, 'utf8'))).toBe(readmeFile.sha256)
  })

  it('finds the version from the lead file path when the id is the package id', async () => {
    const [latest] = await versionsOf('npm://rxjs')
    const res = await api(
      `/ui/v1/native/versions/${encodeURIComponent('npm://rxjs')}/readme?path=${encodeURIComponent(
        `npm-remote/${latest!.repos[0]!.leadFilePath}`,
      )}`,
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { readme: string }).readme.length).toBeGreaterThan(0)
  })

  it('answers a Debian package its description, and 404 for an unknown version', async () => {
    const [bash] = await versionsOf('debian://bash')
    const res = await api(`/ui/v1/native/versions/${encodeURIComponent(bash!.id)}/readme`)
    expect(((await res.json()) as { readme: string }).readme).toMatch(/^# bash\n/)
    expect(
      (await api(`/ui/v1/native/versions/${encodeURIComponent('npm://nope@1.0.0')}/readme`)).status,
    ).toBe(404)
  })

  it('is for signed-in users only', async () => {
    const [latest] = await versionsOf('npm://react')
    expect((await api(`/ui/v1/native/versions/${encodeURIComponent(latest!.id)}/readme`, false)).status).toBe(
      401,
    )
  })
})

describe('npm dependencies and properties', () => {
  it('lists the dependencies of react-dom from its package.json', async () => {
    const [latest] = await versionsOf('npm://react-dom')
    const res = await api(
      `/ui/v1/native/versions/npm/dependencies?path=${encodeURIComponent(latest!.repos[0]!.leadFilePath)}&repoKey=npm-remote`,
    )
    expect(res.status).toBe(200)
    const { dependencies } = (await res.json()) as {
      dependencies: Array<{ name: string; version: string; scope: string }>
    }
    expect(dependencies).toContainEqual(expect.objectContaining({ name: 'scheduler', scope: 'prod' }))
    expect(dependencies).toContainEqual(expect.objectContaining({ name: 'react', scope: 'peer' }))
  })

  it('lists npm properties', async () => {
    const [latest] = await versionsOf('npm://react')
    const res = await api(
      `/ui/v1/native/versions/npm/props?path=${encodeURIComponent(`npm-remote/${latest!.repos[0]!.leadFilePath}`)}`,
    )
    const { properties } = (await res.json()) as { properties: Array<{ key: string; values: string[] }> }
    expect(properties).toContainEqual({ key: 'npm.name', values: ['react'] })
    expect(properties).toContainEqual({ key: 'npm.version', values: [latest!.name] })
  })

  it('answers 404 for an unknown path and 400 without one', async () => {
    expect((await api('/ui/v1/native/versions/npm/props?path=npm-remote/no/such.tgz')).status).toBe(404)
    expect((await api('/ui/v1/native/versions/npm/dependencies')).status).toBe(400)
  })
})

describe('builds and docker layers', () => {
  it('lists the sample builds that used an artifact of a real package', async () => {
    const [latest] = await versionsOf('npm://react')
    const res = await api(
      `/ui/artifactbuilds?repoKey=npm-remote&path=${encodeURIComponent(latest!.repos[0]!.leadFilePath)}`,
    )
    const { builds } = (await res.json()) as {
      builds: Array<{ name: string; number: string; status: string }>
    }
    expect(builds.map((b) => `${b.name}#${b.number}:${b.status}`)).toEqual([
      'console-web#42:failure',
      'console-web#41:success',
    ])
    const none = await api(
      `/ui/artifactbuilds?path=${encodeURIComponent('generic-local/zz-hostile/1.0.0/file-0')}`,
    )
    expect(((await none.json()) as { builds: unknown[] }).builds).toEqual([])
  })

  it('lists the layers of a pushed docker image version, from its manifest and config', async () => {
    const image = buildImage({
      layers: [
        { command: 'ADD base /', files: [{ path: 'etc/os-release', content: 'ID=test\n' }] },
        { command: 'COPY app /srv/', files: [{ path: 'srv/app.js', content: 'console.log(1)\n' }] },
        { command: 'COPY conf /etc/app/', files: [{ path: 'etc/app/app.conf', content: 'port=1\n' }] },
      ],
    })
    const pusher = await ociPusher(server.url, 'developer', server.config.userPassword)
    await pusher.push('docker-local/layers/app', image, ['1.1.0'])
    const versions = await versionsOf('docker://layers/app')
    const v110 = versions.find((v) => v.name === '1.1.0')!
    expect(v110.repos[0]!.leadFilePath).toBe('layers/app/1.1.0/manifest.json')
    const res = await api(
      `/ui/views/dockerv2?repoKey=docker-local&path=${encodeURIComponent(v110.repos[0]!.leadFilePath)}`,
    )
    const { layers } = (await res.json()) as {
      layers: Array<{ digest: string; size: number; command: string }>
    }
    expect(layers).toEqual(
      image.layers.map((l, i) => ({
        digest: l.digest,
        size: l.bytes.length,
        command: ['ADD base /', 'COPY app /srv/', 'COPY conf /etc/app/'][i],
      })),
    )
  })

  it("answers a docker version's layers and builds for its tag folder, as for its manifest", async () => {
    const image = buildImage({
      layers: [{ command: 'ADD one /', files: [{ path: 'one.txt', content: 'one\n' }] }],
    })
    const pusher = await ociPusher(server.url, 'developer', server.config.userPassword)
    await pusher.push('docker-local/folder/app', image, ['2.0.0'])
    const layersAt = async (path: string) => {
      const res = await api(`/ui/views/dockerv2?repoKey=docker-local&path=${encodeURIComponent(path)}`)
      return res.status === 200
        ? ((await res.json()) as { layers: Array<{ digest: string }> }).layers
        : res.status
    }
    const digests = image.layers.map((l) => ({ digest: l.digest }))
    expect(await layersAt('folder/app/2.0.0')).toMatchObject(digests)
    expect(await layersAt('folder/app/2.0.0/')).toMatchObject(digests)
    // The POST variant, the repository key first in the path.
    const viaPost = await fetch(`${server.url}/ui/api/v1/ui/views/dockerv2`, {
      method: 'POST',
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify({ path: 'docker-local/folder/app/2.0.0', view: 'dockerv2' }),
    })
    expect(((await viaPost.json()) as { layers: unknown[] }).layers).toMatchObject(digests)
    const builds = await api(
      `/ui/artifactbuilds?repoKey=docker-local&path=${encodeURIComponent('folder/app/2.0.0')}`,
    )
    expect(builds.status).toBe(200)
    // Only the folder the manifest is in names the version: not the image's, not another case.
    expect(await layersAt('folder/app')).toBe(404)
    expect(await layersAt('Folder/App/2.0.0')).toBe(404)
    expect(await layersAt('folder/app/2.0')).toBe(404)
  })
})

describe('download', () => {
  it('downloads package.json and README with the catalogue sha256, as an attachment never rendered inline', async () => {
    const [latest] = await versionsOf('npm://react')
    for (const name of ['package.json', 'README.md']) {
      const file = latest!.files.find((f) => f.name === name)!
      const res = await api(
        `/download?repoKey=npm-remote&path=${encodeURIComponent(`react/-/${latest!.name}/${name}`)}`,
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/octet-stream')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      )
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(bytes.length).toBe(file.size)
      expect(sha256(bytes)).toBe(file.sha256)
    }
  })

  it('counts downloads on the version', async () => {
    const before = (await versionsOf('npm://rxjs'))[0]!
    await api(`/download?path=${encodeURIComponent(`npm-remote/rxjs/-/${before.name}/package.json`)}`)
    const after = (await versionsOf('npm://rxjs'))[0]!
    expect(after.stats.downloadCount).toBe(before.stats.downloadCount + 1)
  })

  it('answers 404 for a tarball whose bytes are not kept, and for an unknown path', async () => {
    const [latest] = await versionsOf('npm://react')
    const res = await api(
      `/download?repoKey=npm-remote&path=${encodeURIComponent(latest!.repos[0]!.leadFilePath)}`,
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'CONTENT_NOT_STORED' })
    expect((await api('/download?repoKey=npm-remote&path=nope/-/nope-1.0.0.tgz')).status).toBe(404)
    expect((await api('/download?repoKey=npm-remote&path=../../../etc/passwd')).status).toBe(404)
  })

  it('gives hostile file names a safe Content-Disposition', async () => {
    for (let i = 0; i < HOSTILE_NAMES.length; i++) {
      const res = await api(
        `/download?repoKey=generic-local&path=${encodeURIComponent(`zz-hostile/1.0.0/file-${i}`)}`,
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('content-type')).toBe('application/octet-stream')
      const disposition = res.headers.get('content-disposition')!
      expect(disposition).toMatch(
        /^attachment; filename="[^"\\/\r\n]+"; filename\*=UTF-8''[A-Za-z0-9%._~!*'()-]+$/,
      )
      // eslint-disable-next-line no-control-regex
      expect(decodeURIComponent(disposition.split("''")[1]!)).not.toMatch(/["\r\n\\/\u0000]/)
    }
  })

  it('reduces every hostile corpus line to a plain file name', () => {
    for (const line of [
      ...corpusLines('xss'),
      ...corpusLines('open-redirect'),
      ...HOSTILE_NAMES,
      'nul\u0000.txt',
    ]) {
      const name = safeFileName(line)
      expect(name.length).toBeGreaterThan(0)
      // eslint-disable-next-line no-control-regex
      expect(name).not.toMatch(/["'\\/;\u0000-\u001f\u007f]/)
      expect(name.startsWith('.')).toBe(false)
    }
  })

  it('is for signed-in users only', async () => {
    expect((await api('/download?repoKey=npm-remote&path=react/-/19.0.0/package.json', false)).status).toBe(
      401,
    )
  })
})

describe('artifact count, violations and scanner version', () => {
  it('counts the catalogue files', async () => {
    const res = await api('/ui/home/widget/artifactCount')
    const body = (await res.json()) as { widgetData: { artifactCount: number } }
    const { n } = (await server.ctx.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_files'))!
    expect(body.widgetData.artifactCount).toBe(n)
    expect(n).toBeGreaterThan(1000)
  })

  it('lists violations by package, most severe first, with the new severity names', async () => {
    // minimist 0.0.8 is in two advisories of the shipped database: critical and moderate.
    const res = await api(
      `/xray/ui/unified/artifactViolationsByPackage?new_severities=true&package_id=${encodeURIComponent('npm://minimist')}&version=0.0.8`,
    )
    const body = (await res.json()) as {
      data: Array<{ issue_id: string; severity: string }>
      total_count: number
    }
    expect(body.data.map((v) => [v.issue_id, v.severity])).toEqual([
      ['GHSA-xvch-5gv4-984h', 'Critical'],
      ['GHSA-vh95-rmgr-6w4m', 'Medium'],
    ])
    expect(body.total_count).toBe(2)
    const post = await fetch(`${server.url}/ui/api/v1/xray/ui/unified/artifactViolationsByPackage`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: server.url,
        cookie,
      },
      body: JSON.stringify({ package_id: 'npm://minimist', version: '0.0.8' }),
    })
    expect(
      ((await post.json()) as { data: Array<{ severity: string }> }).data.map((v) => v.severity),
    ).toEqual(['critical', 'medium'])
  })

  it('lists the real advisories of an old lodash', async () => {
    const res = await api(
      `/xray/ui/unified/artifactViolationsByPackage?package_id=${encodeURIComponent('npm://lodash')}&version=4.17.15`,
    )
    const body = (await res.json()) as { data: Array<{ issue_id: string; severity: string; url: string }> }
    expect(body.data).toContainEqual(
      expect.objectContaining({
        issue_id: 'GHSA-p6mc-m468-83gw',
        severity: 'high',
        url: 'https://github.com/advisories/GHSA-p6mc-m468-83gw',
      }),
    )
  })

  it('answers the scanner version', async () => {
    const res = await api('/xray/ui/homepage/getXrayVersion')
    const body = (await res.json()) as { xray_version: string; advisories_built_at: string }
    expect(body.xray_version).toMatch(/^\d+\.\d+\.\d+/)
    expect(Date.parse(body.advisories_built_at)).not.toBeNaN()
  })
})
