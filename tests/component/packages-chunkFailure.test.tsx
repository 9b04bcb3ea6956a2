/**
 * The package page's code failing to load: the page says so in its place with a Retry (not the
 * error page), the failure is recorded with the area's name, and the list's link back still works.
 * The page loads through `lazyArea` (ui/packages/index.tsx); this is the state it adds.
 */
import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'

vi.mock('../../ui/packages/PackageDetails', () => {
  throw new Error('Failed to fetch dynamically imported module: /ui/assets/PackageDetails-x.js')
})

describe('the package page when its code cannot be loaded', () => {
  it('says so in the page’s place with a Retry, and records the failure', async () => {
    const react = makePackage('react', { latestVersion: '18.2.0', versionsCount: 1 })
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: '/packages/:packageId?/:versionId?',
      api: fakePackagesApi({ packages: [react], versions: { [react.id]: [makeVersion(react, '18.2.0')] } }),
    })
    const failure = await screen.findByRole('alert')
    expect(failure).toHaveTextContent('This part of the console could not be loaded.')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    const logged = app
      .exportLog()
      .split('\n')
      .find((l) => l.includes('navigation/ChunkLoadFailed'))
    expect(JSON.parse(logged ?? '{}')).toMatchObject({ data: { area: 'packages' } })
  })
})
