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
import { releaseBundle } from '../support/fixtures'
import { buttonClass } from '../../ui/shared/kit/Button'
import surface from '../../ui/shared/kit/surface.module.css'

const here = (location: { history?: string[] }) => location.history?.at(-1)

/** A platform with these services, licence and entitlements. */
function platform(services: string[], licenseType: string, entitlements: string[] = []) {
  const event = platformWith(services, licenseType)
  return InitialDataLoaded({ ...(event.data as Parameters<typeof InitialDataLoaded>[0]), entitlements })
}

describe('distribution: the tabs', () => {
  it('a tab named in the path is kept, and choosing the other tab changes the path', async () => {
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: '/distribution/target',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
    })
    expect(screen.getByRole('tab', { name: 'Target' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(screen.getByRole('tab', { name: 'Source' }))
    await waitFor(() => expect(here(location)).toBe('/distribution/source'))
  })

  // One name, the specification's page title: the sidebar says Distribution, so does the page.
  it('is titled Distribution, as its sidebar item and page title', () => {
    renderArea(<ReleaseBundlesArea />, {
      path: '/distribution/source',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Distribution' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Release Bundles' })).toBeNull()
  })
})

describe('distribution: the paths the view shows', () => {
  const seed = [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')]
  // The default tab and old bundle paths are the navigation pipeline's (navigation-distribution.test.ts).
  it('a path without a tab is left to the navigation pipeline: no redirect of its own', () => {
    const { location } = renderArea(<ReleaseBundlesArea />, { path: '/distribution', seed })
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    expect(location.history).toEqual(['/distribution'])
  })

  it('the teaser path shows the teaser, not the tabs', () => {
    renderArea(<ReleaseBundlesArea />, { path: '/distribution-teaser', seed })
    // Titled with the product as the other teasers are: its one heading was a sentence.
    expect(screen.getByRole('heading', { level: 1, name: 'Distribution' })).toBeInTheDocument()
    expect(screen.getByText(/^Distribute your releases with release bundles: /)).toBeInTheDocument()
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.getByRole('link', { name: 'Open release bundles' })).toHaveAttribute(
      'href',
      '/distribution',
    )
  })

  // Its hero and way on were copies of the shell teasers' (a hand-made button-like link): the kit's.
  it("the teaser is the kit's hero, its way on the kit's primary button", () => {
    renderArea(<ReleaseBundlesArea />, { path: '/distribution-teaser', seed })
    expect(screen.getByRole('region', { name: 'Distribution' })).toHaveClass(String(surface.hero))
    expect(screen.getByRole('link', { name: 'Open release bundles' })).toHaveClass(
      ...buttonClass('primary').split(' '),
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
  const bundle = releaseBundle

  it('looks the checksum of the query up (the pipeline keeps it through the default-tab redirect)', async () => {
    const bundles = fakeReleaseBundlesApi({ [sha256]: [bundle] })
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: `/distribution/source?q=${sha256}*`,
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      bundles,
    })
    await waitFor(() => expect(here(location)).toBe(`/distribution/source?q=${sha256}*`))
    expect(await screen.findByRole('cell', { name: 'app-release' })).toBeInTheDocument()
    // The platform's upper-case status reads as a status word.
    expect(screen.getByRole('cell', { name: 'Complete' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Artifact checksum/ })).toHaveValue(sha256)
    expect(bundles.calls).toEqual([sha256])
  })

  it('a search text that is no checksum fills nothing and asks nothing', async () => {
    const bundles = fakeReleaseBundlesApi()
    const { location } = renderArea(<ReleaseBundlesArea />, {
      path: '/distribution/source?q=react*',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      bundles,
    })
    await waitFor(() => expect(here(location)).toBe('/distribution/source?q=react*'))
    expect(await screen.findByRole('textbox', { name: /Artifact checksum/ })).toHaveValue('')
    expect(bundles.calls).toEqual([])
    // Before a lookup, the tab says what to do rather than ending at the form.
    expect(screen.getByText('Find the release bundles that hold an artifact')).toBeInTheDocument()
  })

  it('the hint says the lookup waits for the button, and an earlier problem goes once the text changes', async () => {
    const bundles = fakeReleaseBundlesApi()
    renderArea(<ReleaseBundlesArea />, {
      path: '/distribution/source',
      seed: [platform(['artifactory', 'distribution'], 'Enterprise+'), signedIn('developer')],
      bundles,
    })
    expect(await screen.findByText(/then Find bundles/)).toBeInTheDocument()
    expect(screen.queryByText(/starts at once/)).toBeNull()
    const box = screen.getByRole('textbox', { name: /Artifact checksum/ })
    const u = userEvent.setup()
    await u.type(box, 'not-a-checksum')
    await u.click(screen.getByRole('button', { name: 'Find bundles' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    await u.type(box, 'x')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(box).toHaveAttribute('aria-invalid', 'false')
  })
})
