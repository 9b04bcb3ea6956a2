/** The universal search bar and the release-bundle lookup, on seeded apps. */
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SearchBar } from '../../ui/search/SearchBar'
import { ChecksumLookup } from '../../ui/releaseBundles'
import { RECENT_SEARCHES_KEY, SUGGEST_DEBOUNCE_MS } from '../../commands/effects/search'
import { memoryStore } from '../support/fakePorts'
import { DEFAULT_SEARCH_MODEL } from '../../domain/search/model'
import { fakePackagesApi, fakeReleaseBundlesApi, makePackage } from '../support/fakePackagesApi'
import { PackageTypesLoaded } from '../../domain/platform/events'
import { platformWith, renderArea, signedIn } from './packagesHarness'
import { optionNames } from '../support/kitSelect'

describe('search bar', () => {
  it('disables the search button until there is something to search for, then runs to the route', async () => {
    const { app } = renderArea(<SearchBar />, { path: '/packages' })
    const button = screen.getByRole('button', { name: 'Search' })
    expect(button).toBeDisabled()
    await userEvent.type(screen.getByRole('combobox', { name: 'Search text' }), 'react type:npm')
    expect(button).toBeEnabled()
    await userEvent.click(button)
    await waitFor(() => expect(app.exportLog()).toContain('"path":"/packages?q=react&pkg=npm"'))
    expect(app.getState().search.recent.map((r) => r.queryString)).toEqual(['q=react&pkg=npm'])
  })

  it('names unknown filter keys and refuses a package type the platform does not offer', async () => {
    renderArea(<SearchBar />, {
      path: '/packages',
      seed: [platformWith(['artifactory']), PackageTypesLoaded({ packageTypes: ['npm', 'go'] })],
    })
    const text = screen.getByRole('combobox', { name: 'Search text' })
    await userEvent.type(text, 'react foo:bar')
    expect(screen.getByRole('status')).toHaveTextContent(/Not a Packages filter: foo/)
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled()
    await userEvent.clear(text)
    await userEvent.type(text, 'type:bogus')
    expect(screen.getByRole('status')).toHaveTextContent('Unknown package type: bogus')
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled()
    expect(text).toHaveValue('type:bogus')
  })

  it("shows each suggestion with its package type's mark before the name, as the packages list does", async () => {
    const api = fakePackagesApi({
      packages: [
        makePackage('react', { packageType: 'npm' }),
        makePackage('react-go', { packageType: 'go' }),
      ],
    })
    const { ports } = renderArea(<SearchBar />, { path: '/packages', api })
    await userEvent.type(screen.getByRole('combobox', { name: 'Search text' }), 'react')
    act(() => ports.advance(SUGGEST_DEBOUNCE_MS))
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    const options = within(list).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['reactnpm', 'react-gogo'])
    // The mark is beside the type's name, so out of the option's accessible name.
    expect(options.map((o) => o.querySelector('[data-mark]')?.getAttribute('data-mark'))).toEqual([
      'npm',
      'go',
    ])
    expect(options[0]?.querySelector('[data-mark]')).toHaveAttribute('aria-hidden', 'true')
  })

  it('takes its text from the URL (reload, shared link)', () => {
    renderArea(<SearchBar />, { path: '/packages?q=lodash' })
    expect(screen.getByRole('combobox', { name: 'Search text' })).toHaveValue('lodash')
  })

  it('offers only the search types the viewer may use', async () => {
    renderArea(<SearchBar />, { path: '/packages' })
    const options = await optionNames(
      userEvent.setup(),
      screen.getByRole('combobox', { name: 'Search type' }),
    )
    expect(options).toContain('Packages')
    expect(options).not.toContain('Security and Compliance')
  })

  it('lists recent searches and re-runs one', async () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'vue' }
    // Recent searches come from local storage when the app starts.
    const localStore = memoryStore()
    localStore.set(
      RECENT_SEARCHES_KEY,
      JSON.stringify({
        anonymous: [{ id: 'r1', type: 'packages', queryString: 'q=vue', searchModel: model }],
      }),
    )
    const { app } = renderArea(<SearchBar />, { path: '/', ports: { localStore } })
    await userEvent.click(screen.getByRole('button', { name: 'Recent searches' }))
    await userEvent.click(screen.getByRole('button', { name: 'Packages: vue' }))
    await waitFor(() => expect(app.exportLog()).toContain('"path":"/packages?q=vue"'))
  })
})

describe('search type follows the route and the project', () => {
  it('selecting a project moves the bar off a type without project context, keeping the text', async () => {
    const { app } = renderArea(<SearchBar />, {
      path: '/scans',
      seed: [platformWith(['artifactory', 'xray']), signedIn('admin', true)],
    })
    const type = () => screen.getByRole('combobox', { name: 'Search type' })
    await waitFor(() => expect(type()).toHaveTextContent('Security and Compliance'))
    const user = userEvent.setup()
    await user.type(screen.getByRole('combobox', { name: 'Search text' }), 'CVE-2024')
    act(() => app.dispatch({ type: 'navigation/SelectProject', key: 'proj1' }))
    await waitFor(() => expect(type()).toHaveTextContent('Packages'))
    expect(await optionNames(user, type())).not.toContain('Security and Compliance')
    expect(screen.getByRole('combobox', { name: 'Search text' })).toHaveValue('CVE-2024')
  })

  it('opening a package from the results keeps the search in the bar', async () => {
    const { location } = renderArea(<SearchBar />, { path: '/packages?q=react&pkg=npm' })
    const text = screen.getByRole('combobox', { name: 'Search text' })
    // The bar shows the whole search, filters included, so what it shows is what runs.
    expect(text).toHaveValue('react type:npm')
    act(() => location.navigate('/packages/npm%3A%2F%2Freact'))
    await act(async () => {})
    expect(text).toHaveValue('react type:npm')
  })
})

describe('release bundles by checksum', () => {
  const sha = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
  const bundle = {
    name: 'app-release',
    version: '1.0.0',
    created: '2026-01-01T00:00:00Z',
    status: 'COMPLETE',
    repository: 'release-bundles',
    artifacts: 12,
  }

  it('rejects a malformed checksum and keeps what was typed', async () => {
    renderArea(<ChecksumLookup />, { path: '/distribution/target' })
    const input = screen.getByRole('textbox', { name: /Artifact checksum/ })
    await userEvent.type(input, 'not-a-checksum')
    await userEvent.click(screen.getByRole('button', { name: 'Find bundles' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a SHA-256')
    expect(input).toHaveValue('not-a-checksum')
  })

  it('lists the bundles that contain the artifact, or says there are none', async () => {
    const bundles = fakeReleaseBundlesApi({ [sha]: [bundle] })
    renderArea(<ChecksumLookup />, { path: '/distribution/target', bundles })
    await userEvent.type(
      screen.getByRole('textbox', { name: /Artifact checksum/ }),
      `  ${sha.toUpperCase()} `,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Find bundles' }))
    expect(await screen.findByRole('cell', { name: 'app-release' })).toBeInTheDocument()
    expect(bundles.calls).toEqual([sha])
  })

  it('shows an empty result and an error with a retry', async () => {
    const none = renderArea(<ChecksumLookup />, {
      path: '/distribution/target',
      bundles: fakeReleaseBundlesApi({}),
    })
    await userEvent.type(screen.getByRole('textbox', { name: /Artifact checksum/ }), sha.slice(0, 40))
    await userEvent.click(screen.getByRole('button', { name: 'Find bundles' }))
    expect(await screen.findByText('No release bundle contains this artifact')).toBeInTheDocument()
    none.unmount()
    renderArea(<ChecksumLookup />, {
      path: '/distribution/target',
      bundles: fakeReleaseBundlesApi({}, { kind: 'status', status: 503, message: 'Distribution is down' }),
    })
    await userEvent.type(screen.getByRole('textbox', { name: /Artifact checksum/ }), sha)
    await userEvent.click(screen.getByRole('button', { name: 'Find bundles' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Distribution is down')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
