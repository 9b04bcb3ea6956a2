/** The shell's teaser pages (spec 001 section 2): reachable where they apply, with capability cards and a trial link. */
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderShell } from './shellFixtures'
import { buttonClass } from '../../ui/shared/kit/Button'
import kitSurface from '../../ui/shared/kit/surface.module.css'

describe('teasers', () => {
  it('shows the pipelines teaser on a cloud instance with its capability cards and trial link', async () => {
    renderShell('/pipelines-teaser', { footer: { isCloud: true } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipelines' })).toBeInTheDocument()
    const cards = screen.getByRole('list', { name: 'Capabilities' })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('link', { name: 'Start a free trial' })).toHaveAttribute(
      'href',
      'https://jfrog.com/start-free/',
    )
  })

  it('shows the topology teaser with its capability cards and trial link', async () => {
    renderShell('/topology-teaser')
    expect(await screen.findByRole('heading', { level: 1, name: 'Topology' })).toBeInTheDocument()
    const cards = screen.getByRole('list', { name: 'Capabilities' })
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Every node'),
      expect.stringContaining('Live logs'),
      expect.stringContaining('Support bundles'),
    ])
    expect(screen.getByRole('link', { name: 'Start a free trial' })).toBeInTheDocument()
  })

  // Gallery review: the teaser's heading and trial link were hand-styled (a bolder
  // title, a button-like link of its own) instead of the kit's page title and primary button.
  it('titles the teaser with the kit page title and makes its trial link a kit primary button', async () => {
    renderShell('/topology-teaser')
    expect(await screen.findByRole('heading', { level: 1, name: 'Topology' })).toHaveClass(
      kitSurface.pageTitle!,
    )
    const trial = screen.getByRole('link', { name: 'Start a free trial' })
    expect(trial).toHaveClass(...buttonClass('primary').split(' '))
  })

  // The hero card was the shell's own copy of the distribution teaser's: both are the kit's Hero.
  it("draws the teaser in the kit's hero", async () => {
    renderShell('/topology-teaser')
    const title = await screen.findByRole('heading', { level: 1, name: 'Topology' })
    expect(screen.getByRole('region', { name: 'Topology' })).toHaveClass(kitSurface.hero!)
    expect(title.previousElementSibling).toHaveClass(kitSurface.heroIcon!)
  })

  it('shows the security-and-compliance teaser without the scanner, and the policies with it', async () => {
    const without = renderShell('/security-and-compliance-teaser', { services: ['artifactory'] })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Security and Compliance' }),
    ).toBeInTheDocument()
    without.view.unmount()
    const { app } = renderShell('/security-and-compliance-teaser', { services: ['artifactory', 'xray'] })
    expect(app.getState().navigation.location.path).toBe('/security_policies')
  })

  // Gallery review: the placeholder's way on was a bare text link, where the admin
  // placeholders offer the kit's button.
  it("gives a placeholder area's way on as the kit's button, like the admin placeholders", async () => {
    // The security placeholder became the scanner's own screens: a shell route the console does
    // not draw yet (the template page, behind its feature flag) shows the placeholder.
    renderShell('/template', { features: { testedCommon: true } })
    const browse = await screen.findByRole('link', { name: 'Browse packages' })
    expect(browse).toHaveClass(...buttonClass().split(' '))
  })
})

describe('the admin teaser in the tour', () => {
  // A non-admin has no Administration items: the route's sidebar was shown anyway, empty.
  it('shows a non-admin at /demo/admin/ the Application sidebar, not an empty one', async () => {
    renderShell('/demo/admin/', { footer: { flavour: 'tour', isCloud: true } })
    const sidebar = await screen.findByRole('navigation', { name: 'Application' })
    expect(within(sidebar).getByRole('link', { name: 'Packages' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull()
  })

  // Spec 000 section 2: unlicensed admin areas show the admin teaser (OSS: licence N/A).
  it('shows an admin on OSS the projects teaser, headed once, instead of refusing the page', async () => {
    const { app } = renderShell('/admin/projects/list', {
      user: { name: 'admin', admin: true },
      footer: { flavour: 'oss', licenseType: 'N/A' },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Projects' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe('/demo/admin/projects/list')
    // The page title names the module: its section has no second 'Projects' heading.
    expect(screen.getAllByRole('heading', { name: 'Projects' })).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Start a free trial' })).toBeInTheDocument()
  })
})
