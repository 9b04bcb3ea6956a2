// The kit's DateField (ui/shared/kit/DateField.tsx): a text field that reads a day typed in the
// locale's format and a month grid in a popover, in place of the browser's date input. Its value
// is an ISO day, as the native input's was. What is typed is written with the date module, so
// the tests hold in any locale.
import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { DateField, type DateFieldProps } from '../../ui/shared/kit/DateField'
import { dayPattern, formatDayFull, formatDayDigits, formatMonthYear } from '../../ui/shared/dates'

/** '03/12/2026' in en-US, '12.03.2026' in de: what a user of this locale types. */
const typed = (year: number, month: number, day: number | string) => {
  const { order, pattern } = dayPattern()
  const parts = {
    year: String(year),
    month: String(month).padStart(2, '0'),
    day: String(day).padStart(2, '0'),
  }
  const separator = /[^ymd]+/.exec(pattern)?.[0] ?? '/'
  return order.map((p) => parts[p]).join(separator)
}

function Controlled(props: Partial<DateFieldProps> & { onValue: (v: string) => void; initial?: string }) {
  const { onValue, initial = '', ...rest } = props
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="After"
        {...rest}
        value={value}
        onValueChange={(v) => {
          setValue(v)
          onValue(v)
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  )
}

// The control is a chunk loaded when the pointer comes over the field: its calendar button,
// which then says whether the calendar is open, says it has arrived.
const setup = async (props: Partial<DateFieldProps> & { initial?: string } = {}) => {
  const onValue = vi.fn()
  const user = userEvent.setup()
  render(<Controlled onValue={onValue} {...props} />)
  await user.hover(screen.getByRole('textbox', { name: 'After' }))
  const button = await screen.findByRole('button', { name: 'Choose date (After)', expanded: false })
  const input = screen.getByRole('textbox', { name: 'After' })
  return { user, onValue, input, button }
}

describe('DateField', () => {
  it("is a kit text field showing the locale's format, not the browser's date input", async () => {
    const { input } = await setup()
    const { pattern } = dayPattern()
    expect(input).toHaveAttribute('type', 'text')
    expect(input).toHaveAttribute('placeholder', pattern)
    expect(input).toHaveAccessibleDescription(`Format: ${pattern}`)
    expect(document.querySelector('input[type="date"]')).toBeNull()
  })

  it('shows its ISO value in the locale format', async () => {
    const { input } = await setup({ initial: '2026-03-12' })
    expect(input).toHaveValue(formatDayDigits('2026-03-12'))
  })

  it('reads a day typed in the locale format when the field is left, as an ISO day', async () => {
    const { user, input, onValue } = await setup()
    await user.type(input, typed(2026, 3, 12))
    expect(onValue).not.toHaveBeenCalled()
    await user.tab()
    expect(onValue).toHaveBeenCalledWith('2026-03-12')
    expect(input).toHaveValue(formatDayDigits('2026-03-12'))
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('reads an ISO day typed in any locale, on Enter', async () => {
    const { user, input, onValue } = await setup()
    await user.type(input, '2026-11-27{Enter}')
    expect(onValue).toHaveBeenCalledWith('2026-11-27')
  })

  it('says why an impossible date is not one, keeps what was typed and the value', async () => {
    const { user, input, onValue } = await setup({ initial: '2026-03-12' })
    const impossible = typed(2026, 2, 31)
    await user.clear(input)
    await user.type(input, impossible)
    await user.tab()
    expect(input).toHaveValue(impossible)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`${formatMonthYear('2026-02-01')} has no day 31.`),
    )
    expect(onValue).not.toHaveBeenCalled()
    // Corrected, the message goes.
    await user.clear(input)
    await user.type(input, typed(2026, 2, 28))
    await user.tab()
    expect(onValue).toHaveBeenCalledWith('2026-02-28')
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('asks for the format when what was typed is not a date', async () => {
    const { user, input, onValue } = await setup()
    await user.type(input, 'next friday')
    await user.tab()
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`Type the date as ${dayPattern().pattern}`),
    )
    expect(input).toHaveValue('next friday')
    expect(onValue).not.toHaveBeenCalled()
  })

  it("shows the day it gave until the caller's value catches up, and its calendar opens on it", async () => {
    const onValue = vi.fn()
    const user = userEvent.setup()
    // A caller whose value comes back later (the packages filters': through the URL).
    const { rerender } = render(<DateField label="After" value="" onValueChange={onValue} />)
    await user.hover(screen.getByRole('textbox', { name: 'After' }))
    await screen.findByRole('button', { name: 'Choose date (After)', expanded: false })
    const input = screen.getByRole('textbox', { name: 'After' })
    await user.type(input, typed(2026, 3, 12))
    await user.click(screen.getByRole('button', { name: 'Choose date (After)' }))
    expect(onValue).toHaveBeenCalledWith('2026-03-12')
    expect(input).toHaveValue(formatDayDigits('2026-03-12'))
    expect(await screen.findByRole('grid', { name: formatMonthYear('2026-03-01') })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    // The caller's value wins once it changes.
    rerender(<DateField label="After" value="2026-04-01" onValueChange={onValue} />)
    expect(input).toHaveValue(formatDayDigits('2026-04-01'))
  })

  it('an emptied field has no value', async () => {
    const { user, input, onValue } = await setup({ initial: '2026-03-12' })
    await user.clear(input)
    await user.tab()
    expect(onValue).toHaveBeenCalledWith('')
  })

  it('picks a day with the keyboard: arrows by day and week, Page Down by month, Enter picks', async () => {
    const { user, button, onValue, input } = await setup({ initial: '2026-03-12' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Choose date (After)' })
    const grid = within(dialog).getByRole('grid', { name: formatMonthYear('2026-03-01') })
    expect(within(grid).getByRole('button', { name: formatDayFull('2026-03-12') })).toHaveFocus()
    expect(within(grid).getByRole('gridcell', { selected: true })).toHaveTextContent('12')
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(screen.getByRole('button', { name: formatDayFull('2026-03-20') })).toHaveFocus()
    await user.keyboard('{PageDown}')
    expect(screen.getByRole('grid', { name: formatMonthYear('2026-04-01') })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: formatDayFull('2026-04-20') })).toHaveFocus()
    await user.keyboard('{PageUp}{PageUp}{ArrowLeft}')
    expect(screen.getByRole('button', { name: formatDayFull('2026-02-19') })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onValue).toHaveBeenCalledWith('2026-02-19')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(input).toHaveValue(formatDayDigits('2026-02-19'))
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('Escape closes the calendar without changing the day', async () => {
    const { user, button, onValue } = await setup({ initial: '2026-03-12' })
    await user.click(button)
    expect(await screen.findByRole('button', { name: formatDayFull('2026-03-12') })).toHaveFocus()
    await user.keyboard('{ArrowRight}{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onValue).not.toHaveBeenCalled()
    await waitFor(() => expect(button).toHaveFocus())
  })

  it('the calendar button opens and closes the calendar, which says it is open', async () => {
    const { user, button } = await setup()
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    await screen.findByRole('grid')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.click(button)
    expect(screen.queryByRole('grid')).toBeNull()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('picks a day with the mouse, across months', async () => {
    const { user, button, onValue } = await setup({ initial: '2026-03-12' })
    await user.click(button)
    await user.click(await screen.findByRole('button', { name: 'Next month' }))
    // Focus stays on the month button, so it can be pressed again.
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Next month' }))
    await user.click(screen.getByRole('button', { name: 'Previous month' }))
    expect(screen.getByRole('grid', { name: formatMonthYear('2026-04-01') })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: formatDayFull('2026-04-02') }))
    expect(onValue).toHaveBeenCalledWith('2026-04-02')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Clear in the calendar empties the field', async () => {
    const { user, button, onValue, input } = await setup({ initial: '2026-03-12' })
    await user.click(button)
    await user.click(await screen.findByRole('button', { name: 'Clear' }))
    expect(onValue).toHaveBeenCalledWith('')
    expect(input).toHaveValue('')
  })

  it('keeps to min and max: earlier days cannot be picked or typed', async () => {
    const { user, button, input, onValue } = await setup({ initial: '2026-03-12', min: '2026-03-10' })
    await user.click(button)
    expect(await screen.findByRole('button', { name: formatDayFull('2026-03-09') })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled()
    await user.keyboard('{ArrowUp}')
    // The focus stops at the first day that can be chosen.
    expect(screen.getByRole('button', { name: formatDayFull('2026-03-10') })).toHaveFocus()
    await user.keyboard('{Escape}')
    await user.clear(input)
    await user.type(input, typed(2026, 3, 1))
    await user.tab()
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`Choose ${formatDayDigits('2026-03-10')} or later.`),
    )
    expect(onValue).not.toHaveBeenCalled()
  })
})
