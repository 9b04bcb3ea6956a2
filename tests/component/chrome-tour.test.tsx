// The navigation tour, started from the user menu, seeded by start-up events.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'
import { tourCompletedKey } from '../../commands/effects/tour'
import { TourCompletionRead } from '../../domain/tour/events'
import { NavigationTypeInitialised, ProjectsLoaded } from '../../domain/platform/events'
import { buttonClass } from '../../ui/shared/kit/Button'
import { openTopMenu } from '../support/topMenu'
import { chooseOption } from '../support/kitSelect'

async function startTour(user: ReturnType<typeof userEvent.setup>, menuButton: string) {
  await openTopMenu(user, menuButton)
  await user.click(await screen.findByRole('menuitem', { name: 'Navigation Tour' }))
  return screen.findByRole('dialog', { name: 'Navigation tour' })
}

describe('navigation tour', () => {
  it('walks the chrome step by step with Back, Next and Done, and remembers it was finished', async () => {
    const user = userEvent.setup()
    const { ports } = renderShell('/packages')
    const tour = await startTour(user, 'developer')
    expect(within(tour).getByText('1 of 5')).toBeInTheDocument()
    expect(within(tour).getByRole('heading', { name: 'Sidebar' })).toHaveFocus()
    expect(within(tour).getByRole('button', { name: 'Back' })).toBeDisabled()
    // The element of the step is marked.
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-tour-active', 'true')
    await user.click(within(tour).getByRole('button', { name: 'Next' }))
    expect(within(tour).getByText('2 of 5')).toBeInTheDocument()
    expect(within(tour).getByRole('heading', { name: 'Search' })).toBeInTheDocument()
    expect(screen.getByRole('search', { name: 'Universal search' }).parentElement).toHaveAttribute(
      'data-tour-active',
      'true',
    )
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).not.toHaveAttribute('data-tour-active')
    await user.click(within(tour).getByRole('button', { name: 'Back' }))
    expect(within(tour).getByText('1 of 5')).toBeInTheDocument()
    for (let i = 0; i < 4; i++) await user.click(within(tour).getByRole('button', { name: 'Next' }))
    expect(within(tour).getByText('5 of 5')).toBeInTheDocument()
    expect(within(tour).getByRole('heading', { name: 'Help' })).toBeInTheDocument()
    expect(within(tour).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
    await user.click(within(tour).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog', { name: 'Navigation tour' })).not.toBeInTheDocument()
    expect(ports.localStore.get(tourCompletedKey('developer'))).toBe('2026-01-01T00:00:00.000Z')
    const again = await startTour(user, 'developer')
    expect(within(again).getByText(/You finished this tour on/)).toBeInTheDocument()
  })

  it("draws its buttons with the kit, not the browser's (the design e2e found them raw)", async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const tour = await startTour(user, 'developer')
    const kit = (variant: Parameters<typeof buttonClass>[0]) => buttonClass(variant, 'sm').split(' ')
    expect(within(tour).getByRole('button', { name: 'Back' })).toHaveClass(...kit('secondary'))
    expect(within(tour).getByRole('button', { name: 'Next' })).toHaveClass(...kit('primary'))
    expect(within(tour).getByRole('button', { name: 'Skip tour' })).toHaveClass(...kit('ghost'))
  })

  it('is the walk-me card: 420 px wide (spec 000 section 9), narrower only on a small window', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const tour = await startTour(user, 'developer')
    expect(window.innerWidth).toBeGreaterThan(436)
    expect(tour.style.width).toBe('420px')
  })

  it('sets each card beside its target: right of the sidebar, below the top bar controls', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const tour = await startTour(user, 'developer')
    expect(tour).toHaveAttribute('data-side', 'right')
    await user.click(within(tour).getByRole('button', { name: 'Next' }))
    expect(within(tour).getByRole('heading', { name: 'Search' })).toBeInTheDocument()
    expect(tour).toHaveAttribute('data-side', 'bottom')
  })

  it('places its card again when the window changes size', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const tour = await startTour(user, 'developer')
    const before = window.innerWidth
    try {
      window.innerWidth = 400
      window.dispatchEvent(new Event('resize'))
      expect(tour.style.width).toBe('384px')
    } finally {
      window.innerWidth = before
    }
  })

  it('shows an earlier completion read at start-up, for this user only', async () => {
    const user = userEvent.setup()
    renderShell('/packages', {
      extra: [TourCompletionRead({ user: 'someone-else', at: '2025-12-24T10:00:00.000Z' })],
    })
    const tour = await startTour(user, 'developer')
    expect(within(tour).queryByText(/You finished this tour on/)).not.toBeInTheDocument()
  })

  it('includes the administration switch for admins, and skips with Escape without remembering', async () => {
    const user = userEvent.setup()
    const { ports } = renderShell('/packages', { user: { name: 'admin', admin: true } })
    const tour = await startTour(user, 'admin')
    expect(within(tour).getByText('1 of 6')).toBeInTheDocument()
    await user.click(within(tour).getByRole('button', { name: 'Next' }))
    expect(within(tour).getByRole('heading', { name: 'Application and Administration' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Sidebars' })).toHaveAttribute('data-tour-active', 'true')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Navigation tour' })).not.toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Sidebars' })).not.toHaveAttribute('data-tour-active')
    expect(ports.localStore.get(tourCompletedKey('admin'))).toBeNull()
  })

  // Issue 31: step 2 told a user to switch to Administration where they had none. The switch
  // step is there only where the sidebar shows its switch, naming the sidebar it switches to.
  it(
    'gives a project admin the switch only with a project chosen, named Project settings',
    { timeout: 90_000 },
    async () => {
      const user = userEvent.setup()
      const projects = ProjectsLoaded({ projects: [{ key: 'alpha', name: 'Alpha' }], remembered: null })
      renderShell('/packages', { user: { name: 'padmin', projectAdmin: true }, extra: [projects] })
      let tour = await startTour(user, 'padmin')
      // All projects: no switch in the sidebar, and no step about one.
      expect(screen.queryByRole('group', { name: 'Sidebars' })).not.toBeInTheDocument()
      expect(within(tour).getByText('1 of 5')).toBeInTheDocument()
      await user.click(within(tour).getByRole('button', { name: 'Next' }))
      expect(within(tour).getByRole('heading', { name: 'Search' })).toBeInTheDocument()
      await user.click(within(tour).getByRole('button', { name: 'Skip tour' }))
      await chooseOption(user, screen.getByRole('combobox', { name: 'Project' }), 'Alpha')
      expect(await screen.findByRole('group', { name: 'Sidebars' })).toBeInTheDocument()
      tour = await startTour(user, 'padmin')
      expect(within(tour).getByText('1 of 6')).toBeInTheDocument()
      await user.click(within(tour).getByRole('button', { name: 'Next' }))
      expect(
        within(tour).getByRole('heading', { name: 'Application and Project settings' }),
      ).toBeInTheDocument()
      expect(tour).not.toHaveTextContent('Administration')
      expect(screen.getByRole('group', { name: 'Sidebars' })).toHaveAttribute('data-tour-active', 'true')
    },
  )

  it('ends with Skip tour', async () => {
    const user = userEvent.setup()
    renderShell('/packages')
    const tour = await startTour(user, 'developer')
    await user.click(within(tour).getByRole('button', { name: 'Skip tour' }))
    expect(screen.queryByRole('dialog', { name: 'Navigation tour' })).not.toBeInTheDocument()
  })

  it("adds a step about the current page in a cloud trial, lighting the page's header", async () => {
    const user = userEvent.setup()
    renderShell('/packages', { footer: { flavour: 'cloud-trial', isCloud: true } })
    const title = await screen.findByRole('heading', { name: 'Packages', level: 1 })
    const tour = await startTour(user, 'developer')
    expect(within(tour).getByText('1 of 6')).toBeInTheDocument()
    for (let i = 0; i < 5; i++) await user.click(within(tour).getByRole('button', { name: 'Next' }))
    expect(within(tour).getByRole('heading', { name: 'This page' })).toBeInTheDocument()
    expect(within(tour).getByText(/Packages lists every package/)).toBeInTheDocument()
    // The page's title is what the step speaks of: lit, with the card under it, not over it.
    expect(title.closest('header')).toHaveAttribute('data-tour-active', 'true')
    expect(screen.getByRole('main')).not.toHaveAttribute('data-tour-active')
    expect(tour).toHaveAttribute('data-side', 'bottom')
  })

  it('names the navigation bar in the classic layout', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { extra: [NavigationTypeInitialised({ navigationType: 'classic' })] })
    const tour = await startTour(user, 'developer')
    expect(within(tour).getByRole('heading', { name: 'Navigation bar' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Navigation bar' })).toHaveAttribute(
      'data-tour-active',
      'true',
    )
  })
})
