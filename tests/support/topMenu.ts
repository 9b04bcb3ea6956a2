/**
 * Opens a top-bar menu (Help, or the user's menu under their name) as a user would, and returns it.
 *
 * Until the menus' chunk arrives the bar shows stand-in buttons (ui/layout/TopMenuButtons.tsx),
 * asked for on intent: pointing at one loads the chunk and React swaps in the menus' own
 * triggers. A click on the stand-in found before the swap can then be pressed on a node no longer
 * in the document, which reaches nobody (a browser presses what is under the pointer, so only a
 * test that holds the old node meets this). So: point at the button, wait for the menu's own
 * trigger (Radix marks it with data-state), and press that.
 */
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

export async function openTopMenu(user: UserEvent, button: string | RegExp): Promise<HTMLElement> {
  await user.hover(await screen.findByRole('button', { name: button, expanded: false }, { timeout: 15_000 }))
  const trigger = await waitFor(
    () => {
      const found = screen.getByRole('button', { name: button, expanded: false })
      if (!found.hasAttribute('data-state')) throw new Error(`the menu ${String(button)} has not loaded yet`)
      return found
    },
    { timeout: 15_000 },
  )
  await user.click(trigger)
  const label = typeof button === 'string' && button === 'Help' ? 'Help' : 'User menu'
  return screen.findByRole('menu', { name: label }, { timeout: 15_000 })
}
