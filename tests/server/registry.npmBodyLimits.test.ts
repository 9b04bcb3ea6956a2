/**
 * Each npm route reads only the body it needs, and only once the caller may send it there: a
 * publish keeps room for its tarball (registry.publishChecks.test.ts), an audit the dependency
 * tree of a large project, an unpublish the package document npm sends back (read as it comes,
 * keeping only its versions' names); a sign-in and a dist-tag little; a route that takes no body
 * reads none. Beyond a limit: 413 naming it, as the body arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { npmTarball, publishDocument } from '../support/npmTarball'
import { signInDirectly } from './helpers/catalogSession'
import { clientTokenOf } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { statusBeforeBody as sendPart } from './helpers/statusBeforeBody'
import {
  NPM_AUDIT_LIMIT,
  NPM_DOCUMENT_LIMIT,
  NPM_SMALL_LIMIT,
  NPM_UNPUBLISH_LIMIT,
} from '../../server/registry/npmRoutes'

let server: TestServer
let cookie: string
let token: string
const READER = `Basic ${Buffer.from(`reader:${TEST_PASSWORD}`).toString('base64')}`

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server, { admin: true })
  token = await clientTokenOf(server, cookie)
  // Every new user joins the readers: read everywhere, nothing more.
  await createUser(server, 'reader')
})

afterAll(async () => {
  await server?.stop()
})

const path = (rest: string) => `/artifactory/api/npm/npm-local/${rest}`
const json = (auth: Record<string, string>) => ({ ...auth, 'content-type': 'application/json' })
const bearer = () => ({ authorization: `Bearer ${token}` })
/** The admin's session: a client token may read and deploy, not delete. */
const session = () => {
  const { 'content-type': _json, ...headers } = browserHeaders(server.url, cookie)
  return headers
}
const send = (method: string, rest: string, headers: Record<string, string>, body?: string) =>
  fetch(`${server.url}${path(rest)}`, { method, headers, ...(body === undefined ? {} : { body }) })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

/** JSON text of exactly `bytes` bytes: `text`, then spaces (which JSON allows after a value). */
const padded = (text: string, bytes: number) => text + ' '.repeat(bytes - Buffer.byteLength(text))

const statusBeforeBody = (method: string, at: string, declared: number, headers: Record<string, string>) =>
  sendPart(server.url, method, at, declared, headers)

/** A body sent in chunks without a length, so the server must count it as it comes. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(new Uint8Array(bytes.subarray(at, (at += 256 * 1024))))
    },
  })
}

const publish = async (name: string, version: string) => {
  const res = await send(
    'PUT',
    encodeURIComponent(name),
    json(bearer()),
    JSON.stringify(publishDocument(name, version, npmTarball(name, version))),
  )
  expect(res.status).toBe(200)
}
const versionsOf = async (name: string) =>
  Object.keys(
    ((await (await send('GET', name, bearer())).json()) as { versions: Record<string, unknown> }).versions,
  ).sort()

describe('npm audit', () => {
  const audit = { name: 'app', version: '1.0.0', requires: {}, dependencies: {} }
  const routes = ['-/npm/v1/security/audits/quick', '-/npm/v1/security/advisories/bulk']

  it.each(routes)('%s takes a large project, and answers 413 past its limit', async (route) => {
    const body = route.endsWith('bulk') ? {} : audit
    const within = await send('POST', route, json(bearer()), padded(JSON.stringify(body), NPM_AUDIT_LIMIT))
    expect(within.status).toBe(200)
    const beyond = await send(
      'POST',
      route,
      json(bearer()),
      padded(JSON.stringify(body), NPM_AUDIT_LIMIT + 1),
    )
    expect(beyond.status).toBe(413)
    expect(await messageOf(beyond)).toBe('The audit request is more than 8 MiB')
  })

  it('counts a body sent without a length as it comes', async () => {
    const res = await fetch(`${server.url}${path(routes[0]!)}`, {
      method: 'POST',
      headers: json(bearer()),
      body: chunked(padded(JSON.stringify(audit), NPM_AUDIT_LIMIT + 64 * 1024)),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await messageOf(res)).toBe('The audit request is more than 8 MiB')
  })
})

describe('dist-tags and sign-in', () => {
  it('a dist-tag takes a version, not more than a small body', async () => {
    const name = 'limits-tagged'
    await publish(name, '1.0.0')
    const tag = `-/package/${name}/dist-tags/beta`
    expect((await send('PUT', tag, json(bearer()), padded('"1.0.0"', NPM_SMALL_LIMIT))).status).toBe(200)
    // Another tag: moving one needs delete/overwrite, which a client token has not.
    const beyond = await send('PUT', `${tag}-2`, json(bearer()), padded('"1.0.0"', NPM_SMALL_LIMIT + 1))
    expect(beyond.status).toBe(413)
    expect(await messageOf(beyond)).toBe('The dist-tag request is more than 64 KiB')
  })

  it('a sign-in document is small, whichever path brings it', async () => {
    const document = JSON.stringify({ name: 'reader', password: TEST_PASSWORD })
    const user = '-/user/org.couchdb.user:reader'
    expect((await send('PUT', user, json({}), padded(document, NPM_SMALL_LIMIT))).status).toBe(201)
    // Again with the revision of a user npm knows.
    for (const at of [user, `${user}/-rev/1-x`]) {
      const beyond = await send('PUT', at, json(bearer()), padded(document, NPM_SMALL_LIMIT + 1))
      expect(beyond.status, at).toBe(413)
      expect(await messageOf(beyond)).toBe('The sign-in request is more than 64 KiB')
    }
  })

  it('plain text is no body any npm route takes', async () => {
    const name = 'limits-text'
    await publish(name, '1.0.0')
    const res = await send(
      'PUT',
      `-/package/${name}/dist-tags/beta`,
      {
        ...bearer(),
        'content-type': 'text/plain',
      },
      '1.0.0',
    )
    expect(res.status).toBe(415)
    expect((await (await send('GET', `-/package/${name}/dist-tags`, bearer())).json()) as object).toEqual({
      latest: '1.0.0',
    })
  })
})

describe('a body is read only once the caller may send it there', () => {
  it('a reader’s unpublish, dist-tag or publish is refused while its body is still coming', async () => {
    await publish('limits-kept', '1.0.0')
    const declared = 90 * 1024 * 1024
    const reader = { authorization: READER }
    expect(await statusBeforeBody('PUT', path('limits-kept/-rev/1-x'), declared, reader)).toBe(403)
    expect(await statusBeforeBody('PUT', path('-/package/limits-kept/dist-tags/x'), declared, reader)).toBe(
      403,
    )
    expect(await statusBeforeBody('PUT', path('limits-new'), declared, reader)).toBe(403)
    expect(await versionsOf('limits-kept')).toEqual(['1.0.0'])
  }, 20_000)

  it('a route that takes no body answers without reading one', async () => {
    const declared = 90 * 1024 * 1024
    expect(await statusBeforeBody('POST', path('-/anything'), declared, bearer())).toBe(404)
    // A dist-tag's removal (there is none to remove) takes no body either.
    expect(await statusBeforeBody('DELETE', path('-/package/x/dist-tags/beta'), declared, bearer())).toBe(200)
  }, 20_000)
})

describe('unpublish of a version', () => {
  const unpublish = (name: string, body: string) =>
    send('PUT', `${name}/-rev/1-x`, { ...session(), 'content-type': 'application/json' }, body)

  it('reads the document npm sends back as it comes: large strings dropped, versions kept', async () => {
    const name = 'limits-unpub'
    for (const v of ['1.0.0', '1.1.0']) await publish(name, v)
    // A README in every version: the document grows past what a small body holds.
    const readme = 'r'.repeat(3 * NPM_DOCUMENT_LIMIT)
    const res = await unpublish(name, JSON.stringify({ name, versions: { '1.1.0': { readme } } }))
    expect(res.status).toBe(200)
    expect(await versionsOf(name)).toEqual(['1.1.0'])
  }, 30_000)

  it('answers 413 past its limit, and to a document whose names alone are too large', async () => {
    const name = 'limits-unpub-big'
    for (const v of ['1.0.0', '1.1.0']) await publish(name, v)
    const declared = await statusBeforeBody(
      'PUT',
      path(`${name}/-rev/1-x`),
      NPM_UNPUBLISH_LIMIT + 1,
      session(),
    )
    expect(declared).toBe(413)
    const keys = await unpublish(
      name,
      JSON.stringify({ name, versions: { '1.1.0': {}, ['k'.repeat(NPM_DOCUMENT_LIMIT)]: {} } }),
    )
    expect(keys.status).toBe(413)
    expect(await messageOf(keys)).toMatch(/^The unpublish document is too large/)
    // Without its versions it is refused, not read as "remove them all".
    expect((await unpublish(name, JSON.stringify({ name }))).status).toBe(400)
    expect(await versionsOf(name)).toEqual(['1.0.0', '1.1.0'])
  }, 30_000)
})
