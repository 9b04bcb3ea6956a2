/**
 * The npm virtual repository over a local member and the remote, against a real upstream on
 * 127.0.0.1: the members' documents merged in order, a local member's version winning over
 * the remote's for the same version (its document and its bytes), the others from the
 * upstream, dist-tags from the member that held the package first (a publish into a member
 * listed first does not take `latest`); a publish through the virtual goes to its default
 * deployment repository.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repositoryStore } from '../../server/repositories/store'
import { publishBody } from '../support/npmPublish'
import { startTestServer, type TestServer } from '../support/server'
import { startPackedUpstream, type PackedUpstream } from '../support/upstreamRegistry'

const NAME = 'merge-both'
let fixture: PackedUpstream
let server: TestServer

const npmUrl = (repo: string, path: string) => `${server.url}/artifactory/api/npm/${repo}/${path}`
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')

interface Doc {
  'dist-tags': Record<string, string>
  versions: Record<string, { description?: string; dist: { shasum: string; tarball: string } }>
}
const documentOf = async (repo: string): Promise<Doc> => {
  const res = await fetch(npmUrl(repo, NAME))
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

beforeAll(async () => {
  fixture = await startPackedUpstream('remote-merge', [
    { name: NAME, version: '1.0.0', readme: '# From the upstream\n' },
    { name: NAME, version: '2.0.0', readme: '# From the upstream, newer\n' },
  ])
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: fixture.upstream.url })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

describe('the npm virtual over npm-local and npm-remote', () => {
  let local: ReturnType<typeof publishBody>

  it('publishing through the virtual goes to its default deployment repository', async () => {
    const npm = (await repositoryStore(server.ctx.sql).find('npm'))!
    expect(npm.members.slice(0, 2)).toEqual(['npm-local', 'npm-remote'])
    expect(npm.defaultDeploymentRepo).toBe('npm-local')
    local = publishBody(NAME, '1.0.0', { marker: 'the local one' })
    const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const res = await fetch(npmUrl('npm', NAME), {
      method: 'PUT',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(local.body),
    })
    expect(res.status).toBeLessThan(300)
    expect((await documentOf('npm-local')).versions['1.0.0']?.dist.shasum).toBe(sha1(local.tarball))
  })

  it("a local member's version wins over the remote's for the same version; the others come from upstream", async () => {
    const upstream = (version: string) =>
      fixture.packed.find((p) => p.name === NAME && p.version === version)!.tarball
    // Both sides hold 1.0.0, with other bytes.
    expect(sha1(upstream('1.0.0'))).not.toBe(sha1(local.tarball))
    const doc = await documentOf('npm')
    expect(Object.keys(doc.versions).sort()).toEqual(['1.0.0', '2.0.0'])
    expect(doc.versions['1.0.0']).toMatchObject({
      description: 'the local one',
      dist: { shasum: sha1(local.tarball) },
    })
    expect(doc.versions['2.0.0']!.dist.shasum).toBe(sha1(upstream('2.0.0')))
    // The bytes follow the document: each tarball through the virtual is the winner's.
    for (const [version, bytes] of [
      ['1.0.0', local.tarball],
      ['2.0.0', upstream('2.0.0')],
    ] as const) {
      const tarball = doc.versions[version]!.dist.tarball
      expect(tarball.startsWith(npmUrl('npm', ''))).toBe(true)
      const res = await fetch(tarball)
      expect(res.status).toBe(200)
      expect(sha1(Buffer.from(await res.arrayBuffer()))).toBe(sha1(bytes))
    }
  })

  it('dist-tags come from the member that held the package first, not from a later publish', async () => {
    // The upstream held it first (its versions are dated 2026-01-01 and -02); npm-local, listed
    // first, got 1.0.0 by the publish above, and now a 99.0.0: neither takes `latest` from it,
    // in the full document or in the install form npm asks for.
    const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const pushed = publishBody(NAME, '99.0.0')
    const res = await fetch(npmUrl('npm-local', NAME), {
      method: 'PUT',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify(pushed.body),
    })
    expect(res.status).toBeLessThan(300)
    expect((await documentOf('npm-local'))['dist-tags'].latest).toBe('99.0.0')
    expect((await documentOf('npm-remote'))['dist-tags'].latest).toBe('2.0.0')
    const merged = await documentOf('npm')
    expect(merged['dist-tags'].latest).toBe('2.0.0')
    expect(Object.keys(merged.versions).sort()).toEqual(['1.0.0', '2.0.0', '99.0.0'])
    const install = await fetch(npmUrl('npm', NAME), {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
    })
    expect(((await install.json()) as Doc)['dist-tags'].latest).toBe('2.0.0')
  })
})
