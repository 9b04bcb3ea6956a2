import { describe, expect, it, vi } from 'vitest'
import { screen, within, waitFor, act } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'
import { openTopMenu } from '../support/topMenu'
import { DOCUMENTATION_URL, LEARNING_CENTER_URL } from '../../domain/navigation/topMenus'

const admin = { user: { name: 'admin', admin: true } } as const

describe('the shell', () => {
  it('lands a regular user on packages from / and titles the page with the server name', async () => {
    const { app, ports } = renderShell('/')
    expect(app.getState().navigation.location.path).toBe('/packages')
    expect(ports.visited.at(-1)).toBe('/ui/packages')
    await waitFor(() => expect(document.title).toBe('Packages - Acme Platform'))
    expect(await screen.findByRole('navigation', { name: 'Application' })).toBeInTheDocument()
  })

  it('lands an admin on the topology page', async () => {
    const { app } = renderShell('/', admin)
    expect(app.getState().navigation.location.path).toBe('/admin/mission_control/topology')
    await waitFor(() => expect(document.title).toBe('Topology - Acme Platform'))
    expect(await screen.findByRole('heading', { name: 'Topology' })).toBeInTheDocument()
  })

  it('denies a regular user an admin route with a not-authorized notification', async () => {
    const { app } = renderShell('/packages')
    act(() => app.dispatch({ type: 'navigation/Navigate', to: '/admin/configuration/general' }))
    expect(app.getState().navigation.location.path).toBe('/packages')
    expect(await screen.findByText('You are not authorized to view this page')).toBeInTheDocument()
  })

  it('sends a regular user who opens an admin route directly to their landing', () => {
    const { app, ports } = renderShell('/admin/proxies/configuration/list')
    expect(app.getState().navigation.location.path).toBe('/packages')
    expect(ports.visited.at(-1)).toBe('/ui/packages')
  })

  it('shows the 404 page for an unknown path', async () => {
    const { app } = renderShell('/no/such/page')
    expect(app.getState().navigation.location.path).toBe('/404')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('shows the 406 page with its request id', async () => {
    renderShell('/406/req-42')
    expect(await screen.findByRole('heading', { name: 'Not acceptable' })).toBeInTheDocument()
    expect(screen.getByText('req-42')).toBeInTheDocument()
  })

  it('shows the authorization page text', async () => {
    renderShell('/authorization')
    expect(
      await screen.findByRole('heading', { name: 'You are not authorized to view this page' }),
    ).toBeInTheDocument()
    // Like the 404 page: its code and what to do, not a bare heading.
    expect(screen.getByText('403')).toBeInTheDocument()
    expect(screen.getByText(/An administrator can grant it/)).toBeInTheDocument()
  })

  it('redirects the 500 page opened directly to / (and so to the landing)', () => {
    const { app } = renderShell('/500')
    expect(app.getState().navigation.location.path).toBe('/packages')
  })

  it('navigates with sidebar links through the bus', async () => {
    const { app } = renderShell('/packages', { user: { name: 'admin', admin: true } })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Administration' }))
    // An admin can administer projects: the admin landing is the projects page.
    expect(app.getState().navigation.location.path).toBe('/admin/projects/list')
    const adminNav = await screen.findByRole('navigation', { name: 'Administration' })
    await user.click(within(adminNav).getByRole('link', { name: 'Proxies' }))
    expect(app.getState().navigation.location.path).toBe('/admin/proxies/configuration/list')
    await user.click(screen.getByRole('button', { name: 'Application' }))
    expect(app.getState().navigation.location.path).toBe('/packages')
    await user.click(screen.getByRole('button', { name: 'Administration' }))
    // The last visited admin page overrides the admin landing.
    expect(app.getState().navigation.location.path).toBe('/admin/proxies/configuration/list')
  })

  it('hides licensed items when the licence is N/A and admin items for regular users', async () => {
    renderShell('/packages', { footer: { licenseType: 'N/A' } })
    const nav = await screen.findByRole('navigation', { name: 'Application' })
    expect(within(nav).getByRole('link', { name: 'Packages' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Distribution' })).not.toBeInTheDocument()
    expect(within(nav).queryByText('Policies')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument()
  })

  it('shows an item whose service is missing as disabled with a tooltip', async () => {
    renderShell('/packages', { services: ['artifactory'] })
    const nav = await screen.findByRole('navigation', { name: 'Application' })
    const policies = within(nav).getByText('Policies').closest('[aria-disabled]')
    expect(policies).toHaveAttribute('aria-disabled', 'true')
    await userEvent.setup().hover(policies!)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Requires the xray service')
  })

  // Spec 000 section 2: every top-menu item it lists, for an admin (regular users: below).
  it('gives admins every top-menu item the specification lists', async () => {
    const user = userEvent.setup()
    renderShell('/packages', admin)
    const menu = await openTopMenu(user, 'admin')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Getting Started',
      'Quick Repository Creation',
      'Set Me Up',
      'New Local Repository',
      'New Remote Repository',
      'New Virtual Repository',
      'New User',
      'New Group',
      'New Permission',
      'Switch to Classic UI',
      'Navigation Tour',
      'Edit Profile',
      'Log out',
    ])
  })

  // The profile page said 'Log out' and the user menu 'Logout': one action, one name (the
  // login page's is 'Log in').
  it('names logging out alike on the profile page and in the user menu', async () => {
    const user = userEvent.setup()
    renderShell('/user_profile', admin)
    const main = await screen.findByRole('main')
    expect(
      await within(main).findByRole('link', { name: 'Log out' }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    const menu = await openTopMenu(user, 'admin')
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument()
  })

  it('keeps admin items out of a regular user top menu', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const menu = await openTopMenu(user, 'developer')
    expect(within(menu).getByRole('menuitem', { name: 'Set Me Up' })).toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'New User' })).not.toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Getting Started' })).not.toBeInTheDocument()
  })

  it('shows Contact Us only to admins of a cloud trial, and hides shortcuts from tour non-admins', async () => {
    const user = userEvent.setup()
    renderShell('/get_started', {
      user: { name: 'admin', admin: true },
      footer: { flavour: 'cloud-trial', isCloud: true },
    })
    await openTopMenu(user, 'Help')
    expect(await screen.findByRole('menuitem', { name: 'Contact Us' })).toBeInTheDocument()
  })

  // Spec 000 section 2: Help holds documentation, the Learning Center, Contact Us and Keyboard
  // Shortcuts; section 6: Contact Us is for admins of a cloud trial only.
  it('Help opens the documentation and the Learning Center in a new tab; Contact Us stays hidden', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null)
    try {
      const user = userEvent.setup()
      renderShell('/packages', { footer: { flavour: 'cloud-trial', isCloud: true } })
      await openTopMenu(user, 'Help')
      expect(screen.queryByRole('menuitem', { name: 'Contact Us' })).not.toBeInTheDocument()
      expect(screen.getByRole('menuitem', { name: 'Keyboard Shortcuts' })).toBeInTheDocument()
      await user.click(screen.getByRole('menuitem', { name: 'Learning Center' }))
      expect(opened).toHaveBeenLastCalledWith(LEARNING_CENTER_URL, '_blank', 'noopener,noreferrer')
      await openTopMenu(user, 'Help')
      await user.click(screen.getByRole('menuitem', { name: 'Documentation' }))
      expect(opened).toHaveBeenLastCalledWith(DOCUMENTATION_URL, '_blank', 'noopener,noreferrer')
    } finally {
      opened.mockRestore()
    }
  })

  it('hides Contact Us from an admin when the platform is no cloud trial', async () => {
    const user = userEvent.setup()
    renderShell('/packages', admin)
    await openTopMenu(user, 'Help')
    expect(screen.getByRole('menuitem', { name: 'Learning Center' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Contact Us' })).not.toBeInTheDocument()
  })

  // The menus' chunk comes when the user reaches for a menu; the button a keyboard user tabbed
  // to is swapped for the menu's own trigger, which keeps their focus.
  it('keeps the focus on a menu button tabbed to while the menus load, and opens it from there', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const help = await screen.findByRole('button', { name: 'Help', expanded: false })
    act(() => help.focus())
    await waitFor(() => expect(help).not.toBeInTheDocument())
    const trigger = screen.getByRole('button', { name: 'Help', expanded: false })
    expect(trigger).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menu', { name: 'Help' })).toBeInTheDocument()
  })

  it('hides Navigation Tour and Keyboard Shortcuts from a non-admin in the tour', async () => {
    const user = userEvent.setup()
    renderShell('/tour_get_started', { footer: { flavour: 'tour' } })
    await openTopMenu(user, 'Help')
    expect(screen.queryByRole('menuitem', { name: 'Keyboard Shortcuts' })).not.toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Contact Us' })).not.toBeInTheDocument()
    await openTopMenu(user, 'developer')
    expect(screen.queryByRole('menuitem', { name: 'Navigation Tour' })).not.toBeInTheDocument()
  })

  it('opens the set-me-up panel from the top menu and closes it', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    expect(await screen.findByRole('heading', { name: 'Set Me Up' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close Set Me Up' }))
    expect(screen.queryByRole('heading', { name: 'Set Me Up' })).not.toBeInTheDocument()
  })

  it('Quick Repository Creation goes to the page that creates repositories', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', admin)
    await openTopMenu(user, 'admin')
    await user.click(await screen.findByRole('menuitem', { name: 'Quick Repository Creation' }))
    expect(app.getState().navigation.location.path).toBe('/admin/repositories/quick')
  })

  // Quick setup opens from the quick action (the menu item creates repositories, as it says).
  it('opens quick setup as a route with the quick-deploy landing feature', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', {
      user: { name: 'admin', admin: true },
      features: { quickDeployLanding: true, newOnboardingQuickAction: true },
    })
    await user.click(await screen.findByRole('button', { name: 'Quick Setup' }))
    expect(app.getState().navigation.location.path).toBe('/quick-setup')
  })

  it('opens the overlay wizard without the quick-deploy landing feature', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', {
      user: { name: 'admin', admin: true },
      features: { newOnboardingQuickAction: true },
    })
    await user.click(await screen.findByRole('button', { name: 'Quick Setup' }))
    expect(app.getState().navigation.location.path).toBe('/packages')
    expect(await screen.findByRole('dialog', { name: 'Quick Setup' })).toBeInTheDocument()
  })

  it('opens the contact dialog from the contactUsContext query in a trial, and clears the query on close', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/get_started?contactUsContext=trial', {
      footer: { flavour: 'cloud-trial', isCloud: true },
    })
    expect(await screen.findByRole('dialog', { name: 'Contact Us' }, { timeout: 10_000 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(app.getState().navigation.location).toEqual({ path: '/get_started', query: '' })
  })

  it('rewrites an old #/builds link', () => {
    const { app } = renderShell('/#/builds/job/7')
    expect(app.getState().navigation.location).toEqual({
      path: '/builds/job/7',
      query: '?jenkinsRedirect=true',
    })
  })

  it('collapses the sidebar', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }))
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument()
  })
})

// Gallery review: pages under no item of their sidebar showed no item as current.
describe('the current sidebar item', () => {
  const currentLink = async (sidebar: string) =>
    within(await screen.findByRole('navigation', { name: sidebar }))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)

  it('is Security and Compliance on the policies its teaser redirects to', async () => {
    const { app } = renderShell('/security-and-compliance-teaser', { services: ['artifactory', 'xray'] })
    expect(app.getState().navigation.location.path).toBe('/security_policies')
    expect(await currentLink('Application')).toEqual(['Security and Compliance'])
  })

  it.each([
    '/admin/repositories/local/new',
    '/admin/repositories/edit/libs-release',
    '/admin/repositories/quick',
  ])('is All settings on the repository editor %s', async (path) => {
    const { app } = renderShell(path, admin)
    expect(app.getState().navigation.location.path).toBe(path)
    expect(await currentLink('Administration')).toEqual(['All settings'])
  })
})
