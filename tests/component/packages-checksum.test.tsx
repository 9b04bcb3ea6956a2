/** A checksum search (spec 001 section 3): the list shows the package holding the file, its page the versions. */
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'
import { giveElementsASize } from '../support/jsdomLayout'
import { UrlRestored } from '../../domain/search/events'
import { searchModelFromQuery } from '../../domain/search/model'

const PATTERN = '/packages/:packageId?/:versionId?'
const SUM = 'ab'.repeat(32)

giveElementsASize()

function catalogue() {
  const react = makePackage('react', { latestVersion: '18.2.0', versionsCount: 2 })
  const old = makeVersion(react, '17.0.2')
  const held = { ...old, files: [{ ...old.files[0]!, sha256: SUM }] }
  return fakePackagesApi({
    packages: [react, makePackage('react-dom'), makePackage('vue')],
    versions: { [react.id]: [makeVersion(react, '18.2.0'), held] },
  })
}

describe('search by checksum', () => {
  it('lists only the packages holding a file with the checksum', async () => {
    const { api } = renderArea(<PackagesArea />, {
      path: `/packages?checksum=${SUM.toUpperCase()}&is_checksum=true`,
      pattern: PATTERN,
      api: catalogue(),
    })
    const list = await screen.findByRole('list', { name: 'Packages' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['react'])
    const asked = api.catalogue.calls.find((c) => c.name === 'searchPackages')?.args[0]
    expect(asked).toMatchObject({ checksum: SUM, name: null })
  })

  it("the package's page names the versions holding the file, with links to them", async () => {
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Freact',
      pattern: PATTERN,
      api: catalogue(),
      seed: [
        UrlRestored({ type: 'packages', model: searchModelFromQuery(`checksum=${SUM}&is_checksum=true`) }),
      ],
    })
    const holding = await screen.findByRole(
      'list',
      { name: 'Versions holding the file' },
      { timeout: 15_000 },
    )
    expect(
      within(holding)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['17.0.2'])
    expect(within(holding).getByRole('link', { name: '17.0.2' })).toHaveAttribute(
      'href',
      '/packages/npm%3A%2F%2Freact/17.0.2',
    )
  })

  it('without a checksum search the page says nothing of one', async () => {
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api: catalogue() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Versions holding the file' })).toBeNull()
  })
})
