/**
 * Renders an area of the packages/search/release-bundles UI on a seeded app, in a memory router
 * that, like the console's (ui/routes.tsx), sends each route's first intent: the screens ask for
 * nothing on their own.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { BehaviorSubject, combineLatest } from 'rxjs'
import { render } from '@testing-library/react'
import { Route, Router, useLocation, useSearch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createApp } from '../../composition/createApp'
import type { AppEvent } from '../../domain/app'
import { AppProvider, useApp } from '../../ui/shared/appContext'
import { fakePorts } from '../support/fakePorts'
import { fakePackagesApi, fakeReleaseBundlesApi } from '../support/fakePackagesApi'
import type { Ports } from '../../adapters/ports'
import { findRoute } from '../../domain/navigation/routes'
import { intentTarget, sendRouteIntents } from '../../ui/routeIntent'

export { platformWith, signedIn } from '../support/fixtures'

/** The router's part that asks: the memory location's route, its intents sent as the router sends them. */
function RouteIntents() {
  const app = useApp()
  const [path] = useLocation()
  const target = intentTarget(findRoute(path), useSearch())
  const [targets] = useState(() => new BehaviorSubject<string | undefined>(undefined))
  useEffect(() => targets.next(target), [targets, target])
  useEffect(() => {
    const following = sendRouteIntents(app, combineLatest([targets, app.state$]), () => undefined)
    return () => following.unsubscribe()
  }, [app, targets])
  return null
}

export function renderArea(
  ui: ReactNode,
  options: {
    path: string
    pattern?: string
    seed?: AppEvent[]
    api?: ReturnType<typeof fakePackagesApi>
    bundles?: ReturnType<typeof fakeReleaseBundlesApi>
    ports?: Partial<Ports>
  },
) {
  const [pathname, search = ''] = options.path.split('?')
  const location = memoryLocation({ path: pathname, searchPath: search, record: true })
  const api = options.api ?? fakePackagesApi()
  const ports = fakePorts({
    packagesApi: api,
    releaseBundlesApi: options.bundles ?? fakeReleaseBundlesApi(),
    ...options.ports,
  })
  const app = createApp({ ports, seed: options.seed ?? [] })
  const view = render(
    <AppProvider app={app}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouteIntents />
        {options.pattern ? <Route path={options.pattern}>{ui}</Route> : ui}
      </Router>
    </AppProvider>,
  )
  return { ...view, app, api, ports, location }
}
