// The kit's DateField while its control's chunk loads (ui/shared/kit/DateField.tsx): the field
// drawn meanwhile takes typing, and the control starts from what was typed, with the focus.
// A file of its own: React.lazy loads the chunk once per module graph, so only the first render
// of a test file sees the field drawn while it loads.
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DateField } from '../../ui/shared/kit/DateField'
import { dayPattern } from '../../ui/shared/dates'

/** 12 March 2026 as a user of this locale types it. */
function march12(): string {
  const { order, pattern } = dayPattern()
  const parts = { year: '2026', month: '03', day: '12' }
  const separator = /[^ymd]+/.exec(pattern)?.[0] ?? '/'
  return order.map((p) => parts[p]).join(separator)
}

describe('DateField while its control loads', () => {
  it('keeps what was typed before the control arrived, and reads it when the field is left', async () => {
    const onValue = vi.fn()
    render(<DateField label="After" value="" onValueChange={onValue} />)
    // The control's chunk has not arrived: the calendar button drawn meanwhile does not say yet
    // whether a calendar is open.
    expect(screen.getByRole('button', { name: 'Choose date (After)' })).not.toHaveAttribute('aria-expanded')
    const early = screen.getByRole('textbox', { name: 'After' })
    early.focus()
    fireEvent.change(early, { target: { value: march12() } })

    await screen.findByRole('button', { name: 'Choose date (After)', expanded: false })
    const input = screen.getByRole('textbox', { name: 'After' })
    expect(input).toHaveValue(march12())
    expect(input).toHaveFocus()
    expect(onValue).not.toHaveBeenCalled()
    await userEvent.setup().tab()
    expect(onValue).toHaveBeenCalledWith('2026-03-12')
  })
})
