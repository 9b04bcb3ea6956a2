import { EMPTY, filter, mergeMap, type Observable } from 'rxjs'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Effect, EffectTable } from './types'

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

export const navigationEffects: EffectTable = { historySync }
