// The kit's Select (ui/shared/kit/Select.tsx) as a user drives it: the combobox opens a list box
// in a popover (a portal, outside the control's container), and an option is clicked.
//
// Until its first press the select is a stand-in (its code loads on intent), which the press
// swaps for the control: a combobox a test found before is then gone from the page, and the
// user's eye finds the same control again by its role and name, as `current` does.
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** The combobox on the page now with this one's name (itself if it is still there). */
export function current(combobox: HTMLElement): HTMLElement {
  if (combobox.isConnected) return combobox
  const label = combobox.getAttribute('aria-label') ?? combobox.textContent ?? ''
  const byId = combobox.id ? document.getElementById(combobox.id) : null
  if (byId) return byId
  // Hidden included: an open select hides the rest of the page from assistive technology, its
  // own trigger among it.
  return screen.getByRole('combobox', { name: label, hidden: true })
}

/**
 * Presses the select and waits for its own list box (the one its combobox controls): another
 * list box on the page (a list of events, say) is not it.
 */
async function open(user: UserEvent, combobox: HTMLElement): Promise<HTMLElement> {
  await user.click(current(combobox))
  return waitFor(() => {
    const id = current(combobox).getAttribute('aria-controls')
    const list = id ? document.getElementById(id) : null
    if (list?.getAttribute('role') !== 'listbox') throw new Error('the select has not opened its list box')
    return list
  })
}

/** Opens the select and returns its list box. */
export async function openOptions(user: UserEvent, combobox: HTMLElement): Promise<HTMLElement> {
  return open(user, combobox)
}

/** Opens the select and clicks the option with this name. */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, option: string): Promise<void> {
  await user.click(within(await open(user, combobox)).getByRole('option', { name: option }))
}

/** Opens the select, reads its options' names, and closes it with Escape. */
export async function optionNames(user: UserEvent, combobox: HTMLElement): Promise<string[]> {
  const names = within(await open(user, combobox))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '')
  await user.keyboard('{Escape}')
  return names
}
