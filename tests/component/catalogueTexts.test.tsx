/**
 * The catalogue texts driven by the platform's state (spec 001 section 8): the Xray statuses on
 * the package and version security views, and the data-transfer quota banner.
 */
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import PackagesArea from '../../ui/packages'
import { InitialDataLoaded, BlockedUsagesLoaded } from '../../domain/platform/events'
import type { AppEvent } from '../../domain/app'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'
import { renderShell } from './shellFixtures'
import { giveElementsASize } from '../support/jsdomLayout'
import { openTopMenu } from '../support/topMenu'

const PATTERN = '/packages/:packageId?/:versionId?'

/** A platform running these services, with these entitlements (its licence). */
const platform = (services: string[], entitlements: string[], flavour = 'platform'): AppEvent =>
  InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: services.map((name) => ({ name, key: name, enabled: true })),
    footer: {
      serverName: 'test',
      flavour,
      isCloud: false,
      licenseType: 'Enterprise+',
      buildNumber: '1',
      copyright: '',
    },
    entitlements,
  })

const high = { critical: 0, high: 2, medium: 0, low: 0, info: 0, unknown: 0, skipped: 0 }

function catalogue(scanned: { pkg?: boolean; version?: boolean }) {
  const pkg = makePackage('left-pad', {
    vulnerabilities: high,
    ...(scanned.pkg === undefined ? {} : { scanned: scanned.pkg }),
  })
  const version = makeVersion(pkg, '1.0.0', {
    vulnerabilities: high,
    ...(scanned.version === undefined ? {} : { scanned: scanned.version }),
  })
  return fakePackagesApi({ packages: [pkg], versions: { [pkg.id]: [version] } })
}

async function securityTab() {
  await userEvent.click(await screen.findByRole('tab', { name: /Xray Data|Security/ }))
  return screen.getByRole('tabpanel')
}

const facts = () => screen.getByRole('complementary', { name: /facts/ })

describe('Xray statuses on the package and version pages', () => {
  it('says Xray is unavailable when the platform does not run it', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: catalogue({ pkg: true }),
      seed: [platform(['artifactory'], ['artifactory'])],
    })
    expect(within(await securityTab()).getByText('Xray is unavailable')).toBeInTheDocument()
    expect(within(facts()).getByText('Xray is unavailable')).toBeInTheDocument()
    expect(screen.queryByText('High')).toBeNull()
  })

  it('leaves security out on an edition sold without a scanner, rather than call it unavailable', async () => {
    const edition = platform(['artifactory'], ['artifactory', 'container_registry'], 'container-registry')
    const page = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: catalogue({ pkg: true }),
      seed: [edition],
    })
    await screen.findByRole('tab', { name: 'Readme' })
    expect(screen.queryByRole('tab', { name: /Xray Data|Security/ })).toBeNull()
    expect(within(facts()).queryByText('Vulnerabilities')).toBeNull()
    expect(screen.queryByText('Xray is unavailable')).toBeNull()
    page.unmount()
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad/1.0.0',
      pattern: PATTERN,
      api: catalogue({ pkg: true, version: true }),
      seed: [edition],
    })
    await screen.findByRole('heading', { level: 1, name: /left-pad/ })
    expect(within(facts()).getByText('Repository')).toBeInTheDocument()
    expect(within(facts()).queryByText('Vulnerabilities')).toBeNull()
    expect(screen.queryByText('Xray is unavailable')).toBeNull()
  })

  it('says it requires an Xray license when Xray runs without its entitlement', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: catalogue({ pkg: true }),
      seed: [platform(['artifactory', 'xray'], ['artifactory', 'projects'])],
    })
    expect(within(await securityTab()).getByText('Requires an Xray license')).toBeInTheDocument()
  })

  it('says Not Scanned for a package the scanner has no results for, and shows counts once it has', async () => {
    const licensed = platform(['artifactory', 'xray'], ['artifactory', 'xray'])
    const first = renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: catalogue({ pkg: false }),
      seed: [licensed],
    })
    expect(within(await securityTab()).getByText('Not Scanned')).toBeInTheDocument()
    first.unmount()
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad',
      pattern: PATTERN,
      api: catalogue({ pkg: true }),
      seed: [licensed],
    })
    const panel = await securityTab()
    // The package's counts come first; the table of its vulnerable versions follows them.
    const [counts] = within(panel).getAllByRole('list', { name: 'Vulnerabilities' })
    expect(within(counts!).getByText('High')).toHaveTextContent('High2')
    expect(within(panel).queryByText('Not Scanned')).toBeNull()
  })

  it('says Not Scanned in the version facts for a version published since the scan', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages/npm%3A%2F%2Fleft-pad/1.0.0',
      pattern: PATTERN,
      api: catalogue({ pkg: true, version: false }),
      seed: [platform(['artifactory', 'xray'], ['xray'])],
    })
    await screen.findByRole('heading', { level: 1, name: /left-pad/ })
    expect(await within(facts()).findByText('Not Scanned')).toBeInTheDocument()
  })
})

describe('Vulnerability counts on the packages list', () => {
  // The list draws only the rows its box has room for.
  giveElementsASize()
  // The list's row (not the severity chips' items inside it).
  const row = async () => {
    const list = await screen.findByRole('list', { name: 'Packages' })
    await within(list).findByRole('link', { name: 'left-pad' }, { timeout: 10_000 })
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('aria-posinset'))
    expect(rows).toHaveLength(1)
    return rows[0]!
  }

  it('shows none where the platform runs no scanner, as the package page says why', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=left',
      pattern: PATTERN,
      api: catalogue({}),
      seed: [platform(['artifactory'], ['artifactory'])],
    })
    const shown = await row()
    expect(within(shown).getByRole('link', { name: 'left-pad' })).toBeInTheDocument()
    expect(within(shown).queryByText('High')).toBeNull()
    expect(within(shown).queryByText('No known vulnerabilities')).toBeNull()
  })

  it('shows the counts where the scanner runs', async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=left',
      pattern: PATTERN,
      api: catalogue({}),
      seed: [platform(['artifactory', 'xray'], ['artifactory', 'xray'])],
    })
    expect(within(await row()).getByText('High')).toHaveTextContent('High2')
  })
})

describe('the data-transfer quota banner', () => {
  it('shows over the page with the purchase link while the platform blocks data transfer', async () => {
    renderShell('/packages', { extra: [BlockedUsagesLoaded({ blocked: ['DATA_TRANSFER'] })] })
    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(
      'You have reached your monthly quota for Data Transfer. To continue and start enjoying unlimited transfer, UPGRADE',
    )
    expect(within(banner).getByRole('link', { name: 'UPGRADE' })).toHaveAttribute(
      'href',
      'https://jfrog.com/pricing/',
    )
  })

  it('is not shown when nothing is blocked, or only something else is', async () => {
    renderShell('/packages', { extra: [BlockedUsagesLoaded({ blocked: ['SOMETHING_ELSE'] })] })
    await screen.findByRole('navigation', { name: 'Application' })
    expect(screen.queryByText(/monthly quota for Data Transfer/)).toBeNull()
  })
})

describe('read-only mode', () => {
  const admin = { user: { name: 'admin', admin: true }, features: { readOnlyMode: true } } as const

  it('disables the top menu options that create repositories, saying why', async () => {
    renderShell('/packages', admin)
    const menu = await openTopMenu(userEvent.setup(), /admin/)
    for (const title of [
      'Quick Repository Creation',
      'New Local Repository',
      'New Remote Repository',
      'New Virtual Repository',
    ]) {
      const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${title}`) })
      expect(item).toHaveAttribute('aria-disabled', 'true')
      expect(item).toHaveTextContent('You cannot use this option in read-only mode')
    }
    expect(within(menu).getByRole('menuitem', { name: 'New User' })).not.toHaveAttribute('aria-disabled')
  })

  it('disables Deploy on the artifacts page with the message, and only in read-only mode', async () => {
    const blocked = renderShell('/artifacts/browse', {
      ...admin,
      features: { readOnlyMode: true, artifactBrowser: true },
    })
    const deploy = await screen.findByRole('button', { name: 'Deploy' })
    expect(deploy).toBeDisabled()
    expect(deploy).toHaveAccessibleDescription('You cannot use this option in read-only mode')
    blocked.view.unmount()
    renderShell('/artifacts/browse', { ...admin, features: { artifactBrowser: true } })
    expect(await screen.findByRole('button', { name: 'Deploy' })).toBeEnabled()
  })
})
