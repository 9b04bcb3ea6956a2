// The kit's Select (ui/shared/kit/Choice.tsx) as a user drives it: the combobox opens a list box
// in a popover (a portal, outside the control's container), and an option is clicked.
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** Opens the select and returns its list box. */
export async function openOptions(user: UserEvent, combobox: HTMLElement): Promise<HTMLElement> {
  await user.click(combobox)
  return screen.findByRole('listbox')
}

/** Opens the select and clicks the option with this name. */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, option: string): Promise<void> {
  await user.click(combobox)
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }))
}

/** Opens the select, reads its options' names, and closes it with Escape. */
export async function optionNames(user: UserEvent, combobox: HTMLElement): Promise<string[]> {
  await user.click(combobox)
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '')
  await user.keyboard('{Escape}')
  return names
}
