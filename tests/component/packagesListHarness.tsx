/** The packages list over a given catalogue, shown: the area at a search, once its count is drawn. */
import { screen } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import type { PackageSummary } from '../../domain/packages/types'
import { fakePackagesApi } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'

/** `/packages?q=react` over `packages` (all of them found), and its list once the count shows. */
export async function showPackagesList(packages: ReadonlyArray<PackageSummary>) {
  const view = renderArea(<PackagesArea />, {
    path: '/packages?q=react',
    pattern: '/packages/:packageId?/:versionId?',
    api: fakePackagesApi({ packages: [...packages] }),
  })
  const list = await screen.findByRole('list', { name: 'Packages' })
  await screen.findByText(`${packages.length} packages`)
  return { ...view, list }
}
