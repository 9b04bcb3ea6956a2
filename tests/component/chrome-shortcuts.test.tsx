// Keyboard shortcuts of the main layout, seeded by start-up events.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'
import kitOverlay from '../../ui/shared/kit/overlay.module.css'
import { openTopMenu } from '../support/topMenu'

const admin = { user: { name: 'admin', admin: true } } as const

describe('keyboard shortcuts', () => {
  it('lists the shortcuts from Help > Keyboard Shortcuts, and closes', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await openTopMenu(user, 'Help')
    await user.click(await screen.findByRole('menuitem', { name: 'Keyboard Shortcuts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard Shortcuts' })
    const rows = within(dialog).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      '/Focus the search bar',
      '?Show keyboard shortcuts',
      'g then pGo to packages',
      'g then dOpen or close the debug tools',
      'EscapeClose menus, panels and dialogs',
    ])
    // The kit's dialog, as Contact Us and the Education Center are: one frame, one close button.
    expect(dialog).toHaveClass(kitOverlay.dialog!)
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog', { name: 'Keyboard Shortcuts' })).not.toBeInTheDocument()
  })

  it('opens the list with ? and closes it with Escape; admins see the administration shortcut', async () => {
    const user = userEvent.setup()
    renderShell('/packages', admin)
    await screen.findByRole('navigation', { name: 'Application' })
    await user.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard Shortcuts' })
    expect(within(dialog).getByRole('cell', { name: 'Go to administration' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Keyboard Shortcuts' })).not.toBeInTheDocument()
  })

  it('focuses the search bar with /', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await screen.findByRole('navigation', { name: 'Application' })
    await user.keyboard('/')
    expect(screen.getByRole('combobox', { name: 'Search text' })).toHaveFocus()
    // The slash was not typed into the field.
    expect(screen.getByRole('combobox', { name: 'Search text' })).toHaveValue('')
  })

  it('goes to packages with g then p, and an admin to administration with g then a', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/admin/proxies/configuration/list', admin)
    await screen.findByRole('navigation', { name: 'Administration' })
    await user.keyboard('gp')
    expect(app.getState().navigation.location.path).toBe('/packages')
    await user.keyboard('ga')
    // The last visited admin page is the admin landing.
    expect(app.getState().navigation.location.path).toBe('/admin/proxies/configuration/list')
  })

  it('gives a regular user no administration shortcut', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages')
    await screen.findByRole('navigation', { name: 'Application' })
    await user.keyboard('ga')
    expect(app.getState().navigation.location.path).toBe('/packages')
    expect(app.getState().navigation.lastDenial).toBeUndefined()
  })

  it('never fires while the user types in the search field', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/admin/proxies/configuration/list', admin)
    const field = await screen.findByRole('combobox', { name: 'Search text' })
    await user.click(field)
    await user.keyboard('gp?/')
    expect(field).toHaveValue('gp?/')
    expect(app.getState().navigation.location.path).toBe('/admin/proxies/configuration/list')
    expect(screen.queryByRole('dialog', { name: 'Keyboard Shortcuts' })).not.toBeInTheDocument()
  })

  it('closes an open menu with Escape', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await openTopMenu(user, 'developer')
    expect(await screen.findByRole('menu', { name: 'User menu' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu', { name: 'User menu' })).not.toBeInTheDocument()
  })

  it('closes the set-me-up panel with Escape', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    expect(await screen.findByRole('complementary', { name: 'Set Me Up' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('complementary', { name: 'Set Me Up' })).not.toBeInTheDocument()
  })
})
