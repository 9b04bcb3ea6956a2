/**
 * An admin deletes what npm-remote has cached, through the files API the Artifacts tree uses: a
 * tarball (the version leaves the catalogue and the cache; the document stays), a package's
 * folder (its document too) and a scope's. Others are refused, even with delete on the remote.
 * The real npm CLI installs before and after: after a delete, the platform fetches the tarball
 * from the upstream (on 127.0.0.1) again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remoteStore } from '../../server/remote/store'
import { npmCli } from '../support/npmCli'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startPackedUpstream, type PackedUpstream, type UpstreamRegistry } from '../support/upstreamRegistry'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'

const NAME = 'evicted-pkg'
const SCOPED = '@evict/scoped'
let fixture: PackedUpstream
let upstream: UpstreamRegistry
let server: TestServer
let npmrc: string
let admin: string

beforeAll(async () => {
  fixture = await startPackedUpstream('remote-evict', [
    { name: NAME, version: '1.0.0', readme: '# Evicted\n' },
    { name: SCOPED, version: '2.0.0', readme: '# Scoped\n' },
  ])
  upstream = fixture.upstream
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url })
  npmrc = join(fixture.work, 'npmrc')
  writeFileSync(npmrc, `registry=${server.url}/artifactory/api/npm/npm-remote/\n`)
  admin = signInDirectly(server, { admin: true })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

let projects = 0
/** `npm install <name>` into a new project with its own empty npm cache: the platform is asked. */
async function install(name: string) {
  const app = join(fixture.work, `app-${++projects}`)
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `app-${projects}`, private: true }))
  const answer = await npmCli(app).npm(['install', name], app, npmrc)
  expect(answer, JSON.stringify(answer)).not.toHaveProperty('failed')
  return readFileSync(join(app, 'node_modules', name, 'index.js'), 'utf8')
}
const remove = (path: string, cookie: string) =>
  fetch(`${server.url}/artifactory/npm-remote/${path}`, {
    method: 'DELETE',
    headers: browserHeaders(server.url, cookie),
  })
const asked = (path: string) => upstream.requests.filter((p) => p === path).length
const tree = async (path: string) =>
  (
    (await (
      await fetch(
        `${server.url}/ui/api/v1/ui/treebrowser?repoKey=npm-remote&path=${encodeURIComponent(path)}`,
        {
          headers: { cookie: admin },
        },
      )
    ).json()) as { children: Array<{ name: string }> }
  ).children.map((c) => c.name)
const store = () => remoteStore(server.ctx.sql)

describe("deleting npm-remote's cache", () => {
  it('refuses everyone but an admin, even with delete permission on the remote', async () => {
    expect(await install(NAME)).toBe("module.exports = 'hello 1.0.0'\n")
    const deleter = signInDirectlyAs(server)
    await grant(server, { repositories: ['npm-remote'], users: { [deleter.name]: ['read', 'delete'] } })
    const refused = await remove(`${NAME}/-/${NAME}-1.0.0.tgz`, deleter.cookie)
    expect(refused.status).toBe(403)
    expect(await store().file('npm-remote', `${NAME}/-/${NAME}-1.0.0.tgz`)).toBeDefined()
  })

  it('deletes a cached tarball: the version leaves the tree, and npm install fetches it again', async () => {
    const tarball = `/${NAME}/-/${NAME}-1.0.0.tgz`
    expect(asked(tarball)).toBe(1)
    expect(await tree(`${NAME}/-`)).toContain(`${NAME}-1.0.0.tgz`)
    // A file inside the version goes only with it.
    expect((await remove(`${NAME}/-/1.0.0/package.json`, admin)).status).toBe(409)
    expect((await remove(tarball.slice(1), admin)).status).toBe(204)
    expect(await store().file('npm-remote', tarball.slice(1))).toBeUndefined()
    expect(await tree('')).not.toContain(NAME)
    // The document stays cached: only the tarball is asked again.
    expect(await store().document('npm-remote', NAME)).toBeDefined()
    expect((await remove(tarball.slice(1), admin)).status).toBe(404)

    expect(await install(NAME)).toBe("module.exports = 'hello 1.0.0'\n")
    expect(asked(tarball)).toBe(2)
    expect(asked(`/${NAME}`)).toBe(1)
    expect(await tree(`${NAME}/-`)).toContain(`${NAME}-1.0.0.tgz`)
  })

  it("deletes a package's folder with its document, and a scope's", async () => {
    expect((await remove(NAME, admin)).status).toBe(204)
    expect(await store().document('npm-remote', NAME)).toBeUndefined()
    expect(await store().file('npm-remote', `${NAME}/-/${NAME}-1.0.0.tgz`)).toBeUndefined()
    expect(await install(NAME)).toBe("module.exports = 'hello 1.0.0'\n")
    expect(asked(`/${NAME}`)).toBe(2)

    expect(await install(SCOPED)).toBe("module.exports = 'hello 2.0.0'\n")
    expect(await tree('')).toContain('@evict')
    expect((await remove('@evict', admin)).status).toBe(204)
    expect(await tree('')).not.toContain('@evict')
    expect(await store().document('npm-remote', SCOPED)).toBeUndefined()
    expect(await install(SCOPED)).toBe("module.exports = 'hello 2.0.0'\n")
    expect(asked('/@evict/scoped/-/scoped-2.0.0.tgz')).toBe(2)
  })
})
