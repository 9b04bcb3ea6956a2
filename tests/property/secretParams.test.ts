/**
 * Secret URL parameters never reach the log (DESIGN.md, the event log): sessions that go
 * through reset, invitation and CLI links (also nested in a redirect target, and in paths an
 * effect reports) are run through the real bus; the exported log holds none of the secrets,
 * still replays to the live state, and the screens can still read the secret back.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppCommand, AppEvent } from '../../domain/app'
import { replayLog } from '../../domain/log'
import * as t from 'io-ts'
import { checkEventForLog } from '../../domain/shared/eventCheck'
import { redactEventSecrets, redactSecretParams, SECRET_QUERY_PARAMS } from '../../domain/shared/secretParams'
import { fakePorts } from '../support/fakePorts'

// Long enough that a secret cannot appear in the log by coincidence.
const secret = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/)

const link = (s: string, s2: string): fc.Arbitrary<string> =>
  fc.constantFrom(
    `/login/reset-password?key=${s}`,
    `/login/invitation?token=${encodeURIComponent(s)}&x=1`,
    `/login/cli-extension?jfClientSession=${s}&jfClientName=cli&jfClientCode=${s2}`,
    `/login?redirectTo=${encodeURIComponent(`/login/reset-password?key=${s}`)}`,
    `/packages?q=react&session=${s}#top`,
    `/home?Password=${s}&CODE=${s2}`,
  )

type Step = { kind: 'command'; command: AppCommand } | { kind: 'event'; event: AppEvent }

const step = (s: string, s2: string): fc.Arbitrary<Step> =>
  link(s, s2).chain((to) =>
    fc.constantFrom<Step>(
      { kind: 'command', command: { type: 'navigation/Navigate', to } as AppCommand },
      { kind: 'command', command: { type: 'navigation/SyncFromHistory', to } as AppCommand },
      { kind: 'command', command: { type: 'session/SavePathAfterLogin', path: to } as AppCommand },
      // A path reported by an effect (another area) is redacted the same way.
      {
        kind: 'event',
        event: { type: 'navigation/Redirected', data: { from: to, to, reason: 'x' } } as AppEvent,
      },
    ),
  )

const session = fc.array(fc.tuple(secret, secret), { minLength: 1, maxLength: 6 }).chain((pairs) =>
  fc
    .array(
      fc.constantFrom(...pairs).chain(([s, s2]) => step(s, s2)),
      { minLength: 1, maxLength: 20 },
    )
    .map((steps) => ({ secrets: pairs.flat(), steps })),
)

describe('secret query parameters in the event log', () => {
  it('are never in the exported log, which still replays to the live state', () => {
    fc.assert(
      fc.property(session, ({ secrets, steps }) => {
        const injected = new Subject<AppEvent>()
        const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
        for (const s of steps) {
          if (s.kind === 'command') app.dispatch(s.command, 'router')
          else injected.next(s.event)
        }
        const log = app.exportLog()
        for (const s of secrets) {
          expect(log).not.toContain(s)
          expect(log).not.toContain(encodeURIComponent(s))
        }
        const replayed = replayLog(log)
        expect(replayed.errors).toEqual([])
        expect(replayed.hashMatches).toBe(true)
        app.dispose()
      }),
      { numRuns: 150 },
    )
  })

  it('stay readable by the screen through the reference the location holds', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    app.dispatch(
      { type: 'navigation/SyncFromHistory', to: '/login/reset-password?key=k3y-v4lue%2Bx' },
      'router',
    )
    const query = new URLSearchParams(app.getState().navigation.location.query)
    const recorded = query.get('key') ?? ''
    expect(recorded).not.toContain('k3y')
    expect(app.revealQuerySecret(recorded)).toBe('k3y-v4lue+x')
    // Values that are no reference come back as they are.
    expect(app.revealQuerySecret('plain')).toBe('plain')
    app.dispose()
  })
})

describe('redactSecretParams', () => {
  it('replaces every listed parameter, whatever its case, and leaves other parameters byte for byte', () => {
    const name = fc.constantFrom(...SECRET_QUERY_PARAMS).chain((n) => fc.constantFrom(n, n.toUpperCase()))
    const other = fc
      .stringMatching(/^[a-z]{1,8}$/)
      .filter((n) => !SECRET_QUERY_PARAMS.some((s) => s.toLowerCase() === n))
    fc.assert(
      fc.property(name, secret, other, fc.stringMatching(/^[A-Za-z0-9%._~-]{0,12}$/), (n, s, o, v) => {
        const out = redactSecretParams(`/p?${o}=${v}&${n}=${s}#h`, () => 'R')
        expect(out).toBe(`/p?${o}=${v}&${n}=R#h`)
      }),
    )
  })

  it('leaves text without a query alone', () => {
    expect(redactSecretParams('/login/reset-password', () => 'R')).toBe('/login/reset-password')
  })
})

describe('the log gate (checkEventForLog) with the secret rule', () => {
  // Any event shape: JSON values with links (secrets in them) and other strings at any depth.
  const eventData = fc.tuple(secret, secret).chain(
    ([s, s2]) =>
      fc.letrec<{ value: unknown }>((tie) => ({
        value: fc.oneof(
          { depthSize: 'small' },
          link(s, s2),
          fc.string(),
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.array(tie('value'), { maxLength: 4 }),
          fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
        ),
      })).value,
  )
  const spec = { codec: t.type({ type: t.string }) } as unknown as Parameters<typeof checkEventForLog>[1]
  const replace = (v: string) => `ref-${v.length}`

  it('records exactly what redacting first recorded, and redacts only text holding a query', () => {
    fc.assert(
      fc.property(eventData, (data) => {
        const event = { type: 'test/Event', data }
        let asked = false
        const now = checkEventForLog(event, spec, (e) => {
          asked = true
          return redactEventSecrets(e, replace)
        })
        expect(now).toEqual(checkEventForLog(redactEventSecrets(event, replace), spec))
        // Without a '?' in its JSON no string is target-shaped: the walk is not needed.
        if (!JSON.stringify(event).includes('?')) expect(asked).toBe(false)
      }),
      { numRuns: 300 },
    )
  })
})
