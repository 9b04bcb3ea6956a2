/**
 * The session area as the browser runs it (commands/browserApp.ts): partly loaded. The login
 * page's part (domain/session/loginDecider.ts) decides every command but the account screens',
 * which wait for the whole area (domain/session/decider.ts) as a deferred area's commands wait
 * for its code. Exact because the part evolves every event as the whole does, but the events
 * that only the account commands lead to (through the account effects).
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createBus } from '../../commands/bus'
import { browserAreas } from '../../commands/browserApp'
import { areaManifests } from '../../ui/areas'
import {
  appSlice,
  areas,
  eventSpecs,
  initialAppState,
  type AnyArea,
  type AppEvent,
  type AppState,
} from '../../domain/app'
import { createAreaRegistry } from '../../domain/areaRegistry'
import { sessionArea } from '../../domain/session/decider'
import { ACCOUNT_COMMANDS, sessionLoginArea } from '../../domain/session/loginDecider'
import { isAccountEvent } from '../../commands/effects/accountEvents'
import type { SessionState } from '../../domain/session/types'
import { arbitraryFromCodec } from '../support/arbitraryFromCodec'
import { fakePorts } from '../support/fakePorts'
import { flush } from '../support/wait'
import { specEventMeta } from '../support/decider'

// The two as the app runs them (their evolve takes any event of the app).
const loginPart = appSlice(sessionLoginArea)
const whole = appSlice(sessionArea)

const arbitraryEvent = (spec: { type: string; codec: unknown }): fc.Arbitrary<AppEvent> => {
  const data = (spec.codec as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } }).props.data
  return arbitraryFromCodec(data).map((d) => ({ type: spec.type, data: d }) as AppEvent)
}

// The events only the account screens' requests lead to: the requests themselves (the account
// effects react to them) and the answers the account effects give.
const ACCOUNT_ONLY =
  /^session\/(PasswordReset|ResetKey|PasswordChange|Registration|Invitation|Profile|ApiKey)[A-Za-z]*$/
const specs = [...eventSpecs.values()]
const loginPageEvents = specs.filter((s) => !ACCOUNT_ONLY.test(s.type))
const accountEvents = specs.filter((s) => ACCOUNT_ONLY.test(s.type))

const slice = fc.constantFrom<SessionState>(
  initialAppState.session,
  { ...initialAppState.session, status: 'signedIn' },
  { ...initialAppState.session, loading: true, status: 'signingOut' },
)

describe('the session area, partly loaded in the browser', () => {
  it('the account effects start on the account screens requests, and on nothing else', () => {
    expect(
      specs
        .map((s) => s.type)
        .filter(isAccountEvent)
        .sort(),
    ).toEqual(
      [
        'session/PasswordResetRequested',
        'session/ResetKeyValidationRequested',
        'session/PasswordResetSubmitted',
        'session/PasswordChangeRequested',
        'session/RegistrationRequested',
        'session/InvitationCheckRequested',
        'session/InvitationAcceptRequested',
        'session/ProfileUnlockRequested',
        'session/ProfileUpdateRequested',
        'session/ApiKeyRequested',
        'session/ApiKeyHidden',
      ].sort(),
    )
  })

  it('the login part evolves every other event as the whole area does', () => {
    fc.assert(
      fc.property(slice, fc.oneof(...loginPageEvents.map(arbitraryEvent)), (s, event) => {
        expect(loginPart.evolve(s, event, specEventMeta)).toEqual(whole.evolve(s, event, specEventMeta))
      }),
      { numRuns: 1000 },
    )
  })

  it('the login part leaves the account events to the rest of the area', () => {
    expect(accountEvents.length).toBeGreaterThan(20)
    fc.assert(
      fc.property(slice, fc.oneof(...accountEvents.map(arbitraryEvent)), (s, event) => {
        expect(loginPart.evolve(s, event, specEventMeta)).toBe(s)
      }),
      { numRuns: 300 },
    )
  })

  it('an account command waits for the whole area, a login command does not', async () => {
    const browser = browserAreas(areaManifests)
    expect(browser.waitsFor('session/SignIn')).toBeUndefined()
    for (const type of ACCOUNT_COMMANDS) expect(browser.waitsFor(type), type).toBeDefined()

    let release!: (area: AnyArea) => void
    const loading = new Promise<AnyArea>((r) => (release = r))
    const registry = createAreaRegistry<AppState, AppEvent, AnyArea>(
      areas.map((a) =>
        a.key === 'session' ? { area: loginPart, later: ACCOUNT_COMMANDS, load: () => loading } : a,
      ),
    )
    const app = createBus({ ports: fakePorts(), effects: {}, areas: registry })
    const types: string[] = []
    app.events$.subscribe((e) => types.push(e.event.type))

    app.dispatch({ type: 'session/RequestPasswordReset', user: ' ada ' })
    app.dispatch({ type: 'session/DismissLoginDialog' })
    await flush()
    expect(types).toEqual(['session/LoginDialogDismissed'])
    expect(registry.area('session')).toBe(loginPart)

    release(whole)
    await flush()
    expect(types).toEqual(['session/LoginDialogDismissed', 'session/PasswordResetRequested'])
    expect(registry.area('session')).toBe(whole)
    expect(registry.waitsFor('session/UpdateProfile')).toBeUndefined()
    expect(app.getState().session.forms.forgot).toEqual({ status: 'pending' })
    app.dispose()
  })
})
