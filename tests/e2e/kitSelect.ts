// The kit's Select (ui/shared/kit/Choice.tsx) in Chromium, as a user drives it: the combobox
// opens a list box in a popover (outside the control's container), and an option is clicked.
import type { Locator, Page } from 'playwright-core'

/** Opens the select, clicks the option with exactly this name, and waits for the list to close. */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click()
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true })
  await choice.click()
  await choice.waitFor({ state: 'detached' })
}

/** Opens the select, reads its options' names once `expected` is among them, and closes it. */
export async function optionNames(page: Page, combobox: Locator, expected: string): Promise<string[]> {
  await combobox.click()
  const list = page.getByRole('listbox')
  await list.getByRole('option', { name: expected, exact: true }).waitFor({ timeout: 10_000 })
  const names = (await list.getByRole('option').allTextContents()).map((n) => n.trim())
  await page.keyboard.press('Escape')
  await list.waitFor({ state: 'detached' })
  return names
}
