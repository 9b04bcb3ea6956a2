import { EMPTY, ignoreElements, mergeMap, tap } from 'rxjs'
import { selectedProjectKey } from '../../domain/navigation/menus'
import type { Effect, EffectTable } from './types'
import { ofType } from './operators'

/** The console's base path: every location in state is relative to it. */
export const UI_BASE = '/ui'

/**
 * Keeps the browser's history in step with `state.navigation`: an accepted (or deferred)
 * navigation is pushed or replaced; one that came from the history itself ('pop') is not.
 */
const historySync: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('navigation/Navigated', 'navigation/Deferred', 'navigation/Denied', 'navigation/LeftForExternal'),
    mergeMap((envelope) => {
      const event = envelope.event
      if (event.type === 'navigation/LeftForExternal') {
        ports.history.assign(event.data.url)
        return EMPTY
      }
      if (event.type === 'navigation/Denied') {
        // A refused back/forward left the address bar on the refused path: put it back.
        const here = event.data.stayAt
        if (here === null) return EMPTY
        const url = `${UI_BASE}${here.path}${here.query}`
        if (ports.history.current() !== url) ports.history.replace(url)
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

/** The top bar's project choice is remembered per signed-in user (spec 000 section 2). */
const rememberedProject: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('navigation/ProjectSelected'),
    tap(({ event }) => {
      const { user, key } = event.data
      if (user === null) return
      if (key === undefined) ports.localStore.remove(selectedProjectKey(user))
      else ports.localStore.set(selectedProjectKey(user), key)
    }),
    ignoreElements(),
  )

export const navigationEffects: EffectTable = {
  rememberedProject,
  historySync,
}
