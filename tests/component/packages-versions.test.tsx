/**
 * Package details with more than 100 versions: paging through them with "Load more
 * versions" (100 a page), its loading and error states, focus after a page arrives, and the
 * page's heading outline (the README's own h1 does not make a second h1).
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'
import { optionNames } from '../support/kitSelect'

const PATTERN = '/packages/:packageId?/:versionId?'

function manyVersions(count = 250) {
  const pkg = makePackage('many', { versionsCount: count, latestVersion: `1.0.${count}` })
  // Newest first, as the platform answers (semantic version, descending).
  const versions = Array.from({ length: count }, (_, i) => makeVersion(pkg, `1.0.${count - i}`))
  const api = fakePackagesApi({
    packages: [pkg],
    versions: { [pkg.id]: versions },
    readmes: { [versions[0]!.id]: '# Many\n\n## Usage\n\nText' },
  })
  return { pkg, versions, api }
}

const versionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Versions' }))
    .getAllByRole('link')
    .map((a) => a.textContent)

// Hundreds of links in jsdom take seconds on a shared, busy machine.
describe('package details: versions past the first 100', { timeout: 20_000 }, () => {
  it('shows 100, then loads the next page on request, moving focus to the first new version', async () => {
    const { api, versions } = manyVersions()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'many' })
    expect(versionLinks()).toHaveLength(100)
    expect(screen.getByText('Showing 100 of 250 versions')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Load more versions' }))
    await waitFor(() => expect(versionLinks()).toHaveLength(200))
    expect(screen.getByText('Showing 200 of 250 versions')).toBeInTheDocument()
    // Focus moves once the new rows are on screen (an effect after their render).
    await waitFor(() => expect(screen.getByRole('link', { name: versions[100]!.name })).toHaveFocus())

    await userEvent.click(screen.getByRole('button', { name: 'Load more versions' }))
    await waitFor(() => expect(versionLinks()).toHaveLength(250))
    expect(versionLinks()).toEqual(versions.map((v) => v.name))
    expect(screen.queryByRole('button', { name: 'Load more versions' })).toBeNull()
    expect(screen.getByText('250 versions')).toBeInTheDocument()
    // Focus moves once the new rows are on screen (an effect after their render).
    await waitFor(() => expect(screen.getByRole('link', { name: versions[200]!.name })).toHaveFocus())
  })

  it('says it is loading while a page is on its way', async () => {
    const { api } = manyVersions()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'many' })
    let open!: () => void
    api.catalogue.gate = new Promise<void>((resolve) => (open = resolve))
    await userEvent.click(screen.getByRole('button', { name: 'Load more versions' }))
    const busy = await screen.findByRole('button', { name: 'Loading more versions…' })
    expect(busy).toBeDisabled()
    open()
    await waitFor(() => expect(versionLinks()).toHaveLength(200))
  })

  it('a failed page keeps the versions shown and offers a retry', async () => {
    const { api } = manyVersions()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'many' })
    api.catalogue.failures.listVersions = { kind: 'network', message: 'offline' }
    await userEvent.click(screen.getByRole('button', { name: 'Load more versions' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('More versions could not be loaded.')
    expect(versionLinks()).toHaveLength(100)
    delete api.catalogue.failures.listVersions
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry loading versions' }))
    await waitFor(() => expect(versionLinks()).toHaveLength(200))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('version details offer a version past the loaded pages, and load more into the selector', async () => {
    const { api, versions } = manyVersions()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany/1.0.7', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'many 1.0.7' })
    const select = () => screen.getByRole('combobox', { name: 'Version' })
    expect(select()).toHaveTextContent('1.0.7')
    const user = userEvent.setup()
    expect(await optionNames(user, select())).toHaveLength(101)
    await user.click(screen.getByRole('button', { name: 'Load more versions' }))
    // Focus goes back to the selector once the page has arrived.
    await waitFor(() => expect(select()).toHaveFocus())
    const names = await optionNames(user, select())
    expect(names).toHaveLength(201)
    expect(names[1]).toBe(versions[0]!.name)
  })

  it('an npm version: its files show the type and the lead file; no Docker Layers tab', async () => {
    const { api } = manyVersions(3)
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany/1.0.2', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'many 1.0.2' })
    const files = screen.getByRole('table', { name: 'Files' })
    expect(within(files).getByRole('columnheader', { name: 'Type' })).toBeInTheDocument()
    const row = within(files).getByRole('row', { name: /many-1\.0\.2\.tgz/ })
    expect(row).toHaveTextContent('application/gzip')
    expect(row).toHaveTextContent('Lead file')
    const tabs = within(screen.getByRole('tablist', { name: 'Version details' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Readme', 'Builds'])
  })

  it('the README headings sit under the page h1: one h1 on the page', async () => {
    const { api } = manyVersions()
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fmany', pattern: PATTERN, api })
    const readme = await screen.findByRole('article', { name: 'README' })
    expect(within(readme).getByRole('heading', { name: 'Many' }).tagName).toBe('H2')
    expect(within(readme).getByRole('heading', { name: 'Usage' }).tagName).toBe('H3')
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['many'])
  })
})
