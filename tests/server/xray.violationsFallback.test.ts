/**
 * The console's scanning adapter against the reference platform, for a version's Xray Data tab:
 * its details (`component/details/general`) and its vulnerabilities
 * (`artifactViolationsByPackage`). When the second fails and the first answers (spec 001 section
 * 8: "artifact violations failure: falls back to the response date header"), the answer keeps
 * the details, lists nothing, and says why and when the platform answered: the failed answer's
 * own Date header. The failure is the platform's real answer to a call that reaches no route
 * (the test sends that one call to a path the platform does not have, as a node without it would
 * answer); everything else goes through unchanged.
 */
import { isLeft, isRight } from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../adapters/http/client'
import { createXrayApi } from '../../adapters/http/xray'
import type { ComponentSecurity } from '../../domain/xray'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'

const LODASH = 'GHSA-p6mc-m468-83gw'
const VIOLATIONS = '/xray/ui/unified/artifactViolationsByPackage'

let server: TestServer
let developer: string

beforeAll(async () => {
  server = await startTestServer()
  developer = signInDirectly(server)
})
afterAll(async () => {
  await server?.stop()
})

/**
 * The adapter as the console builds it, signed in as the developer; `failing` sends the calls to
 * those paths elsewhere on the platform, and `dates` keeps the Date header of each answer by path.
 */
function consoleXray(failing: readonly string[] = []) {
  const dates = new Map<string, string | null>()
  const api = createXrayApi(
    createHttpClient({
      base: `${server.url}/ui/api/v1`,
      retries: 0,
      fetch: async (input, init) => {
        const url = new URL(String(input))
        const path = url.pathname.replace('/ui/api/v1', '')
        if (failing.includes(path)) url.pathname = `${url.pathname}-not-here`
        const res = await fetch(url, {
          ...init,
          headers: {
            ...Object.fromEntries(new Headers(init?.headers)),
            ...browserHeaders(server.url, developer),
          },
        })
        dates.set(path, res.headers.get('date'))
        return res
      },
    }),
  )
  return { api, dates }
}

async function componentOf(failing: readonly string[] = []) {
  const { api, dates } = consoleXray(failing)
  const answer = await api.load({ what: 'component', packageId: 'npm://lodash', version: '4.17.15' })
  return { answer, dates }
}

describe("a version's Xray Data", () => {
  it('lists the vulnerabilities when both calls answer', async () => {
    const { answer } = await componentOf()
    expect(isRight(answer)).toBe(true)
    const data = (answer as { right: { data: ComponentSecurity } }).right.data
    expect(data.vulnerabilities.map((v) => v.issue_id)).toContain(LODASH)
    expect(data.vulnerabilitiesUnavailable).toBeUndefined()
  })

  it('keeps the details when the vulnerabilities fail, saying why and when the platform answered', async () => {
    const { answer, dates } = await componentOf([VIOLATIONS])
    expect(isRight(answer)).toBe(true)
    const data = (answer as { right: { data: ComponentSecurity } }).right.data
    expect(data.details).toMatchObject({ scan_status: 'scanned', repo: 'npm-remote' })
    expect(data.details!.vulnerabilities.high).toBeGreaterThan(0)
    expect(data.vulnerabilities).toEqual([])
    const header = dates.get(VIOLATIONS)
    expect(header).toBeTruthy()
    expect(data.vulnerabilitiesUnavailable).toEqual({
      failure: expect.objectContaining({ kind: 'status', status: 404 }),
      answeredAt: new Date(header!).toISOString(),
    })
  })

  it('fails as before when the details fail too', async () => {
    const { answer } = await componentOf([VIOLATIONS, '/xray/ui/component/details/general'])
    expect(isLeft(answer)).toBe(true)
  })
})
