/**
 * A build fails by a violation found after its build-info was uploaded (issue 36: "a build-info
 * whose artifacts violate a fail-build policy is marked failed"; every version is scanned again
 * after each import, and watches cover builds): a fail-build watch made later, and an advisory
 * imported later, each mark a build that was a success as failed. A build that holds nothing
 * affected stays as its document says.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { osvAdvisory } from '../support/osvAdvisories'
import { securityPolicy } from '../support/xrayPolicies'
import { publishBody } from '../support/npmPublish'
import { putBuildInfo } from './helpers/buildInfo'

let server: TestServer
let admin: string
let developer: string

const api = <T>(method: string, path: string, cookie: string, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

/** The sha256 of a catalogue version's lead file (its tarball). */
async function tarballOf(versionId: string): Promise<string> {
  const row = await server.ctx.sql.one<{ sha256: string }>(
    'SELECT sha256 FROM catalog_files WHERE version_id = ? AND lead = 1',
    [versionId],
  )
  if (!row) throw new Error(`no file of ${versionId} in the catalogue`)
  return row.sha256
}

/** Publishes `name`@1.0.0 to npm-local (scanned as it arrives); answers its tarball's sha256. */
async function publish(name: string): Promise<string> {
  const { body, tarball } = publishBody(name, '1.0.0')
  const basic = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
  const res = await fetch(`${server.url}/artifactory/api/npm/npm-local/${name}`, {
    method: 'PUT',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.ok).toBe(true)
  return createHash('sha256').update(tarball).digest('hex')
}

/** Uploads run 1 of `name`, whose module's artifact is the file with `sha256`. */
async function uploadBuild(name: string, sha256: string) {
  const res = await putBuildInfo(server, admin, name, [
    { id: name, artifacts: [{ name: 'package.tgz', sha256 }] },
  ])
  expect(res.status).toBe(204)
}

const status = async (name: string) =>
  (await api<{ status: string }>('GET', `/builds/${name}/1`, developer)).body.status

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe('a build fails by a violation found after its upload', () => {
  it('when a fail-build watch over its repositories is made later', async () => {
    // lodash 4.17.15 has a high advisory among the shipped ones; no watch yet, so no violation.
    await uploadBuild('later-watch', await tarballOf('npm://lodash@4.17.15'))
    await uploadBuild('later-watch-clean', await publish('later-clean'))
    expect(await status('later-watch')).toBe('success')

    const policy = securityPolicy('fail-high-later', 'high', { failBuild: true })
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = { name: 'all-later', description: '', resources: { kind: 'all' }, policies: [policy.name] }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)

    expect(await status('later-watch')).toBe('failure')
    expect(await status('later-watch-clean')).toBe('success')
  })

  it('when an advisory imported later affects its artifact, under a watch naming the build', async () => {
    const policy = securityPolicy('fail-critical-later', 'critical', { failBuild: true })
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'builds-later',
      description: '',
      resources: { kind: 'builds', builds: ['later-import'] },
      policies: [policy.name],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
    await uploadBuild('later-import', await publish('later-import'))
    expect(await status('later-import')).toBe('success')

    const advisory = osvAdvisory('GHSA-late-late-late', 'later-import', { severity: 'CRITICAL' })
    const res = await fetch(
      `${server.url}/ui/api/v1/xray/api/v1/advisories/import?wait=true&name=late.json`,
      {
        method: 'POST',
        headers: { ...browserHeaders(server.url, admin), 'content-type': 'application/octet-stream' },
        body: JSON.stringify([advisory]),
      },
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true)

    expect(await status('later-import')).toBe('failure')
  })
})
