/**
 * Each npm endpoint is a route of its own: a package named in either spelling npm sends
 * (`@scope%2fname` in one segment, `@scope/name` in two), a name as long as npm allows, and
 * paths that are no endpoint answered in npm's shape without their body being read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { npmTarball, publishDocument } from '../support/npmTarball'
import { signInDirectly } from './helpers/catalogSession'
import { clientTokenOf } from './helpers/permissions'
import { statusBeforeBody } from './helpers/statusBeforeBody'

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer()
  token = await clientTokenOf(server, signInDirectly(server, { admin: true }))
})

afterAll(async () => {
  await server?.stop()
})

const path = (rest: string) => `/artifactory/api/npm/npm-local/${rest}`
const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
const send = (method: string, rest: string, body?: string) =>
  fetch(`${server.url}${path(rest)}`, { method, headers: headers(), ...(body === undefined ? {} : { body }) })
const publish = (name: string, version: string) =>
  send(
    'PUT',
    name.replace('/', '%2f'),
    JSON.stringify(publishDocument(name, version, npmTarball(name, version))),
  )
const bodyOf = async (res: Response) => (await res.json()) as Record<string, unknown>

describe('a scoped package', () => {
  const name = '@routes/scoped'

  beforeAll(async () => {
    expect((await publish(name, '1.0.0')).status).toBe(200)
    expect((await publish(name, '1.1.0')).status).toBe(200)
  })

  it.each(['@routes%2fscoped', '@routes%2Fscoped', '@routes/scoped'])('is read at %s', async (spelled) => {
    const doc = await bodyOf(await send('GET', spelled))
    expect(doc.name).toBe(name)
    expect(Object.keys(doc.versions as object).sort()).toEqual(['1.0.0', '1.1.0'])
    // One more segment is a version (or tag) of the scoped package, not a package of that name.
    expect((await bodyOf(await send('GET', `${spelled}/1.0.0`))).version).toBe('1.0.0')
    expect((await bodyOf(await send('GET', `${spelled}/latest`))).version).toBe('1.1.0')
    const tarball = await send('GET', `${spelled}/-/scoped-1.0.0.tgz`)
    expect(tarball.status).toBe(200)
    expect(Buffer.from(await tarball.arrayBuffer())).toEqual(npmTarball(name, '1.0.0'))
    expect(await bodyOf(await send('GET', `-/package/${spelled}/dist-tags`))).toEqual({ latest: '1.1.0' })
  })

  it('takes a dist-tag in either spelling, and the tarball URLs it serves are read back', async () => {
    expect((await send('PUT', '-/package/@routes/scoped/dist-tags/old', '"1.0.0"')).status).toBe(200)
    expect((await send('PUT', '-/package/@routes%2fscoped/dist-tags/next', '"1.1.0"')).status).toBe(200)
    expect(await bodyOf(await send('GET', '-/package/@routes/scoped/dist-tags/old'))).toEqual({
      latest: '1.1.0',
      old: '1.0.0',
      next: '1.1.0',
    })
    const doc = await bodyOf(await send('GET', '@routes%2fscoped'))
    const dist = (doc.versions as Record<string, { dist: { tarball: string } }>)['1.0.0']!.dist
    expect((await fetch(dist.tarball, { headers: headers() })).status).toBe(200)
  })
})

describe('a name as long as npm allows', () => {
  it('is published, read and downloaded', async () => {
    const name = `long-${'n'.repeat(209)}`
    expect(name).toHaveLength(214)
    expect((await publish(name, '1.0.0-alpha.1')).status).toBe(200)
    expect((await bodyOf(await send('GET', `${name}/1.0.0-alpha.1`))).name).toBe(name)
    expect((await send('GET', `${name}/-/${name}-1.0.0-alpha.1.tgz`)).status).toBe(200)
  })
})

describe('paths that are no endpoint', () => {
  it('answer in npm’s shape', async () => {
    const missing = await send('GET', '-/v2/anything')
    expect(missing.status).toBe(404)
    expect(await bodyOf(missing)).toMatchObject({ error: 'This registry does not serve /-/v2/anything' })
    expect((await send('POST', '-/ping')).status).toBe(404)
    expect((await fetch(`${server.url}/artifactory/api/npm/npm-local`, { headers: headers() })).status).toBe(
      404,
    )
    const post = await send('POST', 'some-package', '{}')
    expect(post.status).toBe(405)
    expect(await bodyOf(post)).toMatchObject({ error: 'POST is not supported here' })
  })

  it('are answered before their body is read', async () => {
    const declared = 90 * 1024 * 1024
    expect(await statusBeforeBody(server.url, 'PUT', path('-/v2/anything'), declared, headers())).toBe(404)
    expect(await statusBeforeBody(server.url, 'POST', path('a/b/c/d'), declared, headers())).toBe(405)
  }, 20_000)
})
