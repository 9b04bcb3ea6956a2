/**
 * The lazily loaded pieces of the packages area (package details, version details, the
 * README renderer) show a loading state while their chunk is on its way, then the screen.
 * Each chunk's import is held back by a gate the test opens; the gate also says when the
 * import was asked for, so a test checks what has not happened once the chunk is on its way.
 */
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'

const gates = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void
    let request!: () => void
    const opened = new Promise<void>((resolve) => (open = resolve))
    const requested = new Promise<void>((resolve) => (request = resolve))
    return { opened, open, requested, request }
  }
  return { details: gate(), version: gate(), readme: gate() }
})

vi.mock('../../ui/packages/PackageDetails', async (importOriginal) => {
  gates.details.request()
  await gates.details.opened
  return importOriginal()
})
vi.mock('../../ui/packages/VersionDetails', async (importOriginal) => {
  gates.version.request()
  await gates.version.opened
  return importOriginal()
})
vi.mock('../../ui/shared/SafeHtml', async (importOriginal) => {
  gates.readme.request()
  await gates.readme.opened
  return importOriginal()
})

const PATTERN = '/packages/:packageId?/:versionId?'

function catalogue() {
  const react = makePackage('react', { latestVersion: '18.2.0', versionsCount: 2 })
  const versions = [makeVersion(react, '18.2.0'), makeVersion(react, '17.0.2')]
  return fakePackagesApi({
    packages: [react],
    versions: { [react.id]: versions },
    readmes: { [versions[0]!.id]: '# React 18', [versions[1]!.id]: '# React 17' },
  })
}

describe('lazily loaded chunks of the packages area', () => {
  it('package details: a loading state until the chunk arrives, and no call before', async () => {
    const { api } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: PATTERN,
      api: catalogue(),
    })
    expect(screen.getByRole('status')).toHaveTextContent('Loading package…')
    // The screen (which asks for the package) is on its way, not here.
    await gates.details.requested
    expect(api.catalogue.calls.filter((c) => c.name === 'getPackage')).toEqual([])
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    gates.details.open()
    expect(await screen.findByRole('heading', { level: 1, name: 'react' })).toBeInTheDocument()
  })

  it('version details: a loading state until the chunk arrives', async () => {
    const { api } = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact/17.0.2',
      pattern: PATTERN,
      api: catalogue(),
    })
    expect(screen.getByRole('status')).toHaveTextContent('Loading version…')
    await gates.version.requested
    expect(api.catalogue.calls).toEqual([])
    gates.version.open()
    expect(await screen.findByRole('heading', { level: 1, name: 'react 17.0.2' })).toBeInTheDocument()
  })

  it('README: the readme tab says it is loading until the renderer chunk arrives', async () => {
    gates.version.open()
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact/18.2.0',
      pattern: PATTERN,
      api: catalogue(),
    })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' })
    const panel = screen.getByRole('tabpanel', { name: 'Readme' })
    // The README text has arrived (no request is pending), only the renderer has not.
    await gates.readme.requested
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading README…')
    expect(within(panel).queryByRole('article', { name: 'README' })).toBeNull()
    gates.readme.open()
    const readme = await within(panel).findByRole('article', { name: 'README' })
    expect(within(readme).getByRole('heading', { name: 'React 18' })).toBeInTheDocument()
  })
})
