// Switch to Classic UI / Switch to New UI: the layout follows the user's navigation type.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'
import * as P from '../../domain/platform/events'
import { openTopMenu } from '../support/topMenu'

describe('navigation type', () => {
  it('switches to the classic top bar and back from the user menu', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages')
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument()
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to Classic UI' }))
    const bar = await screen.findByRole('complementary', { name: 'Navigation bar' })
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument()
    // The same items, now in the bar.
    const nav = within(bar).getByRole('navigation', { name: 'Application' })
    await user.click(within(nav).getByRole('link', { name: 'Packages' }))
    expect(app.getState().navigation.location.path).toBe('/packages')
    await openTopMenu(user, 'developer')
    expect(screen.queryByRole('menuitem', { name: 'Switch to Classic UI' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Switch to New UI' }))
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument()
    expect(screen.queryByRole('complementary', { name: 'Navigation bar' })).not.toBeInTheDocument()
  })

  it('shows the classic layout when start-up loaded the classic type', async () => {
    renderShell('/packages', { extra: [P.NavigationTypeInitialised({ navigationType: 'classic' })] })
    const bar = await screen.findByRole('complementary', { name: 'Navigation bar' })
    expect(within(bar).getByRole('navigation', { name: 'Application' })).toBeInTheDocument()
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument()
  })

  it("folds a group's items behind one button in the classic bar, a disclosure of links", async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', {
      extra: [P.NavigationTypeInitialised({ navigationType: 'classic' })],
    })
    const bar = await screen.findByRole('complementary', { name: 'Navigation bar' })
    const nav = within(bar).getByRole('navigation', { name: 'Application' })
    const xray = within(nav).getByRole('button', { name: 'Xray' })
    expect(xray).toHaveAttribute('aria-expanded', 'false')
    expect(within(nav).queryByRole('link', { name: 'Watches' })).not.toBeInTheDocument()
    // The teasers share one button too.
    expect(within(nav).getByRole('button', { name: 'More' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Security and Compliance' })).not.toBeInTheDocument()

    await user.click(xray)
    expect(xray).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(xray).toHaveAttribute('aria-expanded', 'false')
    expect(xray).toHaveFocus()

    await user.click(xray)
    await user.click(within(nav).getByRole('link', { name: 'Watches' }))
    expect(app.getState().navigation.location.path).toBe('/watches')
    // Closed once followed; the button says its group holds the current page.
    expect(xray).toHaveAttribute('aria-expanded', 'false')
    expect(xray).toHaveAttribute('data-current', 'true')
    expect(within(nav).getByRole('link', { name: 'Packages' })).not.toHaveAttribute('aria-current')

    // A click elsewhere closes it.
    await user.click(xray)
    expect(within(nav).getByRole('link', { name: 'Watches' })).toHaveAttribute('aria-current', 'page')
    await user.click(screen.getByRole('main'))
    expect(xray).toHaveAttribute('aria-expanded', 'false')
    expect(app.getState().navigation.location.path).toBe('/watches')
  })
})
