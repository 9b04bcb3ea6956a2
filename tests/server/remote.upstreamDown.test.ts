/**
 * A package that is not cached, asked for through a remote whose upstream is gone, with the real
 * npm CLI and two platform instances (one the other's upstream, then stopped): the first failure
 * is a 502 (npm retries it, so a blip is asked again), and once the upstream has failed for a
 * while npm is told at once, 424 naming the repository and the cause, instead of after its ~76 s
 * of retries (docs/decisions/2026-12-05-uncached-package-upstream-down.md). The platform runs on
 * a held clock, moved by the wait npm keeps before its first retry, so no test waits it out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { npmCli } from '../support/npmCli'
import { startTestServer, type TestServer } from '../support/server'

let upstream: TestServer | undefined
let platform: TestServer
let upstreamUrl: string
let work: string
const clock = manualClock()
/** npm's wait before it asks again after a 5xx (`fetch-retry-mintimeout`, 10 s by default). */
const NPM_FIRST_RETRY_MS = 10_000

beforeAll(async () => {
  upstream = await startTestServer({ anonymousAccess: true })
  upstreamUrl = `${upstream.url}/artifactory/api/npm/npm-local/`
  platform = await startTestServer({}, { NPM_REMOTE_URL: upstreamUrl }, { clock })
  work = mkdtempSync(join(tmpdir(), 'npm-upstream-down-'))
  await upstream.stop()
  upstream = undefined
}, 120_000)

afterAll(async () => {
  await platform?.stop()
  await upstream?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a package not cached, the upstream gone', () => {
  it(
    'is a 502 at the first failure, then npm is told at once: 424 naming the remote and the cause',
    { timeout: 180_000 },
    async () => {
      const auth = Buffer.from(`admin:${platform.config.adminPassword}`).toString('base64')
      const unreachable = new RegExp(
        `npm-remote: the upstream ${upstreamUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}left-pad is unreachable: cannot connect: ECONNREFUSED`,
      )
      // The first failure of a healthy upstream: a status npm retries, as it would a blip.
      const first = await fetch(`${platform.url}/artifactory/api/npm/npm/left-pad`, {
        headers: { authorization: `Basic ${auth}` },
      })
      expect(first.status).toBe(502)
      const body = (await first.json()) as { error: string; code: string }
      expect(body.code).toBe('UPSTREAM_UNREACHABLE')
      expect(body.error).toMatch(unreachable)
      // By the time npm would ask again, the upstream has been failing long enough to be down.
      clock.advance(NPM_FIRST_RETRY_MS)

      const app = join(work, 'app')
      mkdirSync(app)
      writeFileSync(
        join(app, 'package.json'),
        JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
      )
      const registry = `${platform.url}/artifactory/api/npm/npm/`
      const rc = join(work, 'npmrc')
      writeFileSync(rc, `registry=${registry}\n${registry.replace(/^http:/, '')}:_auth=${auth}\n`)
      // npm's own retry settings (2 retries, 10 s then 60 s): the bound is for a stuck run only.
      const installed = await npmCli(app).npm(['install', 'left-pad'], app, rc, 150_000)
      expect(installed.failed).toBe(true)
      expect(installed.stderr).toMatch(/npm error code E424/)
      expect(installed.stderr).toMatch(unreachable)
      // Not called a missing package.
      expect(installed.stderr).not.toMatch(/E404|could not be found/)
    },
  )
})
