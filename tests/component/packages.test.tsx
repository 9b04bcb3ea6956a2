/** The packages screens in every state, on an app seeded by events; found by role and name. */
import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import kitPage from '../../ui/shared/kit/page.module.css'
import PackagesArea from '../../ui/packages'
import { ROW_HEIGHT } from '../../ui/packages/PackagesList'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { platformWith, renderArea, signedIn } from './packagesHarness'
import { giveElementsASize } from '../support/jsdomLayout'
import { until } from '../support/wait'
import { dayPattern, formatDateTime, formatDayDigits, formatDayFull } from '../../ui/shared/dates'
import { buttonClass } from '../../ui/shared/kit/Button'
import surface from '../../ui/shared/kit/surface.module.css'
import type { AppEvent } from '../../domain/app'

const PATTERN = '/packages/:packageId?/:versionId?'

giveElementsASize()

function catalogue(extra = 0) {
  const react = makePackage('react', {
    latestVersion: '18.2.0',
    versionsCount: 2,
    vulnerabilities: { critical: 0, high: 2, medium: 0, low: 1, info: 0, unknown: 0, skipped: 0 },
  })
  const packages = [react, makePackage('react-dom'), makePackage('vue')]
  for (let i = 0; i < extra; i++) packages.push(makePackage(`react-extra-${String(i).padStart(5, '0')}`))
  return fakePackagesApi({
    packages,
    versions: { [react.id]: [makeVersion(react, '18.2.0'), makeVersion(react, '17.0.2')] },
    readmes: {
      [`${react.id}/18.2.0`]: '# React 18\n\n<img src=x onerror=alert(1)>A JavaScript library',
      [`${react.id}/17.0.2`]: '# React 17',
    },
  })
}

/** The start-up data with the licence's Xray entitlement (platformWith gives none). */
const xrayLicensed = (e: AppEvent): AppEvent =>
  e.type === 'platform/InitialDataLoaded' ? { ...e, data: { ...e.data, entitlements: ['xray'] } } : e

describe('packages list', () => {
  it('without a search asks the user to use the search bar', () => {
    renderArea(<PackagesArea />, { path: '/packages', pattern: PATTERN })
    expect(screen.getByText('Find packages using the search bar.')).toBeInTheDocument()
  })

  it('shows the package count to admins only', async () => {
    const admin = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: catalogue(),
      seed: [signedIn('admin', true)],
    })
    expect(await screen.findByText('3 packages in total')).toBeInTheDocument()
    // A sentence apart from the hint, not run into it ("search bar.3 packages").
    expect(screen.getByText('3 packages in total').parentElement).toHaveTextContent(
      /^Find packages using the search bar\. 3 packages in total$/,
    )
    admin.unmount()
    const user = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: catalogue(),
      seed: [signedIn('developer')],
    })
    // What proves the count never comes: the list's request was recorded without it.
    await act(() =>
      until(user.app, (s) => s.packages.list.status === 'idle' && s.packages.list.requestId !== undefined),
    )
    expect(user.app.exportLog()).toContain('"withCount":false')
    expect(screen.queryByText(/packages in total/)).toBeNull()
    expect(user.api.catalogue.calls.some((c) => c.name === 'countPackages')).toBe(false)
  })

  it('shows a failed count (no search) as an error with a Retry, not as the search invitation', async () => {
    const api = catalogue()
    api.catalogue.failures.countPackages = { kind: 'status', status: 500, message: '' }
    renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api,
      seed: [signedIn('admin', true)],
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Packages could not be loaded: the platform refused it with status 500.')
    expect(screen.queryByText('Find packages using the search bar.')).toBeNull()
    delete api.catalogue.failures.countPackages
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('3 packages in total')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("a row's update time shows its exact date in a hint when pointed at or focused", async () => {
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api: catalogue() })
    const list = await screen.findByRole('list', { name: 'Packages' })
    // The list's rows, not the severity chips' items inside them.
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('aria-posinset'))
    expect(rows).toHaveLength(2)
    const timeIn = (row: HTMLElement) => row.querySelector('time')!
    const exact = (time: HTMLElement) => formatDateTime(time.getAttribute('datetime')!)
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await userEvent.hover(timeIn(rows[1]!))
    expect(await screen.findByRole('tooltip')).toHaveTextContent(exact(timeIn(rows[1]!)))
    expect(timeIn(rows[1]!)).toHaveAccessibleDescription(exact(timeIn(rows[1]!)))
    await userEvent.unhover(timeIn(rows[1]!))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    // By keyboard: the time keeps the focus and names its exact date; Escape hides it.
    act(() => timeIn(rows[0]!).focus())
    expect(await screen.findByRole('tooltip')).toHaveTextContent(exact(timeIn(rows[0]!)))
    expect(timeIn(rows[0]!)).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(timeIn(rows[0]!)).toHaveFocus()
  })

  it('says an answer of the wrong shape is one, not "no answer"', async () => {
    const api = catalogue()
    api.catalogue.failures.searchPackages = { kind: 'decode', message: 'edges: expected array' }
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Packages could not be loaded: the platform answered, but not in the expected shape.',
    )
  })

  it('shows the package count to project admins too (the session rule: admin or project admin)', async () => {
    const projectAdmin = renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      api: catalogue(),
      seed: [signedIn('lead', false, true)],
    })
    expect(await screen.findByText('3 packages in total')).toBeInTheDocument()
    expect(projectAdmin.api.catalogue.calls.filter((c) => c.name === 'countPackages')).toHaveLength(1)
  })

  it('lists the results of the search in the URL, with links to each package', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: catalogue(),
      seed: [xrayLicensed(platformWith(['artifactory', 'xray']))],
    })
    expect(screen.getByRole('status')).toHaveTextContent('Loading packages…')
    const list = await screen.findByRole('list', { name: 'Packages' })
    expect(within(list).getByRole('link', { name: 'react' })).toHaveAttribute(
      'href',
      '/packages/npm%3A%2F%2Freact',
    )
    expect(within(list).getByRole('link', { name: 'react-dom' })).toBeInTheDocument()
    expect(within(list).queryByRole('link', { name: 'vue' })).toBeNull()
    expect(screen.getByText('2 packages')).toBeInTheDocument()
    // Vulnerabilities with a zero count are dropped.
    expect(within(list).getByText('High')).toHaveTextContent('High2')
    expect(within(list).queryByText(/Critical/)).toBeNull()
  })

  it("counts each row's downloads in words: 1 download, 1,234 downloads", async () => {
    const one = makePackage('react', { stats: { downloads: 1, followers: 0 } })
    const many = makePackage('react-dom', { stats: { downloads: 1234, followers: 0 } })
    renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: fakePackagesApi({ packages: [one, many] }),
    })
    const list = await screen.findByRole('list', { name: 'Packages' })
    const row = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((item) => within(item).queryByRole('link', { name }))!
    expect(within(row('react')).getByText('1 download')).toBeInTheDocument()
    expect(within(row('react-dom')).getByText('1,234 downloads')).toBeInTheDocument()
  })

  // Severities come from a scanner: where none runs (an edition without one, a platform that does
  // not run it) or the licence does not cover it, no package has one to filter by.
  it.each<[string, AppEvent[], boolean]>([
    ['the scanner runs and is licensed', [xrayLicensed(platformWith(['artifactory', 'xray']))], true],
    ['the licence lacks the scanner', [platformWith(['artifactory', 'xray'])], false],
    ['the platform runs no scanner', [platformWith(['artifactory'])], false],
    ['an edition without a scanner (OSS)', [platformWith(['artifactory'], 'N/A', { flavour: 'oss' })], false],
  ])('where %s, the severity filter is offered: %s', async (_, seed, offered) => {
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api: catalogue(), seed })
    await screen.findByRole('list', { name: 'Packages' })
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    expect(within(filters).getByRole('group', { name: 'Package type' })).toBeInTheDocument()
    expect(within(filters).queryByRole('group', { name: 'Severity (at least one)' }) !== null).toBe(offered)
    expect(within(filters).queryByRole('checkbox', { name: 'Critical' }) !== null).toBe(offered)
  })

  // A shared link carries its severities (`sev`) to every platform; where the filter is hidden,
  // no package has a severity to choose by, and the hidden filter must not filter.
  it.each<[string, AppEvent[], boolean]>([
    ['the scanner runs and is licensed', [xrayLicensed(platformWith(['artifactory', 'xray']))], true],
    ['the licence lacks the scanner', [platformWith(['artifactory', 'xray'])], false],
    ['an edition without a scanner (OSS)', [platformWith(['artifactory'], 'N/A', { flavour: 'oss' })], false],
  ])("where %s, a link's severities filter the list as the filter shows", async (_, seed, filters) => {
    const { api } = renderArea(<PackagesArea />, {
      path: '/packages?q=react&sev=high',
      pattern: PATTERN,
      api: catalogue(),
      seed,
    })
    const list = await screen.findByRole('list', { name: 'Packages' })
    const names = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('aria-posinset'))
      .map((row) => within(row).getByRole('link').textContent)
    // react alone has a high vulnerability.
    expect(names).toEqual(filters ? ['react'] : ['react', 'react-dom'])
    const asked = api.catalogue.calls.filter((c) => c.name === 'searchPackages')
    expect(asked.map((c) => (c.args[0] as { severities: string[] }).severities)).toEqual([
      filters ? ['HIGH'] : [],
    ])
  })

  it('a link with severities alone is no search where the filter is hidden', async () => {
    const { api, app } = renderArea(<PackagesArea />, {
      path: '/packages?sev=high',
      pattern: PATTERN,
      api: catalogue(),
      seed: [platformWith(['artifactory'], 'N/A', { flavour: 'oss' })],
    })
    expect(await screen.findByText('Find packages using the search bar.')).toBeInTheDocument()
    // The landing's own two lists (newest, most downloaded) only: no search by severity.
    await waitFor(() =>
      expect(api.catalogue.calls.filter((c) => c.name === 'searchPackages')).toHaveLength(2),
    )
    expect(
      api.catalogue.calls.map((c) => (c.args[0] as { severities?: string[] }).severities ?? []),
    ).not.toContainEqual(['HIGH'])
    expect(app.getState().packages.list.status).toBe('idle')
  })

  it('renders only a window of a long result and pages on with the cursor', async () => {
    const { api } = renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: catalogue(450),
    })
    const list = await screen.findByRole('list', { name: 'Packages' })
    await waitFor(() => expect(screen.getByText('452 packages')).toBeInTheDocument())
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40)
    const pages = api.catalogue.calls
      .filter((c) => c.name === 'searchPackages')
      .map((c) => (c.args[1] as { after: string | null }).after)
    expect(pages[0]).toBeNull()
  })

  it('a failed further page says so in the list and loads on retry, without asking by itself', async () => {
    const api = catalogue(800)
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api })
    const list = await screen.findByRole('list', { name: 'Packages' })
    const searches = () => api.catalogue.calls.filter((c) => c.name === 'searchPackages').length
    // The first page (100) does not ask for the second (300) as it draws: a scroll past half
    // of it does; the third only after scrolling further.
    await act(async () => {})
    expect(searches()).toBe(1)
    const scroller = screen.getByTestId('packages-scroller')
    scroller.scrollTop = 60 * ROW_HEIGHT
    act(() => scroller.dispatchEvent(new Event('scroll')))
    await waitFor(() => expect(searches()).toBe(2))
    api.catalogue.failures.searchPackages = { kind: 'network', message: 'offline' }
    scroller.scrollTop = 400 * ROW_HEIGHT
    act(() => scroller.dispatchEvent(new Event('scroll')))
    const alert = await within(list).findByRole('alert')
    expect(alert).toHaveTextContent('More packages could not be loaded.')
    const asked = searches()
    await act(async () => {})
    expect(searches()).toBe(asked)
    delete api.catalogue.failures.searchPackages
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(searches()).toBeGreaterThan(asked))
    await waitFor(() => expect(within(list).queryByRole('alert')).toBeNull())
  })

  it('says when nothing matched', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=nothing-like-this',
      pattern: PATTERN,
      api: catalogue(),
    })
    expect(await screen.findByText('No packages found, refine your search')).toBeInTheDocument()
  })

  it('a short list makes a box as tall as its rows, not a screenful with empty space under them', async () => {
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api: catalogue() })
    const list = await screen.findByRole('list', { name: 'Packages' })
    // The rows are the list's own items (a row's severity chips are a list of their own).
    const rows = list.querySelectorAll(':scope > [role="listitem"]').length
    expect(rows).toBeGreaterThan(0)
    expect(screen.getByTestId('packages-scroller').style.getPropertyValue('--rows-height')).toBe(
      `${rows * ROW_HEIGHT}px`,
    )
  })

  it('a failure shows an empty list with a retry', async () => {
    const api = catalogue()
    api.catalogue.failures.searchPackages = { kind: 'status', status: 500, message: 'boom' }
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'Packages could not be loaded: the platform refused it with status 500: boom.',
    )
    expect(screen.queryByRole('list', { name: 'Packages' })).toBeNull()
    delete api.catalogue.failures.searchPackages
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'react' })).toBeInTheDocument()
  })

  it('shows the release-versions-only explanation when the option is on', async () => {
    renderArea(<PackagesArea />, { path: '/packages?q=react&rel=1', pattern: PATTERN, api: catalogue() })
    const box = screen.getByRole('checkbox', { name: 'Release versions only' })
    expect(box).toBeChecked()
    expect(box).toHaveAccessibleDescription('Only semver release versions will be shown')
    await screen.findByRole('list', { name: 'Packages' })
    // A tooltip, not a note on the page: the words are for screen readers until hover or focus.
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')).toHaveClass(kitPage.srOnly!)
    await userEvent.hover(box)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only semver release versions will be shown')
  })

  it('shows the migration note when the platform reports one', async () => {
    const { FeaturesLoaded } = await import('../../domain/platform/events')
    renderArea(<PackagesArea />, {
      path: '/packages',
      pattern: PATTERN,
      seed: [FeaturesLoaded({ features: { metadataMigrationRunning: true } })],
    })
    expect(screen.getByRole('note')).toHaveTextContent(
      'A migration is running after an upgrade and results may be partial.',
    )
  })

  it('the repositories and licences form applies its comma lists, keeping what was typed', async () => {
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: catalogue(),
    })
    await screen.findByRole('list', { name: 'Packages' })
    const repositories = screen.getByRole('textbox', { name: 'Repositories' })
    await userEvent.type(repositories, ' npm-remote, , libs')
    await userEvent.type(screen.getByRole('textbox', { name: 'Licences' }), 'MIT')
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(app.exportLog()).toContain('"path":"/packages?q=react&repo=npm-remote&repo=libs&lic=MIT"'),
    )
    expect(repositories).toHaveValue(' npm-remote, , libs')
  })

  it('a filter change runs the search again with the filter in the model', async () => {
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: catalogue(),
    })
    await screen.findByRole('list', { name: 'Packages' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Docker' }))
    expect(app.exportLog()).toContain('"path":"/packages?q=react&pkg=docker"')
  })

  it("a type's mark is part of its choice: between box and name, a click on it chooses the type", async () => {
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: PATTERN,
      api: catalogue(),
    })
    const group = await screen.findByRole('group', { name: 'Package type' }, { timeout: 15_000 })
    const npm = within(group).getByRole('checkbox', { name: 'npm' })
    // The label the box is named by holds the mark (hidden from the name) and the type.
    const label = (npm as HTMLInputElement).labels?.[0]
    const mark = label?.querySelector('[data-mark]')
    expect(mark).toHaveAttribute('aria-hidden', 'true')
    await userEvent.click(mark!)
    expect(app.exportLog()).toContain('"path":"/packages?q=react&pkg=npm"')
  })

  it('a type chosen in the search shows first and checked; the rest unfold on request', async () => {
    renderArea(<PackagesArea />, { path: '/packages?q=react&pkg=cargo', pattern: PATTERN, api: catalogue() })
    const group = await screen.findByRole('group', { name: 'Package type' }, { timeout: 15_000 })
    const boxes = within(group).getAllByRole('checkbox')
    expect(boxes[0]).toHaveAccessibleName('Cargo')
    expect(boxes[0]).toBeChecked()
    const more = within(group).getByRole('button', { name: /^Show all \d+ types$/ })
    expect(within(group).queryByRole('checkbox', { name: 'Conan' })).toBeNull()
    await userEvent.click(more)
    expect(within(group).getByRole('checkbox', { name: 'Conan' })).not.toBeChecked()
    expect(within(group).getByRole('button', { name: 'Show fewer types' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  // Narrow, the styles fold the column under this button; its state and the chosen ones' names
  // are the component's (the fold itself is seen in Chromium, tests/e2e/packages.test.ts).
  it('the filters fold under a Filters button, closed while none is chosen', async () => {
    renderArea(<PackagesArea />, { path: '/packages?q=react', pattern: PATTERN, api: catalogue() })
    await screen.findByRole('list', { name: 'Packages' })
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    const fold = within(filters).getByRole('button', { name: 'Filters', expanded: false })
    expect(within(filters).queryByRole('list', { name: 'Chosen filters' })).toBeNull()
    // What it folds holds the filters.
    const body = document.getElementById(fold.getAttribute('aria-controls')!)!
    expect(within(body).getByRole('group', { name: 'Package type' })).toBeInTheDocument()
    await userEvent.click(fold)
    expect(fold).toHaveAttribute('aria-expanded', 'true')
  })

  it('the folded filters name the chosen ones and start open', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=react&pkg=npm&repo=npm-remote&lic=MIT&after=2024-01-02&rel=1',
      pattern: PATTERN,
      api: catalogue(),
    })
    await screen.findByRole('list', { name: 'Packages' })
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    expect(within(filters).getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true')
    const chosen = within(filters).getByRole('list', { name: 'Chosen filters' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['npm', 'In npm-remote', 'MIT', 'Created after 2024-01-02', 'Release versions only'])
  })

  it("the Created dates take a day typed in the locale's format, and bound each other", async () => {
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages?q=react&after=2026-03-12&before=2026-03-20',
      pattern: PATTERN,
      api: catalogue(),
    })
    await screen.findByRole('list', { name: 'Packages' })
    // The date fields' control loads when the pointer comes over one; its calendar button then
    // says whether the calendar is open.
    await userEvent.hover(screen.getByRole('textbox', { name: 'After' }))
    await screen.findByRole('button', { name: 'Choose date (After)', expanded: false })
    const after = screen.getByRole('textbox', { name: 'After' })
    expect(after).toHaveValue(formatDayDigits('2026-03-12'))
    expect(screen.getByRole('textbox', { name: 'Before' })).toHaveValue(formatDayDigits('2026-03-20'))
    const { order, pattern } = dayPattern()
    const parts = { year: '2026', month: '03', day: '15' }
    await userEvent.clear(after)
    await userEvent.type(after, order.map((p) => parts[p]).join(/[^ymd]+/.exec(pattern)?.[0] ?? '/'))
    await userEvent.tab()
    await waitFor(() =>
      expect(app.exportLog()).toContain('"query":"?q=react&before=2026-03-20&after=2026-03-15"'),
    )
    // Before cannot be earlier than After: its calendar's earlier days are off.
    await userEvent.hover(screen.getByRole('textbox', { name: 'Before' }))
    await userEvent.click(
      await screen.findByRole('button', { name: 'Choose date (Before)', expanded: false }),
    )
    expect(await screen.findByRole('button', { name: formatDayFull('2026-03-11') })).toBeDisabled()
    expect(screen.getByRole('button', { name: formatDayFull('2026-03-12') })).toBeEnabled()
  })
})

describe('package details', () => {
  it('shows the package, its versions (newest first), tabs, readme and install command', async () => {
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    // The first details page of the file waits for the details chunk's first import (kit table, tabs).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    const versions = screen.getByRole('navigation', { name: 'Versions' })
    expect(
      within(versions)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['18.2.0', '17.0.2'])
    const tabs = screen.getByRole('tablist', { name: 'Package details' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Readme', 'Builds', 'Location', 'Security', 'Releases'])
    // The README renderer is a chunk of its own, imported for the first time here.
    expect(await screen.findByRole('heading', { name: 'React 18' }, { timeout: 15_000 })).toBeInTheDocument()
    // The README went through the sanitiser.
    expect(document.querySelector('[onerror]')).toBeNull()
    expect(screen.getByTestId('install-command')).toHaveTextContent('npm i react@18.2.0')
  })

  it('links back to the search the bar holds, or to all packages without one', async () => {
    const { UrlRestored } = await import('../../domain/search/events')
    const { searchModelFromQuery } = await import('../../domain/search/model')
    const searched = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: PATTERN,
      api: catalogue(),
      seed: [UrlRestored({ type: 'packages', model: searchModelFromQuery('q=react&pkg=npm') })],
    })
    expect(await screen.findByRole('link', { name: 'Back to results' })).toHaveAttribute(
      'href',
      '/packages?q=react&pkg=npm',
    )
    searched.unmount()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    expect(await screen.findByRole('link', { name: 'All packages' })).toHaveAttribute('href', '/packages')
  })

  it('labels the security tab Xray Data when Xray is present', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: PATTERN,
      api: catalogue(),
      seed: [platformWith(['artifactory', 'xray'])],
    })
    expect(await screen.findByRole('tab', { name: 'Xray Data' })).toBeInTheDocument()
  })

  it("says a clean package's security tab as the kit's empty state, as the other tabs do", async () => {
    // Gallery review: the tab held one small muted line at its top corner.
    const user = userEvent.setup()
    const pad = makePackage('left-pad')
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: fakePackagesApi({ packages: [pad], versions: { [pad.id]: [makeVersion(pad, '1.3.0')] } }),
      // Xray running and licensed: the package's scan results are shown.
      seed: [xrayLicensed(platformWith(['artifactory', 'xray']))],
    })
    await user.click(await screen.findByRole('tab', { name: 'Xray Data' }))
    const panel = screen.getByRole('tabpanel', { name: 'Xray Data' })
    expect(within(panel).getByText('No known vulnerabilities')).toHaveClass(String(surface.emptyTitle))
  })

  it('names the versions whose scans found something when the latest has none', async () => {
    // Tried as a user: the tab showed the package's Critical 1 beside its clean latest version,
    // without a word of which version had it.
    const user = userEvent.setup()
    const mini = makePackage('minimist')
    const critical = { critical: 1, high: 0, medium: 1, low: 0, info: 0, unknown: 0, skipped: 0 }
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fminimist',
      pattern: PATTERN,
      api: fakePackagesApi({
        packages: [mini],
        versions: {
          [mini.id]: [makeVersion(mini, '1.2.8'), makeVersion(mini, '0.0.8', { vulnerabilities: critical })],
        },
      }),
      seed: [xrayLicensed(platformWith(['artifactory', 'xray']))],
    })
    await user.click(await screen.findByRole('tab', { name: 'Xray Data' }))
    const table = within(screen.getByRole('tabpanel', { name: 'Xray Data' })).getByRole('table', {
      name: 'Versions with vulnerabilities',
    })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(1)
    expect(within(rows[0]!).getByRole('link', { name: '0.0.8' })).toHaveAttribute(
      'href',
      '/packages/npm%3A%2F%2Fminimist/0.0.8',
    )
    expect(within(rows[0]!).getByRole('list', { name: 'Vulnerabilities' })).toHaveTextContent('Critical')
  })

  it('copies the exact install command and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    await userEvent.click(await screen.findByRole('button', { name: 'Copy install command' }))
    expect(writeText).toHaveBeenCalledWith('npm i react@18.2.0')
    expect(await screen.findByText('Install command copied to the clipboard')).toBeInTheDocument()
  })

  it("has its Copy button at the kit's field height, level with the command's box", async () => {
    // Gallery review: the small button stood 6 px shorter than the command beside it.
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    const copy = await screen.findByRole('button', { name: 'Copy install command' })
    expect(copy).toHaveClass(...buttonClass('secondary', 'md').split(' '))
    expect(copy).not.toHaveClass(...buttonClass('secondary', 'sm').split(' ').slice(2))
  })

  it('without clipboard access, selects the exact command for the keyboard and says so', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    await userEvent.click(await screen.findByRole('button', { name: 'Copy install command' }))
    expect(
      await screen.findByText('Could not copy: the command is selected, press Ctrl+C to copy it'),
    ).toBeInTheDocument()
    expect(window.getSelection()?.toString()).toBe('npm i react@18.2.0')
  })

  it('a package without versions yet says it will be available soon', async () => {
    const api = catalogue()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fvue', pattern: PATTERN, api })
    expect(
      await screen.findByText('The package will be available in a few minutes, try later'),
    ).toBeInTheDocument()
  })

  it('a package that does not exist asks for the 404 route', async () => {
    const { app } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fnope',
      pattern: PATTERN,
      api: catalogue(),
    })
    await waitFor(() => expect(app.exportLog()).toContain('packages/PackageNotFound'))
    const navigation = app
      .exportLog()
      .split('\n')
      .filter((l) => l.includes('"type":"navigation/'))
    expect(navigation.some((l) => l.includes('"/404"'))).toBe(true)
  })

  it('a failed package load shows an error with a retry', async () => {
    const api = catalogue()
    api.catalogue.failures.getPackage = { kind: 'network', message: 'offline' }
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api })
    expect(await screen.findByRole('alert')).toHaveTextContent('The package could not be loaded.')
  })
})

describe('version details', () => {
  it("says a version's downloads in words: 1 download", async () => {
    const react = makePackage('react')
    const version = { ...makeVersion(react, '18.2.0'), downloadCount: 1 }
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact/18.2.0',
      pattern: PATTERN,
      api: fakePackagesApi({ packages: [react], versions: { [react.id]: [version] } }),
    })
    const title = await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    expect(within(title.closest('header')!).getByText('1 download')).toBeInTheDocument()
  })

  it('shows files with checksums, opens on the readme tab for a tgz, and downloads', async () => {
    const { api } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact/17.0.2',
      pattern: PATTERN,
      api: catalogue(),
    })
    // The version details chunk is imported for the first time here.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'react 17.0.2' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Readme' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('heading', { name: 'React 17' })).toBeInTheDocument()
    const files = screen.getByRole('table', { name: 'Files' })
    expect(
      within(files).getByText('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'),
    ).toBeInTheDocument()
    // The download buttons are the rows' actions: their column is named 'Actions' (for screen
    // readers, as the kit's tables name it), not 'Download' above buttons that say it again.
    expect(
      within(files)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Size', 'Checksums', 'Actions'])
    await userEvent.click(screen.getByRole('button', { name: 'Download react-17.0.2.tgz' }))
    expect(api.catalogue.downloads).toEqual([{ repoKey: 'npm-remote', path: 'react/-/react-17.0.2.tgz' }])
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveTextContent('17.0.2')
  })

  it("copies a file's checksum with the kit's copy button, which says it copied", async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact/17.0.2',
      pattern: PATTERN,
      api: catalogue(),
    })
    const files = await screen.findByRole('table', { name: 'Files' }, { timeout: 15_000 })
    const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    // The whole value stays readable where the cell cuts it.
    expect(within(files).getByTitle(sha256)).toHaveTextContent(sha256)
    await userEvent.click(within(files).getByRole('button', { name: 'Copy SHA-256 of react-17.0.2.tgz' }))
    expect(writeText).toHaveBeenCalledWith(sha256)
    // The kit's CodeBlock announces the copy (the packages' own copy of it said nothing).
    expect(await within(files).findByText('Copied')).toHaveAttribute('role', 'status')
  })

  it('a 404 download surfaces as a message; readme and builds failures show empty', async () => {
    const api = catalogue()
    api.catalogue.failures.download = { kind: 'status', status: 404, message: 'Not Found' }
    api.catalogue.failures.getReadme = { kind: 'status', status: 500, message: 'x' }
    api.catalogue.failures.getBuilds = { kind: 'status', status: 500, message: 'x' }
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact/18.2.0', pattern: PATTERN, api })
    expect(await screen.findByText('No README for this version')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Builds' }))
    expect(await screen.findByText('No builds produced this version')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Download react-18.2.0.tgz' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('react-18.2.0.tgz was not found')
  })

  it('a download a watch’s policy blocks says so, naming them; Retry downloads once it is lifted', async () => {
    const api = catalogue()
    api.catalogue.failures.download = {
      kind: 'status',
      status: 403,
      message: 'react@18.2.0 is blocked by policy "no-high" of watch "everything"',
      code: 'BLOCKED',
      policy: 'no-high',
      watch: 'everything',
    }
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact/18.2.0', pattern: PATTERN, api })
    const download = () => screen.getByRole('button', { name: 'Download react-18.2.0.tgz' })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    await userEvent.click(download())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'react-18.2.0.tgz was not downloaded: this version is blocked by policy no-high of watch everything.',
    )
    expect(alert).toHaveTextContent('Ask an administrator for an exception')
    expect(alert).not.toHaveTextContent('permission')
    // An administrator's ignore rule lifts it; Retry downloads, the button waiting meanwhile.
    delete api.catalogue.failures.download
    let answer!: () => void
    api.catalogue.gate = new Promise<void>((r) => (answer = r))
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(download()).toBeDisabled()
    expect(screen.queryByRole('alert')).toBeNull()
    answer()
    await waitFor(() => expect(download()).toBeEnabled())
    expect(api.catalogue.downloads).toEqual([{ repoKey: 'npm-remote', path: 'react/-/react-18.2.0.tgz' }])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a refusal without a reason says permission; a failed download offers Retry', async () => {
    const api = catalogue()
    api.catalogue.failures.download = { kind: 'status', status: 403, message: 'Forbidden' }
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact/18.2.0', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Download react-18.2.0.tgz' }))
    const refused = await screen.findByRole('alert')
    expect(refused).toHaveTextContent('You do not have permission to download react-18.2.0.tgz')
    expect(within(refused).queryByRole('button', { name: 'Retry' })).toBeNull()
    api.catalogue.failures.download = { kind: 'network', message: 'offline' }
    await userEvent.click(screen.getByRole('button', { name: 'Download react-18.2.0.tgz' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('react-18.2.0.tgz could not be downloaded.'),
    )
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('npm versions show dependencies and properties', async () => {
    const api = catalogue()
    api.catalogue.dependencies = [{ name: 'loose-envify', version: '^1.1.0', scope: 'prod' }]
    api.catalogue.properties = [{ key: 'npm.name', values: ['react'] }]
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact/18.2.0', pattern: PATTERN, api })
    expect(await screen.findByText(/loose-envify/)).toBeInTheDocument()
    expect(screen.getByText('npm.name')).toBeInTheDocument()
  })

  it("downloads each file from the platform's path; a go module's .mod as its .zip", async () => {
    const mod = makePackage('github.com/acme/lib', { packageType: 'go', id: 'go://github.com/acme/lib' })
    const lead = {
      name: 'v1.2.3.mod',
      path: 'github.com/acme/lib/@v/v1.2.3.mod',
      lead: true,
      size: 120,
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      mimeType: 'text/plain',
    }
    // A file kept somewhere the lead file's folder would not suggest.
    const license = { ...lead, name: 'LICENSE', path: 'sources/acme/lib/v1.2.3/LICENSE', lead: false }
    const api = fakePackagesApi({
      packages: [mod],
      versions: {
        [mod.id]: [
          makeVersion(mod, 'v1.2.3', {
            repos: [{ name: 'go-remote', type: 'remote', leadFilePath: lead.path }],
            files: [lead, license],
          }),
        ],
      },
    })
    renderArea(<PackagesArea />, {
      path: `/packages/${encodeURIComponent(mod.id)}/v1.2.3`,
      pattern: PATTERN,
      api,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Download v1.2.3.zip' }))
    await userEvent.click(screen.getByRole('button', { name: 'Download LICENSE' }))
    expect(api.catalogue.downloads).toEqual([
      { repoKey: 'go-remote', path: 'github.com/acme/lib/@v/v1.2.3.zip' },
      { repoKey: 'go-remote', path: 'sources/acme/lib/v1.2.3/LICENSE' },
    ])
  })

  it('a docker version opens on docker layers', async () => {
    const img = makePackage('nginx', { packageType: 'docker', id: 'docker://nginx' })
    const api = fakePackagesApi({
      packages: [img],
      versions: {
        [img.id]: [
          makeVersion(img, '1.25', {
            repos: [{ name: 'docker-local', type: 'local', leadFilePath: 'nginx/1.25/manifest.json' }],
          }),
        ],
      },
      layers: [{ digest: 'sha256:abc', size: 2048, command: 'ADD file' }],
    })
    renderArea(<PackagesArea />, { path: '/packages/docker%3A%2F%2Fnginx/1.25', pattern: PATTERN, api })
    expect(await screen.findByRole('tab', { name: 'Docker Layers' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('sha256:abc')).toBeInTheDocument()
  })

  it("a docker version names its image's platforms: each of a multi-arch index, or the one", async () => {
    const img = makePackage('multi', { packageType: 'docker', id: 'docker://multi' })
    const at = (name: string) =>
      makeVersion(img, name, {
        repos: [{ name: 'docker-local', type: 'local', leadFilePath: `multi/${name}/manifest.json` }],
      })
    const api = fakePackagesApi({
      packages: [img],
      versions: { [img.id]: [at('2.0'), at('1.0')] },
      platforms: ['linux/amd64', 'linux/arm64/v8'],
    })
    renderArea(<PackagesArea />, { path: '/packages/docker%3A%2F%2Fmulti/2.0', pattern: PATTERN, api })
    const facts = await screen.findByRole('complementary', { name: 'Version facts' })
    const list = await within(facts).findByRole('list', { name: 'Platforms' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['linux/amd64', 'linux/arm64/v8'])
    expect(within(facts).getByText('Platforms')).toBeInTheDocument()
  })
})
