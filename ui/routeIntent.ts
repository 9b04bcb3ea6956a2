/**
 * What a route asks for: its area's manifest's `firstIntent`, sent by the router (and by nothing
 * else: the screens only render what was asked and send the user's intents).
 */
import { noop, type Observable, type Subscription } from 'rxjs'
import type { App } from '../commands/bus'
import type { AppState } from '../domain/app'
import { shellRoutes, type RouteMatch } from '../domain/navigation/routes'
import { areaManifests } from './areas'
import type { FirstIntent } from './areaManifest'

/** A settled route and its query (without `?`) as one comparable key; undefined when it asks nothing. */
export function intentTarget(match: RouteMatch | undefined, query: string): string | undefined {
  if (!match || !areaManifests.some((a) => a.key === match.route.area && a.firstIntent)) return undefined
  return JSON.stringify([match.route.pattern, match.params, query])
}

const loadedIntents = new WeakMap<() => Promise<FirstIntent>, FirstIntent>()

/**
 * Sends each route's first intent as the route (its target) settles: in the same task once the
 * area's intent module is in (a promise's callback would run after the router's render), else
 * when it comes. While the route stays, the intent is sent again whenever the state makes it a
 * different command, never twice the same: a search's severities stand until start-up says
 * whether a scanner gives packages any. `asked` hears each target once its intent was sent (or
 * there is none, or its module failed to load).
 */
export function sendRouteIntents(
  app: App,
  targets: Observable<readonly [string | undefined, AppState]>,
  asked: (target: string) => void,
): Subscription {
  let current: string | undefined
  let intent: ((state: AppState) => ReturnType<FirstIntent>) | undefined
  let sent: string | undefined
  const send = (state: AppState) => {
    const command = intent?.(state) ?? null
    const key = JSON.stringify(command)
    if (key === sent) return
    sent = key
    if (command) app.dispatch(command, 'ui')
  }
  return targets.subscribe(([target, state]) => {
    if (target === current) {
      if (intent) send(state)
      return
    }
    current = target
    intent = undefined
    sent = undefined
    if (target === undefined) return
    const [pattern, params, query] = JSON.parse(target) as [string, RouteMatch['params'], string]
    const route = shellRoutes.find((r) => r.pattern === pattern)
    const ask = route && areaManifests.find((a) => a.key === route.area)?.firstIntent
    if (!route || !ask) return
    const use = (loaded: FirstIntent) => {
      intent = (s) => loaded({ route, params }, query, s)
    }
    const known = loadedIntents.get(ask)
    if (known) {
      use(known)
      send(state)
      asked(target)
      return
    }
    ask()
      .then((loaded) => {
        loadedIntents.set(ask, loaded)
        if (current !== target) return
        use(loaded)
        send(app.getState())
      }, noop)
      .finally(() => current === target && asked(target))
  })
}
