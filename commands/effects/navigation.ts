import { EMPTY, mergeMap } from 'rxjs'
import { ProjectSelected } from '../../domain/navigation/events'
import { projectToRestore } from '../../domain/navigation/menus'
import { caused, type Effect, type EffectTable } from './types'
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

/** Local-storage key of the project a user last chose in the top bar (a UI fact, never a secret). */
export const selectedProjectKey = (user: string) => `selectedProject.${user}`

/**
 * The top bar's project choice is remembered per user, and chosen again once the user's
 * projects are known, if it is still one of them (spec 000 section 2).
 */
const rememberedProject: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('navigation/ProjectSelected', 'platform/ProjectsLoaded'),
    mergeMap((envelope) => {
      const user = state$.value.session.user
      if (!user || user.anonymous) return EMPTY
      const event = envelope.event
      if (event.type === 'navigation/ProjectSelected') {
        if (event.data.key === undefined) ports.localStore.remove(selectedProjectKey(user.name))
        else ports.localStore.set(selectedProjectKey(user.name), event.data.key)
        return EMPTY
      }
      const key = projectToRestore(
        ports.localStore.get(selectedProjectKey(user.name)),
        event.data.projects,
        state$.value.navigation.selectedProject,
      )
      return key === undefined ? EMPTY : [caused(envelope, ProjectSelected({ key }))]
    }),
  )

export const navigationEffects: EffectTable = {
  rememberedProject,
  historySync,
}
