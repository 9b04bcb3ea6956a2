/** Renders an area of the packages/search/release-bundles UI on a seeded app, in a memory router. */
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createApp } from '../../composition/createApp'
import type { AppEvent } from '../../domain/app'
import { AppProvider } from '../../ui/shared/appContext'
import { fakePorts } from '../support/fakePorts'
import { fakePackagesApi, fakeReleaseBundlesApi } from '../support/fakePackagesApi'
import type { Ports } from '../../adapters/ports'

export { platformWith, signedIn } from '../support/fixtures'

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
        {options.pattern ? <Route path={options.pattern}>{ui}</Route> : ui}
      </Router>
    </AppProvider>,
  )
  return { ...view, app, api, ports, location }
}
