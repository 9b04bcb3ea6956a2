// Whatever session storage or a login page's redirectTo holds, a completed login never sends
// the browser off the console's origin.
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AppEvent } from '../../domain/app'
import { sessionArea } from '../../domain/session/decider'
import * as S from '../../domain/session/events'
import { corpusLines } from '../support/corpora'
import { user } from '../support/fixtures'
import { spec } from '../support/decider'

const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const meta = { now: new Date(NOW).toISOString(), id: 'x' }
const ORIGIN = 'https://console.example'

const session = spec(appSlice(sessionArea), meta)

function redirectFor(events: AppEvent[]) {
  const decided = session
    .given(...events)
    .when({ type: 'session/RedirectAfterLogin' })
    .events()
  const target = decided.find((e) => e.type === 'session/RedirectedAfterLogin')
  if (!target || target.type !== 'session/RedirectedAfterLogin') throw new Error('no redirect decided')
  return target.data
}

/** The URL the browser would end up at for a decided target. */
function landingUrl(target: { target: string; path: string }): URL | null {
  if (target.target === 'landing') return null
  const full = target.target === 'external' ? target.path : `/ui${target.path}`
  return new URL(full, ORIGIN)
}

const hostile = [...corpusLines('open-redirect'), ...corpusLines('url')]
const candidates = fc.oneof(
  fc.constantFrom(...hostile),
  fc.string(),
  fc.string().map((s) => `/${s}`),
  fc.string().map((s) => `/ui/${s}`),
  fc.constantFrom('//', '/\\', '/%2F', '/%5C', '/ui//', 'javascript:', 'https://', '\t/'),
  fc.tuple(fc.constantFrom('/', '/ui/', '//', '/%2f'), fc.webUrl()).map(([a, b]) => a + b),
)

describe('redirect after login (property)', () => {
  it('a saved path never leads off the origin, for admins and others', () => {
    fc.assert(
      fc.property(candidates, fc.boolean(), (path, admin) => {
        const target = redirectFor([
          S.PathAfterLoginRestored({ record: { pathAfterLogin: path, expiration: NOW + 60_000 } }),
          S.SignedIn({ user: user({ admin }), via: 'password' }),
        ])
        const url = landingUrl(target)
        if (url) expect(url.origin).toBe(ORIGIN)
      }),
      { numRuns: 3000 },
    )
  })

  it('a redirectTo target never leads off the origin', () => {
    fc.assert(
      fc.property(candidates, (redirectTo) => {
        const target = redirectFor([
          S.SignInRequested({ user: 'u', rememberMe: false, redirectTo, passwordRef: 'r' }),
          S.SignedIn({ user: user(), via: 'password' }),
        ])
        const url = landingUrl(target)
        if (url) expect(url.origin).toBe(ORIGIN)
      }),
      { numRuns: 3000 },
    )
  })

  it('every line of the open-redirect corpus is refused as a redirect target or stays home', () => {
    for (const line of corpusLines('open-redirect')) {
      const target = redirectFor([
        S.SignInRequested({ user: 'u', rememberMe: false, redirectTo: line, passwordRef: 'r' }),
        S.SignedIn({ user: user(), via: 'password' }),
      ])
      const url = landingUrl(target)
      if (url) expect(url.origin, line).toBe(ORIGIN)
    }
  })
})
