import { EMPTY, exhaustMap, filter, from, map, mergeMap, switchMap, type Observable } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import {
  ClientBaseUrlFailed,
  ClientBaseUrlLoaded,
  NavigationTypeSaveFailed,
  TourCompletionRead,
} from '../../domain/navigation/events'
import { Shown } from '../../domain/notifications/events'
import { StartLoadFailed, UiPersonalised } from '../../domain/platform/events'
import { caused, type Effect, type EffectTable } from './types'

/** The console's base path: every location in state is relative to it. */
export const UI_BASE = '/ui'

const only =
  <T extends AppEvent['type']>(...types: T[]) =>
  (events$: Observable<Envelope<AppEvent>>) =>
    events$.pipe(
      filter((e): e is Envelope<Extract<AppEvent, { type: T }>> => types.includes(e.event.type as T)),
    )

/**
 * Keeps the browser's history in step with `state.navigation`: an accepted (or deferred)
 * navigation is pushed or replaced; one that came from the history itself ('pop') is not.
 */
const historySync: Effect = (events$, state$, ports) =>
  only(
    'navigation/Navigated',
    'navigation/Deferred',
    'navigation/Denied',
    'navigation/LeftForExternal',
  )(events$).pipe(
    mergeMap((envelope) => {
      const event = envelope.event
      if (event.type === 'navigation/LeftForExternal') {
        ports.history.assign(event.data.url)
        return EMPTY
      }
      if (event.type === 'navigation/Denied') {
        // A refused back/forward left the address bar on the refused path: put it back.
        const here = state$.value.navigation.location
        const url = `${UI_BASE}${here.path}${here.query}`
        if (state$.value.navigation.navigations > 0 && ports.history.current() !== url)
          ports.history.replace(url)
        return EMPTY
      }
      const { location, mode } = event.data
      const url = `${UI_BASE}${location.path === '/' ? '/' : location.path}${location.query}`
      if (mode === 'pop' || ports.history.current() === url) return EMPTY
      if (mode === 'replace') ports.history.replace(url)
      else ports.history.push(url)
      return EMPTY
    }),
  )

/** Saves the navigation type the user switched to; on failure the console switches back and says so. */
const saveNavigationType: Effect = (events$, _state$, ports) =>
  only('navigation/NavigationTypeSwitched')(events$).pipe(
    switchMap((envelope) => {
      const type = envelope.event.data.type
      const previous = type === 'new' ? 'classic' : 'new'
      return from(ports.navigationApi.saveNavigationType(type)).pipe(
        mergeMap((result) =>
          isLeft(result)
            ? [
                caused(envelope, NavigationTypeSaveFailed({ type: previous, failure: result.left })),
                caused(
                  envelope,
                  Shown({
                    id: `${envelope.corr}-navigation-type`,
                    kind: 'error',
                    message: `Could not switch the navigation type: ${result.left.message}`,
                    at: envelope.at,
                  }),
                ),
              ]
            : [],
        ),
      )
    }),
  )

/** Local-storage key of the date a user finished the navigation tour (a UI fact, never a secret). */
export const tourCompletedKey = (user: string) => `navigationTour.completedAt.${user}`

/** Remembers per user that the tour was finished, and reads it back when the user is known. */
const tourCompletion: Effect = (events$, _state$, ports) =>
  only(
    'navigation/TourEnded',
    'session/UserDataLoaded',
  )(events$).pipe(
    mergeMap((envelope) => {
      const event = envelope.event
      if (event.type === 'navigation/TourEnded') {
        if (event.data.completed) ports.localStore.set(tourCompletedKey(event.data.user), event.data.at)
        return EMPTY
      }
      const user = event.data.user.name
      const at = ports.localStore.get(tourCompletedKey(user))
      // Only a date is taken back: storage is the user's to edit.
      return at !== null && !Number.isNaN(Date.parse(at))
        ? [caused(envelope, TourCompletionRead({ user, at: new Date(Date.parse(at)).toISOString() }))]
        : EMPTY
    }),
  )

/** Loads the base URL set-me-up and the client flows show, when one of them opens without it. */
const clientBaseUrl: Effect = (events$, state$, ports) =>
  only(
    'navigation/SetMeUpShown',
    'navigation/ClientBaseUrlRequested',
    'onboarding/ClientFlowRelaunched',
  )(events$).pipe(
    filter(() => state$.value.navigation.clientBaseUrl === undefined),
    exhaustMap((envelope) =>
      from(ports.navigationApi.setMeUp()).pipe(
        map((result) =>
          caused(
            envelope,
            isLeft(result)
              ? ClientBaseUrlFailed({ failure: result.left })
              : ClientBaseUrlLoaded({ baseUrl: result.right.baseUrl }),
          ),
        ),
      ),
    ),
  )

/**
 * Changing the project context re-initialises the security scanner's user data (spec 000
 * section 4): where the scanner runs, its state is asked for again, as at start-up.
 */
const scannerOnProjectChange: Effect = (events$, state$, ports) =>
  only('navigation/ProjectSelected')(events$).pipe(
    filter(() => state$.value.platform.microservices.some((m) => m.name === 'xray' && m.enabled)),
    switchMap((envelope) =>
      from(ports.platformApi.microserviceEnabled('xray')).pipe(
        map((result) =>
          caused(
            envelope,
            isLeft(result)
              ? StartLoadFailed({ load: 'scanner', failure: result.left })
              : UiPersonalised({ scanning: result.right }),
          ),
        ),
      ),
    ),
  )

export const navigationEffects: EffectTable = {
  scannerOnProjectChange,
  historySync,
  saveNavigationType,
  tourCompletion,
  clientBaseUrl,
}
