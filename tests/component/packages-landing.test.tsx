/** The packages page before any search: newest, most downloaded and recent searches, by role and name. */
import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage } from '../support/fakePackagesApi'
import { renderArea, signedIn } from './packagesHarness'
import { giveElementsASize } from '../support/jsdomLayout'
import { until } from '../support/wait'
import { RecentLoaded } from '../../domain/search/events'
import { searchModelFromQuery } from '../../domain/search/model'

const PATTERN = '/packages/:packageId?/:versionId?'

giveElementsASize()

/** Eight packages: created a day apart (alpha oldest), downloads in another order (golf most). */
function catalogue() {
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']
  const downloads = [50, 5, 700, 0, 30, 1, 9000, 0]
  return fakePackagesApi({
    packages: names.map((name, i) =>
      makePackage(name, {
        created: `2026-01-0${i + 1}T00:00:00.000Z`,
        stats: { downloads: downloads[i]!, followers: 0 },
        description: `The _${name}_ package`,
      }),
    ),
  })
}

const namesIn = (section: HTMLElement) =>
  within(section)
    .getAllByRole('link')
    .map((a) => a.textContent)

describe('packages landing', () => {
  it('shows the newest packages, newest first, and the most downloaded, most first', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: catalogue(),
      seed: [signedIn('developer')],
    })
    // The page's description under its title, not a caption over the lists beside the filters.
    const hint = screen.getByText('Find packages using the search bar.')
    expect(screen.getByRole('heading', { level: 1, name: 'Packages' }).nextElementSibling).toBe(hint)
    expect(within(screen.getByRole('region', { name: 'Results' })).queryByText(hint.textContent)).toBeNull()
    const newest = await screen.findByRole('region', { name: 'Newest packages' })
    expect(namesIn(newest)).toEqual(['hotel', 'golf', 'foxtrot', 'echo', 'delta', 'charlie'])
    const popular = screen.getByRole('region', { name: 'Most downloaded' })
    expect(namesIn(popular)).toEqual(['golf', 'charlie', 'alpha', 'echo', 'bravo', 'foxtrot'])
    expect(within(popular).getByText('9,000 downloads')).toBeInTheDocument()
    expect(within(popular).getByText('1 download', { exact: true })).toBeInTheDocument()
    // Never downloaded: not among the most downloaded, however few there are.
    expect(within(popular).queryByText('0 downloads')).toBeNull()
    // Short descriptions' markdown is rendered as text, not shown raw.
    expect(within(newest).getByText('The hotel package')).toBeInTheDocument()
    expect(within(newest).getByRole('link', { name: 'hotel' })).toHaveAttribute(
      'href',
      '/packages/npm%3A%2F%2Fhotel',
    )
  })

  it("names each package's type as its tool does, PyPI and not pypi, as Repositories does", async () => {
    renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: fakePackagesApi({ packages: [makePackage('requests', { packageType: 'pypi' })] }),
      seed: [signedIn('developer')],
    })
    const newest = await screen.findByRole('region', { name: 'Newest packages' })
    const card = within(newest).getByRole('listitem')
    expect(within(card).getByText('PyPI', { exact: true })).toBeInTheDocument()
    expect(within(card).queryByText('pypi', { exact: true })).toBeNull()
  })

  it('says nothing was downloaded yet, what will show there and how to start, rather than list packages nobody downloaded', async () => {
    const view = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: fakePackagesApi({ packages: [makePackage('alpha', { stats: { downloads: 0, followers: 0 } })] }),
      seed: [signedIn('developer')],
    })
    const popular = await screen.findByRole('region', { name: 'Most downloaded' })
    expect(within(popular).queryByRole('link')).toBeNull()
    expect(within(popular).getByText('Nothing downloaded yet')).toBeInTheDocument()
    // What will show there, in words, and the way to make it happen: a client set up to install.
    expect(within(popular).getByText(/packages installed most often/)).toBeInTheDocument()
    await userEvent.click(within(popular).getByRole('button', { name: 'Open Set Me Up' }))
    await act(() => until(view.app, (s) => s.setMeUp.panel?.visible === true))
    expect(
      within(screen.getByRole('region', { name: 'Newest packages' })).getByRole('link', { name: 'alpha' }),
    ).toBeInTheDocument()
  })

  it('a failed load says why and Retry loads it again', async () => {
    const api = catalogue()
    api.catalogue.failures.searchPackages = { kind: 'status', status: 503, message: '' }
    renderArea(<PackagesArea />, { path: '/packages', pattern: PATTERN, api, seed: [signedIn('developer')] })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Packages could not be loaded: the platform refused it with status 503.')
    delete api.catalogue.failures.searchPackages
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('region', { name: 'Newest packages' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('with no package at all says so and offers Set Me Up', async () => {
    const view = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: fakePackagesApi(),
      seed: [signedIn('developer')],
    })
    expect(await screen.findByText('No packages yet')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open Set Me Up' }))
    await act(() => until(view.app, (s) => s.setMeUp.panel?.visible === true))
  })

  it("lists the user's recent package searches and runs one again", async () => {
    const queryString = 'q=react&pkg=npm'
    const view = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: catalogue(),
      seed: [
        signedIn('developer'),
        RecentLoaded({
          owner: 'developer',
          items: [
            { id: 'r1', type: 'packages', queryString, searchModel: searchModelFromQuery(queryString) },
            {
              id: 'r2',
              type: 'builds',
              queryString: 'q=nightly',
              searchModel: searchModelFromQuery('q=nightly'),
            },
          ],
        }),
      ],
    })
    const recent = await screen.findByRole('region', { name: 'Your recent searches' })
    // Only package searches: a builds search belongs to the builds page.
    expect(within(recent).getAllByRole('button')).toHaveLength(1)
    await userEvent.click(within(recent).getByRole('button', { name: 'react type:npm' }))
    await act(() => until(view.app, (s) => s.navigation.location.query.includes('q=react')))
  })
})
