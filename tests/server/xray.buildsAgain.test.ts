/**
 * A build is judged again when what decides its violations changes outside a scan run: a version
 * its build-info names arrives after the upload, an advisory import matches what it holds, an
 * ignore rule that lifted its violation expires on the platform's clock.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock, type ManualClock } from '../../server/clock'
import { IGNORE_EXPIRY_CHECK_MS, xrayFor } from '../../server/xray/service'
import { call } from '../support/apiCalls'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { osvAdvisory } from '../support/osvAdvisories'
import { securityPolicy } from '../support/xrayPolicies'
import { publishBody } from '../support/npmPublish'
import { putBuildInfo } from './helpers/buildInfo'

let server: TestServer
let clock: ManualClock
let admin: string

const api = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server, method, path, { cookie: admin, body })

/** Imports one advisory affecting every version of `name`, waiting for its rescan. */
async function importAdvisory(id: string, name: string) {
  const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/import?wait=true&name=${id}.json`, {
    method: 'POST',
    headers: { ...browserHeaders(server.url, admin), 'content-type': 'application/octet-stream' },
    body: JSON.stringify([osvAdvisory(id, name, { severity: 'HIGH' })]),
  })
  expect(((await res.json()) as { ok: boolean }).ok).toBe(true)
}

/** Publishes `name`@1.0.0 to npm-local. */
async function publish(body: unknown, name: string) {
  const basic = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
  const res = await fetch(`${server.url}/artifactory/api/npm/npm-local/${name}`, {
    method: 'PUT',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.ok).toBe(true)
}

/** A watch over the build `build` with a policy on high findings, failing builds or not. */
async function watchBuild(build: string, failBuild: boolean) {
  const policy = securityPolicy(`${build}-high`, 'high', { failBuild })
  expect((await api('POST', '/xray/api/v1/policies', policy)).status).toBe(201)
  const watch = {
    name: `${build}-watch`,
    description: '',
    resources: { kind: 'builds', builds: [build] },
    policies: [policy.name],
  }
  expect((await api('POST', '/xray/api/v1/watches', watch)).status).toBe(201)
  await xrayFor(server.ctx).idle()
}

async function uploadBuild(build: string, sha256: string) {
  const res = await putBuildInfo(server, admin, build, [
    { id: build, artifacts: [{ name: 'package.tgz', sha256 }] },
  ])
  expect(res.status).toBe(204)
}

const status = async (build: string) =>
  (await api<{ status: string }>('GET', `/builds/${build}/1`)).body.status
const buildViolations = async (build: string) =>
  (await api<{ total: number }>('GET', `/xray/api/v1/violations?resourceType=build&resource=${build}`)).body
    .total

beforeAll(async () => {
  clock = manualClock(Date.parse('2026-06-01T00:00:00.000Z'))
  server = await startTestServer({}, {}, { clock })
  admin = signInDirectly(server, { admin: true })
})
afterAll(async () => server?.stop())

describe('a build judged again', () => {
  it('when a version its build-info names arrives after the upload', async () => {
    await watchBuild('arrives-later', true)
    await importAdvisory('GHSA-arri-ves0-late', 'arrives-later-pkg')
    const { body, tarball } = publishBody('arrives-later-pkg', '1.0.0')
    await uploadBuild('arrives-later', createHash('sha256').update(tarball).digest('hex'))
    // Nothing it names is stored yet: nothing to judge.
    expect(await status('arrives-later')).toBe('success')
    expect(await buildViolations('arrives-later')).toBe(0)

    await publish(body, 'arrives-later-pkg')
    await xrayFor(server.ctx).buildsChecked()
    expect(await buildViolations('arrives-later')).toBe(1)
    expect(await status('arrives-later')).toBe('failure')
  })

  it('after an advisory import matches a version it holds', async () => {
    await watchBuild('imported-later', false)
    const { body, tarball } = publishBody('imported-later-pkg', '1.0.0')
    await publish(body, 'imported-later-pkg')
    await uploadBuild('imported-later', createHash('sha256').update(tarball).digest('hex'))
    expect(await buildViolations('imported-later')).toBe(0)

    await importAdvisory('GHSA-impo-rted-late', 'imported-later-pkg')
    expect(await buildViolations('imported-later')).toBe(1)
  })

  it('when an ignore rule that lifted its violation expires on the platform clock', async () => {
    await watchBuild('expires-later', true)
    await importAdvisory('GHSA-expi-res0-late', 'expires-later-pkg')
    const { body, tarball } = publishBody('expires-later-pkg', '1.0.0')
    await publish(body, 'expires-later-pkg')
    const rule = await api('POST', '/xray/api/v1/ignore_rules', {
      version: 'build://expires-later/1',
      reason: 'Until the release is out',
      expires: new Date(clock.now() + 3_600_000).toISOString(),
    })
    expect(rule.status).toBe(201)
    await uploadBuild('expires-later', createHash('sha256').update(tarball).digest('hex'))
    expect(await status('expires-later')).toBe('success')

    // An hour on, the next look after the expiry finds the violation in force again.
    clock.advance(3_600_000 + IGNORE_EXPIRY_CHECK_MS)
    await xrayFor(server.ctx).buildsChecked()
    expect(await buildViolations('expires-later')).toBe(1)
    expect(await status('expires-later')).toBe('failure')
  })
})
