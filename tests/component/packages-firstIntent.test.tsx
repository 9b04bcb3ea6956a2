/**
 * A package's route asks for the package as the user navigates there (the area's first intent),
 * while the page's code still loads; the page, once mounted, shows what was asked and asks for
 * nothing itself, even when the answer came before the page's code did. The list's route asks
 * again when start-up's answers change its search.
 */
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { map } from 'rxjs'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createApp } from '../../composition/createApp'
import { findRoute } from '../../domain/navigation/routes'
import { AppProvider } from '../../ui/shared/appContext'
import PackagesArea from '../../ui/packages'
import { packagesManifest } from '../../ui/packages/manifest'
import { fakePorts } from '../support/fakePorts'
import { platformApi, platformWith, sessionApi } from '../support/fixtures'
import { intentTarget, sendRouteIntents } from '../../ui/routeIntent'
import type { AppEvent } from '../../domain/app'
import { fakePackagesApi, fakeReleaseBundlesApi, makePackage, makeVersion } from '../support/fakePackagesApi'

const PATH = '/packages/npm%3A%2F%2Freact'

function platform() {
  const react = makePackage('react', { latestVersion: '18.2.0', versionsCount: 1 })
  const api = fakePackagesApi({ packages: [react], versions: { [react.id]: [makeVersion(react, '18.2.0')] } })
  const app = createApp({
    ports: fakePorts({ packagesApi: api, releaseBundlesApi: fakeReleaseBundlesApi() }),
  })
  return { api, app }
}

async function routeIntent(path: string, search = '', state = createApp({ ports: fakePorts() }).getState()) {
  const intent = await packagesManifest.firstIntent!()
  const match = findRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  return intent(match, search, state)
}

describe("the packages area's first intent", () => {
  it('asks for the list on the list route, for the package on its route, and leaves a version to its page', async () => {
    expect(await routeIntent('/packages', 'q=react')).toMatchObject({ type: 'packages/OpenList' })
    expect(await routeIntent(PATH)).toEqual({ type: 'packages/OpenPackage', packageId: 'npm://react' })
    expect(await routeIntent(`${PATH}/18.2.0`)).toBeNull()
  })

  // The router may ask before start-up's first answers: a link's severities stand until they say
  // no scanner gives packages any; after, they filter only where one does.
  it("keeps a link's severities before start-up says, and where a licensed scanner runs", async () => {
    const severitiesAsked = async (seed: AppEvent[]) => {
      const state = createApp({ ports: fakePorts(), seed }).getState()
      const command = await routeIntent('/packages', 'q=react&sev=high', state)
      return command?.type === 'packages/OpenList' ? command.query?.severities : 'no list'
    }
    expect(await severitiesAsked([])).toEqual(['HIGH'])
    const licensed = (e: AppEvent): AppEvent =>
      e.type === 'platform/InitialDataLoaded' ? { ...e, data: { ...e.data, entitlements: ['xray'] } } : e
    expect(await severitiesAsked([licensed(platformWith(['artifactory', 'xray']))])).toEqual(['HIGH'])
    expect(await severitiesAsked([platformWith(['artifactory', 'xray'])])).toEqual([])
    expect(await severitiesAsked([platformWith(['artifactory'], 'N/A', { flavour: 'oss' })])).toEqual([])
  })

  it('a package page mounted after its answer came does not ask for it again', async () => {
    const { api, app } = platform()
    const command = await routeIntent(PATH)
    if (!command) throw new Error('no first intent')
    app.dispatch(command, 'ui')
    await app.settled?.()
    expect(app.getState().packages.details.status).toBe('loaded')
    const location = memoryLocation({ path: PATH })
    render(
      <AppProvider app={app}>
        <Router hook={location.hook}>
          <Route path="/packages/:packageId?/:versionId?">
            <PackagesArea />
          </Route>
        </Router>
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'react' })).toBeInTheDocument()
    expect(api.catalogue.calls.filter((c) => c.name === 'getPackage')).toHaveLength(1)
  })

  it('the list, rendered without its route, asks for nothing: the route asks', async () => {
    const { api, app } = platform()
    render(
      <AppProvider app={app}>
        <Router hook={memoryLocation({ path: '/packages', searchPath: 'q=react' }).hook}>
          <Route path="/packages/:packageId?/:versionId?">
            <PackagesArea />
          </Route>
        </Router>
      </AppProvider>,
    )
    expect(await screen.findByRole('status')).toHaveTextContent('Loading packages…')
    await app.settled()
    expect(api.catalogue.calls).toEqual([])
    expect(app.getState().packages.list.status).toBe('idle')
  })

  it("asks for the list again without a link's severities once start-up says no scanner gives any", async () => {
    const api = fakePackagesApi({ packages: [makePackage('react')] })
    // The platform runs the scanner, but its licence does not cover it (entitlements: packages).
    const app = createApp({
      ports: fakePorts({ packagesApi: api, platformApi: platformApi(), sessionApi: sessionApi() }),
    })
    const target = intentTarget(findRoute('/packages'), 'q=react&sev=high')
    const following = sendRouteIntents(
      app,
      app.state$.pipe(map((state) => [target, state] as const)),
      () => undefined,
    )
    const severities = () =>
      api.catalogue.calls
        .filter((c) => c.name === 'searchPackages')
        .map((c) => (c.args[0] as { severities: string[] }).severities)
    await waitFor(() => expect(severities()).toEqual([['HIGH']]))
    app.dispatch({ type: 'platform/Start', reason: 'boot' })
    await waitFor(() => expect(app.getState().platform.version).not.toBeNull())
    await app.settled()
    expect(severities()).toEqual([['HIGH'], []])
    following.unsubscribe()
  })
})
