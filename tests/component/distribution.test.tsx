/**
 * The distribution area: the default-tab rule, old bundle paths rewritten, the teaser, and
 * the search type following a bundles path; on apps seeded by events.
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ReleaseBundlesArea from '../../ui/releaseBundles'
import { SearchBar } from '../../ui/search/SearchBar'
import { InitialDataLoaded } from '../../domain/platform/events'
import { platformWith, renderArea, signedIn } from './packagesHarness'
import { fakeReleaseBundlesApi } from '../support/fakePackagesApi'
import { openOptions } from '../support/kitSelect'

const here = (location: { history?: string[] }) => location.history?.at(-1)

/** A platform with these services, licence and entitlements. */
function platform(services: string[], licenseType: string, entitlements: string[] = []) {
  const event = platformWith(services, licenseType)
  return InitialDataLoaded({ ...(event.data as Parameters<typeof InitialDataLoaded>[0]), entitlements })
}

describe('distribution: the tab shown when the path names none', () => {
  it.each([
    ['Enterprise+', ['artifactory', 'distribution'], [], 'source'],
    ['ENTERPRISE_PLUS', ['artifactory', 'distribution'], [], 'source'],
    // The capability may come as an entitlement rather than a running service.
    ['Enterprise Plus', ['artifactory'], ['distribution'], 'source'],
    // Enterprise+ without a distribution capability, or a distribution service without the plan.
    ['Enterprise+', ['artifactory'], [], 'target'],
    ['Enterprise', ['artifactory', 'distribution'], ['distribution'], 'target'],
    ['Pro X', ['artifactory'], [], 'target'],
  ])('%s with services %j and entitlements %j opens the %s tab', async (licence, services, ents, tab) => {
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: '/distribution',
      seed: [platform(services, licence, ents), signedIn('developer')],
    })
    await waitFor(() => expect(here(location)).toBe(`/distribution/${tab}`))
    const selected = await screen.findByRole('tab', { selected: true })
    expect(selected).toHaveTextContent(tab === 'source' ? 'Source' : 'Target')
  })

  it('a tab named in the path is kept, and choosing the other tab changes the path', async () => {
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: '/distribution/target',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
    })
    expect(screen.getByRole('tab', { name: 'Target' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(screen.getByRole('tab', { name: 'Source' }))
    await waitFor(() => expect(here(location)).toBe('/distribution/source'))
  })
})

describe('distribution: old bundle paths', () => {
  const seed = [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')]
  it.each([
    ['/bundles', '/distribution/source'],
    ['/bundles/target', '/distribution/target'],
    ['/bundles/source/app-release/1.0.0', '/distribution/source'],
    ['/release-bundles', '/distribution/source'],
    ['/release-bundles/target', '/distribution/target'],
  ])('%s is rewritten to %s (replacing the old entry)', async (old, now) => {
    const { location } = renderArea(<ReleaseBundlesArea />, { path: old, seed })
    await waitFor(() => expect(here(location)).toBe(now))
    expect(location.history).not.toContain(old)
    expect(await screen.findByRole('heading', { level: 1, name: 'Release Bundles' })).toBeInTheDocument()
  })

  it('a segment that is not a tab (/distribution/foo) opens the default tab', async () => {
    const { location } = renderArea(<ReleaseBundlesArea />, { path: '/distribution/foo', seed })
    await waitFor(() => expect(here(location)).toBe('/distribution/source'))
    expect(screen.getByRole('tab', { name: 'Source', selected: true })).toBeInTheDocument()
  })

  it('the teaser path shows the teaser, not the tabs', () => {
    renderArea(<ReleaseBundlesArea />, { path: '/distribution-teaser', seed })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Distribute your releases with Release Bundles' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.getByRole('link', { name: 'Open release bundles' })).toHaveAttribute(
      'href',
      '/distribution',
    )
  })
})

describe('distribution: the search type follows the route', () => {
  it('after visiting a bundles path, the search type is switched to release bundles', async () => {
    renderArea(
      <>
        <SearchBar />
        <ReleaseBundlesArea />
      </>,
      {
        path: '/bundles',
        seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      },
    )
    const type = () => screen.getByRole('combobox', { name: 'Search type' })
    await waitFor(() => expect(type()).toHaveTextContent('Release Bundles'))
    const list = await openOptions(userEvent.setup(), type())
    expect(within(list).getByRole('option', { name: 'Release Bundles', selected: true })).toBeInTheDocument()
  })
})

describe('distribution: a Release Bundles search in the URL', () => {
  const sha256 = 'a'.repeat(64)
  const bundle = {
    name: 'app-release',
    version: '1.0.0',
    created: '2026-01-02T03:04:05Z',
    status: 'COMPLETE',
    repository: 'release-bundles',
    artifacts: 3,
  }

  it('keeps the query through the default-tab redirect and looks the checksum up', async () => {
    const bundles = fakeReleaseBundlesApi({ [sha256]: [bundle] })
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: `/distribution?q=${sha256}*`,
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      bundles,
    })
    await waitFor(() => expect(here(location)).toBe(`/distribution/source?q=${sha256}*`))
    expect(await screen.findByRole('cell', { name: 'app-release' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Artifact checksum/ })).toHaveValue(sha256)
    expect(bundles.calls).toEqual([sha256])
  })

  it('a search text that is no checksum fills nothing and asks nothing', async () => {
    const bundles = fakeReleaseBundlesApi()
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: '/distribution?q=react*',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      bundles,
    })
    await waitFor(() => expect(here(location)).toBe('/distribution/source?q=react*'))
    expect(await screen.findByRole('textbox', { name: /Artifact checksum/ })).toHaveValue('')
    expect(bundles.calls).toEqual([])
  })
})
