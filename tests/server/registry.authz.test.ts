/**
 * The registry's authorisation over real HTTP: the attacks of a user who may only read
 * (mallory: the readers group every user joins, read on every repository), each refused,
 * while the owner of a package (victim: deploy and delete/overwrite in the local
 * repositories) and users with exactly the grant an action needs succeed. A grant with path
 * patterns holds for every file a request touches (a folder's, a package's versions). Filling
 * an npm remote's cache needs deploy on it. A version once published never comes back with
 * other bytes, whoever asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { grant, usersOutsideGroups } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { publishBody } from '../support/npmPublish'
import { ociPusher } from '../support/ociPush'
import { buildImage } from '../../server/containers/imageBuilder'
import { remoteStore } from '../../server/remote/store'
import { npmTarball } from '../support/npmTarball'
import { startUpstreamRegistry, type UpstreamRegistry } from '../support/upstreamRegistry'

let server: TestServer
const PASSWORD = TEST_PASSWORD

const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`
const npmUrl = (repo: string, rest: string) => `${server.url}/artifactory/api/npm/${repo}/${rest}`
const enc = (name: string) => name.replace('/', '%2f')

function publish(repo: string, user: string, name: string, version: string, marker = user) {
  return fetch(npmUrl(repo, enc(name)), {
    method: 'PUT',
    headers: { authorization: basic(user), 'content-type': 'application/json' },
    body: JSON.stringify(publishBody(name, version, { marker }).body),
  })
}

const send = (method: string, url: string, user: string, body?: string, type = 'application/json') =>
  fetch(url, {
    method,
    headers: { authorization: basic(user), ...(body !== undefined ? { 'content-type': type } : {}) },
    ...(body !== undefined ? { body } : {}),
  })

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['victim', 'mallory', 'deployer', 'overwriter']) await createUser(server, name)
  await grant(server, {
    repositories: ['ANY LOCAL'],
    users: { victim: ['read', 'annotate', 'deploy', 'delete'], overwriter: ['delete'] },
  })
  await grant(server, { repositories: ['generic-local', 'npm-local'], users: { deployer: ['deploy'] } })
  expect((await publish('npm-local', 'victim', 'victim-lib', '1.0.0')).status).toBe(200)
  expect((await publish('npm-local', 'victim', 'victim-lib', '1.1.0')).status).toBe(200)
  const file = await send('PUT', `${server.url}/artifactory/generic-local/victim/f.txt`, 'victim', 'mine')
  expect(file.status).toBe(201)
})

afterAll(async () => {
  await server?.stop()
})

describe('a read-only user (mallory)', () => {
  it('reads what everyone reads: the packument and the tarball, through the virtual too', async () => {
    const doc = await send('GET', npmUrl('npm', 'victim-lib'), 'mallory')
    expect(doc.status).toBe(200)
    const tarball = await send('GET', npmUrl('npm', 'victim-lib/-/victim-lib-1.0.0.tgz'), 'mallory')
    expect(tarball.status).toBe(200)
    const file = await send('GET', `${server.url}/artifactory/generic-local/victim/f.txt`, 'mallory')
    expect(await file.text()).toBe('mine')
  })

  it('cannot publish, into the local repository or through the virtual one', async () => {
    const local = await publish('npm-local', 'mallory', 'mallory-lib', '1.0.0')
    expect(local.status).toBe(403)
    expect(((await local.json()) as { error: string }).error).toBe('mallory may not deploy to npm-local')
    expect((await publish('npm', 'mallory', 'mallory-lib', '1.0.0')).status).toBe(403)
    expect((await send('GET', npmUrl('npm', 'mallory-lib'), 'mallory')).status).toBe(404)
  })

  it('cannot unpublish: PUT /-rev and DELETE /-rev are refused and the versions stay', async () => {
    const doc = (await (await send('GET', npmUrl('npm-local', 'victim-lib'), 'mallory')).json()) as {
      _rev: string
      versions: Record<string, unknown>
    }
    const withoutOne = { ...doc, versions: { '1.1.0': doc.versions['1.1.0'] } }
    const putRev = await send(
      'PUT',
      npmUrl('npm-local', `victim-lib/-rev/${doc._rev}`),
      'mallory',
      JSON.stringify(withoutOne),
    )
    expect(putRev.status).toBe(403)
    expect((await send('DELETE', npmUrl('npm-local', `victim-lib/-rev/${doc._rev}`), 'mallory')).status).toBe(
      403,
    )
    expect((await send('DELETE', npmUrl('npm', `victim-lib/-rev/${doc._rev}`), 'mallory')).status).toBe(403)
    const after = (await (await send('GET', npmUrl('npm-local', 'victim-lib'), 'mallory')).json()) as {
      versions: Record<string, unknown>
    }
    expect(Object.keys(after.versions).sort()).toEqual(['1.0.0', '1.1.0'])
  })

  it('cannot add, move or remove dist-tags', async () => {
    const tags = npmUrl('npm-local', '-/package/victim-lib/dist-tags')
    expect((await send('PUT', `${tags}/beta`, 'mallory', JSON.stringify('1.0.0'))).status).toBe(403)
    expect((await send('PUT', `${tags}/latest`, 'mallory', JSON.stringify('1.0.0'))).status).toBe(403)
    expect((await send('DELETE', `${tags}/latest`, 'mallory')).status).toBe(403)
    const now = (await (await send('GET', tags, 'mallory')).json()) as Record<string, string>
    expect(now).toEqual({ latest: '1.1.0' })
  })

  it('cannot deploy, overwrite or delete generic files and folders', async () => {
    const url = (path: string) => `${server.url}/artifactory/generic-local/${path}`
    expect((await send('PUT', url('mallory/new.txt'), 'mallory', 'x', 'text/plain')).status).toBe(403)
    expect((await send('PUT', url('victim/f.txt'), 'mallory', 'evil', 'text/plain')).status).toBe(403)
    expect((await send('DELETE', url('victim/f.txt'), 'mallory')).status).toBe(403)
    expect((await send('DELETE', url('victim'), 'mallory')).status).toBe(403)
    // Nor the npm tarball by its path (an unpublish).
    const tgz = `${server.url}/artifactory/npm-local/victim-lib/-/victim-lib-1.0.0.tgz`
    expect((await send('DELETE', tgz, 'mallory')).status).toBe(403)
    expect(await (await send('GET', url('victim/f.txt'), 'mallory')).text()).toBe('mine')
  })
})

describe('each action needs its grant', () => {
  it('deploy makes new files and versions but does not overwrite or unpublish', async () => {
    const url = `${server.url}/artifactory/generic-local/deployer/a.txt`
    expect((await send('PUT', url, 'deployer', 'first', 'text/plain')).status).toBe(201)
    expect((await send('PUT', url, 'deployer', 'second', 'text/plain')).status).toBe(403)
    expect((await send('DELETE', url, 'deployer')).status).toBe(403)
    expect((await publish('npm-local', 'deployer', 'deployer-lib', '1.0.0')).status).toBe(200)
    expect((await send('DELETE', npmUrl('npm-local', 'deployer-lib/-rev/1-x'), 'deployer')).status).toBe(403)
  })

  it('delete/overwrite replaces and removes another user’s file', async () => {
    const url = `${server.url}/artifactory/generic-local/deployer/a.txt`
    expect((await send('PUT', url, 'overwriter', 'replaced', 'text/plain')).status).toBe(201)
    expect(await (await send('GET', url, 'mallory')).text()).toBe('replaced')
    expect((await send('DELETE', url, 'overwriter')).status).toBe(204)
  })

  it('a user outside every grant reads nothing, not even through the virtual (as if missing)', async () => {
    const cookie = signInDirectly(server, { outsider: true })
    const headers = { cookie }
    expect((await fetch(npmUrl('npm', 'victim-lib'), { headers })).status).toBe(404)
    expect((await fetch(npmUrl('npm-local', 'victim-lib/-/victim-lib-1.0.0.tgz'), { headers })).status).toBe(
      404,
    )
    expect((await fetch(`${server.url}/artifactory/generic-local/victim/f.txt`, { headers })).status).toBe(
      404,
    )
  })

  it('read on the virtual alone shows only the members one may read', async () => {
    const { signInDirectlyAs } = await import('./helpers/catalogSession')
    const outsider = signInDirectlyAs(server, { outsider: true })
    await grant(server, { repositories: ['npm', 'npm-remote'], users: { [outsider.name]: ['read'] } })
    const headers = { cookie: outsider.cookie }
    // victim-lib lives in npm-local, which this user may not read.
    expect((await fetch(npmUrl('npm', 'victim-lib'), { headers })).status).toBe(404)
    expect((await fetch(npmUrl('npm', 'victim-lib/-/victim-lib-1.0.0.tgz'), { headers })).status).toBe(404)
  })
})

describe('path patterns bound every file a request touches', () => {
  // A grant on the whole repository but one part: the folder or package above that part is
  // inside the grant, the files of the part are not.
  beforeAll(async () => {
    await usersOutsideGroups(server, 'patterned')
    await grant(server, {
      repositories: ['generic-local', 'npm-local'],
      excludePatterns: [
        'team/releases/**',
        'pinned-lib/-/pinned-lib-1.0.0.tgz',
        'pinned-lib/-/pinned-lib-2.*',
      ],
      users: { patterned: ['read', 'annotate', 'deploy', 'delete'] },
    })
    const release = `${server.url}/artifactory/generic-local/team/releases/app-1.0.bin`
    expect((await send('PUT', release, 'victim', 'release', 'text/plain')).status).toBe(201)
    expect((await publish('npm-local', 'victim', 'pinned-lib', '1.0.0')).status).toBe(200)
    expect((await publish('npm-local', 'victim', 'pinned-lib', '1.1.0')).status).toBe(200)
  })

  it('a folder delete takes nothing when one file under it is outside the grant', async () => {
    const url = (path: string) => `${server.url}/artifactory/generic-local/${path}`
    expect((await send('PUT', url('team/notes.txt'), 'patterned', 'mine', 'text/plain')).status).toBe(201)
    expect((await send('DELETE', url('team/releases/app-1.0.bin'), 'patterned')).status).toBe(403)
    for (const folder of ['team/releases', 'team']) {
      const refused = await send('DELETE', url(folder), 'patterned')
      expect(refused.status, folder).toBe(403)
      expect(((await refused.json()) as { message: string }).message).toBe(
        'patterned may not delete or overwrite in generic-local',
      )
    }
    expect(await (await send('GET', url('team/releases/app-1.0.bin'), 'victim')).text()).toBe('release')
    expect(await (await send('GET', url('team/notes.txt'), 'victim')).text()).toBe('mine')
    // A folder wholly inside the grant goes.
    expect((await send('PUT', url('team/drafts/a.txt'), 'patterned', 'a', 'text/plain')).status).toBe(201)
    expect((await send('DELETE', url('team/drafts'), 'patterned')).status).toBe(204)
  })

  it('an unpublish takes no version whose tarball is outside the grant; that tarball is not read', async () => {
    const versions = async () =>
      Object.keys(
        (
          (await (await send('GET', npmUrl('npm-local', 'pinned-lib'), 'victim')).json()) as {
            versions: Record<string, unknown>
          }
        ).versions,
      ).sort()
    const doc = (await (await send('GET', npmUrl('npm-local', 'pinned-lib'), 'patterned')).json()) as {
      versions: Record<string, unknown>
    }
    const withoutOld = JSON.stringify({ ...doc, versions: { '1.1.0': doc.versions['1.1.0'] } })
    expect(
      (await send('PUT', npmUrl('npm-local', 'pinned-lib/-rev/1-x'), 'patterned', withoutOld)).status,
    ).toBe(403)
    expect((await send('DELETE', npmUrl('npm-local', 'pinned-lib/-rev/1-x'), 'patterned')).status).toBe(403)
    expect(await versions()).toEqual(['1.0.0', '1.1.0'])
    const tarball = (version: string) => npmUrl('npm-local', `pinned-lib/-/pinned-lib-${version}.tgz`)
    expect((await send('GET', tarball('1.0.0'), 'patterned')).status).toBe(404)
    expect((await send('GET', tarball('1.1.0'), 'patterned')).status).toBe(200)
    // Nor is a version published whose tarball the grant leaves out.
    expect((await publish('npm-local', 'patterned', 'pinned-lib', '2.0.0')).status).toBe(403)
    expect((await publish('npm-local', 'patterned', 'pinned-lib', '1.2.0')).status).toBe(200)
    expect(await versions()).toEqual(['1.0.0', '1.1.0', '1.2.0'])
  })
})

describe('an npm remote: filling its cache is deploying to it', () => {
  let upstream: UpstreamRegistry
  beforeAll(async () => {
    const versions = ['1.0.0', '2.0.0'].map((version) => ({
      name: 'far-lib',
      version,
      manifest: { name: 'far-lib', version },
      tarball: npmTarball('far-lib', version),
      file: `far-lib-${version}.tgz`,
    }))
    upstream = await startUpstreamRegistry(versions)
    await remoteStore(server.ctx.sql).setUpstream('npm-remote', upstream.url)
    await usersOutsideGroups(server, 'remote-reader', 'remote-filler')
    await grant(server, { repositories: ['npm-remote', 'npm'], users: { 'remote-reader': ['read'] } })
    await grant(server, { repositories: ['npm-remote', 'npm'], users: { 'remote-filler': ['deploy'] } })
  })
  afterAll(async () => {
    await remoteStore(server.ctx.sql).setUpstream('npm-remote', 'offline')
    await upstream?.stop()
  })

  it('a reader gets what is cached only; one granted deploy (cache) fills it', async () => {
    const tarball = (repo: string, version: string) => npmUrl(repo, `far-lib/-/far-lib-${version}.tgz`)
    for (const url of [npmUrl('npm-remote', 'far-lib'), npmUrl('npm', 'far-lib'), tarball('npm', '1.0.0')]) {
      const refused = await send('GET', url, 'remote-reader')
      expect(refused.status, url).toBe(403)
      expect(((await refused.json()) as { code: string }).code).toBe('NOT_CACHED_FORBIDDEN')
    }
    expect(upstream.requests).toEqual([])
    expect((await send('GET', npmUrl('npm', 'far-lib'), 'remote-filler')).status).toBe(200)
    expect((await send('GET', tarball('npm', '1.0.0'), 'remote-filler')).status).toBe(200)
    const asked = upstream.requests.length
    expect(asked).toBeGreaterThan(0)
    // Now cached: the reader is served it, and still fills nothing.
    expect((await send('GET', npmUrl('npm-remote', 'far-lib'), 'remote-reader')).status).toBe(200)
    expect((await send('GET', tarball('npm-remote', '1.0.0'), 'remote-reader')).status).toBe(200)
    expect((await send('GET', tarball('npm-remote', '2.0.0'), 'remote-reader')).status).toBe(403)
    expect(upstream.requests.length).toBe(asked)
  })
})

describe('a version once published', () => {
  it('is never published again with other bytes, by anyone, even after it was unpublished', async () => {
    expect((await publish('npm-local', 'victim', 'gone-lib', '1.0.0', 'original')).status).toBe(200)
    const removed = await send('DELETE', npmUrl('npm-local', 'gone-lib/-rev/1-x'), 'victim')
    expect(removed.status).toBe(200)
    expect((await send('GET', npmUrl('npm-local', 'gone-lib'), 'victim')).status).toBe(404)
    // Not by its owner, not by an admin: other bytes under 1.0.0 would fool every lockfile.
    const again = await publish('npm-local', 'victim', 'gone-lib', '1.0.0', 'impostor')
    expect(again.status).toBe(403)
    expect(((await again.json()) as { error: string }).error).toContain('1.0.0')
    await createUser(server, 'second-admin')
    await server.ctx.sql.run("UPDATE users SET admin = 1 WHERE name = 'second-admin'")
    expect((await publish('npm-local', 'second-admin', 'gone-lib', '1.0.0', 'impostor')).status).toBe(403)
    // The very bytes it had may come back (a restore).
    expect((await publish('npm-local', 'victim', 'gone-lib', '1.0.0', 'original')).status).toBe(200)
  })
})

describe('container images (/v2/) go through the same module', () => {
  const v2 = (path: string) => `${server.url}/v2/${path}`

  it('a read-only user cannot start a push or delete a manifest; a deployer can push', async () => {
    const start = await send('POST', v2('docker-local/mallory/app/blobs/uploads/'), 'mallory')
    expect(start.status).toBe(403)
    expect(((await start.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('DENIED')
    expect((await send('DELETE', v2('docker-local/victim/app/manifests/1.0.0'), 'mallory')).status).toBe(403)
    await grant(server, { repositories: ['docker-local'], users: { deployer: ['deploy'] } })
    expect((await send('POST', v2('docker-local/deployer/app/blobs/uploads/'), 'deployer')).status).toBe(202)
  })

  it('a read token cannot push, whatever its owner may do', async () => {
    const login = await fetch(`${server.url}/artifactory/api/npm/npm/-/user/org.couchdb.user:victim`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'victim', password: PASSWORD }),
    })
    expect(login.status).toBe(201)
    await server.ctx.sql.run("UPDATE access_tokens SET scope_access = 'read' WHERE kind = 'client'")
    const { token } = (await login.json()) as { token: string }
    const bearer = { authorization: `Bearer ${token}` }
    const push = await fetch(v2('docker-local/victim/app/blobs/uploads/'), {
      method: 'POST',
      headers: bearer,
    })
    expect(push.status).toBe(403)
    // Nor through the token endpoint with the token as a password.
    const basicToken = `Basic ${Buffer.from(`victim:${token}`).toString('base64')}`
    const issued = (await (await fetch(v2('token'), { headers: { authorization: basicToken } })).json()) as {
      token: string
    }
    const again = await fetch(v2('docker-local/victim/app/blobs/uploads/'), {
      method: 'POST',
      headers: { authorization: `Bearer ${issued.token}` },
    })
    expect(again.status).toBe(403)
  })

  it("a deployer cannot move someone else's tag to other bytes; delete/overwrite may", async () => {
    const imageOf = (text: string) =>
      buildImage({ layers: [{ command: `ADD ${text}`, files: [{ path: 'f', content: text }] }] })
    const original = imageOf('the victim’s')
    const impostor = imageOf('the attacker’s')
    await grant(server, { repositories: ['docker-local'], users: { deployer: ['deploy'] } })
    await (
      await ociPusher(server.url, 'victim', PASSWORD)
    ).push('docker-local/victim/tagged', original, ['1.0.0'])
    const tagged = async () =>
      (await send('HEAD', v2('docker-local/victim/tagged/manifests/1.0.0'), 'victim')).headers.get(
        'docker-content-digest',
      )
    const deployer = await ociPusher(server.url, 'deployer', PASSWORD)
    // The same bytes again (a retried push) and a new tag are deploys.
    await deployer.push('docker-local/victim/tagged', original, ['1.0.0', '1.0.1'])
    await expect(deployer.push('docker-local/victim/tagged', impostor, ['1.0.0'])).rejects.toThrow(/403/)
    expect(await tagged()).toBe(original.manifest.digest)
    await (
      await ociPusher(server.url, 'overwriter', PASSWORD)
    ).push('docker-local/victim/tagged', impostor, ['1.0.0'])
    expect(await tagged()).toBe(impostor.manifest.digest)
  })

  it('a user outside every grant cannot list tags, with a token of theirs', async () => {
    const made = await fetch(`${server.url}/ui/api/v1/ui/tokens`, {
      method: 'POST',
      headers: browserHeaders(server.url, signInDirectly(server, { outsider: true })),
      body: '{}',
    })
    const { token } = (await made.json()) as { token: string }
    const res = await fetch(v2('docker-local/victim/app/tags/list'), {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(403)
  })
})
