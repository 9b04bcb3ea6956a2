/**
 * The package page shows as soon as its code and its data are in. React holds back content that
 * a Suspense fallback gave way to, until 300 ms after the fallback was drawn: a click in the list
 * showed the package's versions by that timer (~340 ms) although its code and data were in by
 * ~210 ms (the page's resource timing). The page's loading state is now drawn as content
 * (ui/packages/index.tsx), so nothing holds the page back.
 *
 * React reads its clock from `performance.now`. Here that clock is set far back once the page is
 * drawn loading: a reveal held back by the timer would then wait for days, one that is not
 * comes as soon as the chunk's promise settles. The chunk's arrival happens outside `act`,
 * where React schedules as in a browser (inside `act` it commits at once, timer or not).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'
import { runQuery } from '../../queries'

const gate = vi.hoisted(() => {
  let open!: () => void
  let request!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  const requested = new Promise<void>((resolve) => (request = resolve))
  return { opened, open, requested, request }
})

vi.mock('../../ui/packages/PackageDetails', async (importOriginal) => {
  const original = await importOriginal()
  gate.request()
  await gate.opened
  return original
})

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
afterEach(() => {
  vi.restoreAllMocks()
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
})

describe('the package page once its chunk is in', () => {
  it('draws the page without waiting for a timer', async () => {
    const react = makePackage('react', { latestVersion: '18.2.0', versionsCount: 1 })
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: '/packages/:packageId?/:versionId?',
      api: fakePackagesApi({ packages: [react], versions: { [react.id]: [makeVersion(react, '18.2.0')] } }),
    })
    expect(screen.getByRole('status')).toHaveTextContent('Loading package…')
    await gate.requested
    // The package's data is in first: what is left to wait for is the page's code alone.
    await vi.waitFor(() =>
      expect(runQuery(app.getState(), { type: 'packages/Details' }).status).toBe('loaded'),
    )
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    const drawnAt = performance.now()
    vi.spyOn(performance, 'now').mockReturnValue(drawnAt - 1e9)
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    gate.open()
    expect(await screen.findByRole('heading', { level: 1, name: 'react' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '18.2.0' })).toBeInTheDocument()
  })
})
