import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { ReverseProxyC } from '../shared/webServer'

// Set-me-up (spec 000 section 4): its panel shown and hidden, and the address clients are set up
// with. The navigation area had it first, then the onboarding area, until set-me-up became an
// area of its own: logs written then name these events `navigation/…` or `onboarding/…`
// (`formerly`), with the same data.

export const SetMeUpShown = defineEvent(
  'setMeUp/Shown',
  t.partial({ packageType: t.string, availableRepos: t.array(t.string) }),
  { formerly: ['onboarding/SetMeUpShown', 'navigation/SetMeUpShown'] },
)
export const SetMeUpHidden = defineEvent('setMeUp/Hidden', t.type({}), {
  formerly: ['onboarding/SetMeUpHidden', 'navigation/SetMeUpHidden'],
})
/** Set-me-up asked for the platform's base URL (the first time, or again after a failure). */
export const ClientBaseUrlRequested = defineEvent('setMeUp/ClientBaseUrlRequested', t.type({}), {
  formerly: ['onboarding/ClientBaseUrlRequested', 'navigation/ClientBaseUrlRequested'],
})
export const ClientBaseUrlLoaded = defineEvent(
  'setMeUp/ClientBaseUrlLoaded',
  // The reverse proxies came later: logs written before them hold the base URL alone.
  t.intersection([t.type({ baseUrl: t.string }), t.partial({ reverseProxies: t.array(ReverseProxyC) })]),
  { formerly: ['onboarding/ClientBaseUrlLoaded', 'navigation/ClientBaseUrlLoaded'] },
)
export const ClientBaseUrlFailed = defineEvent('setMeUp/ClientBaseUrlFailed', t.type({ failure: Failure }), {
  formerly: ['onboarding/ClientBaseUrlFailed', 'navigation/ClientBaseUrlFailed'],
})

export const setMeUpEvents = [
  SetMeUpShown,
  SetMeUpHidden,
  ClientBaseUrlRequested,
  ClientBaseUrlLoaded,
  ClientBaseUrlFailed,
] as const

export type SetMeUpEvent = EventOf<(typeof setMeUpEvents)[number]>
