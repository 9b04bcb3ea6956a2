/**
 * Read-only mode (spec 001 sections 6 and 8): an admin's platform setting under which deploys and
 * repository changes are refused with the catalogue's message, reads keep working, npm sign-in
 * stays open, and the console learns it from the feature flags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changesContent, READ_ONLY_MESSAGE } from '../../server/platform/readOnly'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
})
afterAll(async () => server.stop())

const call = (path: string, method = 'GET', body?: unknown, contentType = 'application/json') =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...browserHeaders(server.url, admin), 'content-type': contentType },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })

const setReadOnly = async (on: boolean) =>
  expect((await call('/ui/api/v1/ui/admin/generalConfig', 'PUT', { readOnlyMode: on })).status).toBe(200)

const features = async () =>
  ((await (await call('/ui/api/v1/ui/system/features')).json()) as { features: Record<string, boolean> })
    .features

describe('read-only mode', () => {
  it('refuses deploys and repository changes with the message while on, and allows them again when off', async () => {
    expect((await features()).readOnlyMode).toBe(false)
    await setReadOnly(true)
    expect((await features()).readOnlyMode).toBe(true)

    const deploy = await call(
      '/artifactory/generic-local/read-only/a.txt',
      'PUT',
      'hello',
      'application/octet-stream',
    )
    expect(deploy.status).toBe(403)
    expect(await deploy.json()).toMatchObject({ message: READ_ONLY_MESSAGE })
    const create = await call('/ui/api/v1/repositories', 'POST', {
      key: 'ro-local',
      kind: 'local',
      packageType: 'generic',
    })
    expect(create.status).toBe(403)
    expect(await create.json()).toMatchObject({ message: READ_ONLY_MESSAGE })
    // Reading goes on, and so does changing the setting back.
    expect((await call('/ui/api/v1/repositories')).status).toBe(200)
    await setReadOnly(false)

    expect((await features()).readOnlyMode).toBe(false)
    const deployed = await call(
      '/artifactory/generic-local/read-only/a.txt',
      'PUT',
      'hello',
      'application/octet-stream',
    )
    expect(deployed.status).toBeLessThan(300)
  })

  it('counts as content changes only writes under /artifactory and the repositories API, not npm sign-in', () => {
    const api = '/ui/api/v1'
    expect(changesContent('PUT', '/artifactory/generic-local/a.txt', api)).toBe(true)
    expect(changesContent('PUT', '/artifactory/api/npm/npm-local/left-pad', api)).toBe(true)
    expect(changesContent('DELETE', '/ui/api/v1/repositories/npm-local', api)).toBe(true)
    expect(changesContent('GET', '/artifactory/generic-local/a.txt', api)).toBe(false)
    expect(changesContent('PUT', '/artifactory/api/npm/npm-local/-/user/org.couchdb.user:dev', api)).toBe(
      false,
    )
    expect(changesContent('PUT', '/ui/api/v1/ui/admin/generalConfig', api)).toBe(false)
    expect(changesContent('POST', '/ui/api/v1/repositoriesX', api)).toBe(false)
  })
})
