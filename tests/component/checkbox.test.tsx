// The kit's Checkbox (ui/shared/kit/Checkbox.tsx) as a user meets it, and what it costs to mount:
// the packages filters show 13 of them on a cold list.
import { describe, expect, it, vi } from 'vitest'
import { Profiler, useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Checkbox } from '../../ui/shared/kit/Checkbox'

function Controlled({
  initial,
  onChange,
}: {
  initial: boolean | 'indeterminate'
  onChange?: (c: boolean) => void
}) {
  const [checked, setChecked] = useState(initial)
  return (
    <Checkbox
      label="Release versions only"
      checked={checked}
      onCheckedChange={(c) => {
        onChange?.(c)
        setChecked(c)
      }}
    />
  )
}

describe('the kit checkbox', () => {
  // Radix's box learnt its button and then its form in state after mounting: every box mounted
  // drew three times, in two more commits (half of what React drew for a cold packages list).
  it('draws once when mounted: no commit of its own after the mount', () => {
    const commits: string[] = []
    render(
      <Profiler id="boxes" onRender={(_, phase) => commits.push(phase)}>
        {Array.from({ length: 13 }, (_, i) => (
          <Checkbox key={i} label={`Type ${i}`} checked={i % 3 === 0} onCheckedChange={() => undefined} />
        ))}
      </Profiler>,
    )
    expect(screen.getAllByRole('checkbox')).toHaveLength(13)
    expect(commits).toEqual(['mount'])
  })

  it('toggles by its label and by Space, named by its label', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Controlled initial={false} onChange={onChange} />)
    const box = screen.getByRole('checkbox', { name: 'Release versions only' })
    expect(box).not.toBeChecked()
    await user.click(screen.getByText('Release versions only'))
    expect(box).toBeChecked()
    expect(box).toHaveFocus()
    await user.keyboard(' ')
    expect(box).not.toBeChecked()
    expect(onChange.mock.calls).toEqual([[true], [false]])
  })

  it('shows "some" as mixed, and a click on it checks it', async () => {
    const user = userEvent.setup()
    render(<Controlled initial="indeterminate" />)
    const box = screen.getByRole('checkbox', { name: 'Release versions only' })
    expect(box).toBePartiallyChecked()
    await user.click(box)
    expect(box).toBeChecked()
    expect(box).not.toBePartiallyChecked()
  })

  it('a disabled box does not change; its description is the text it names', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <>
        <Checkbox label="Locked" checked disabled aria-describedby="why" onCheckedChange={onChange} />
        <span id="why">Set by the administrator</span>
      </>,
    )
    const box = screen.getByRole('checkbox', { name: 'Locked' })
    expect(box).toBeDisabled()
    expect(box).toHaveAccessibleDescription('Set by the administrator')
    await user.click(box)
    expect(box).toBeChecked()
    expect(onChange).not.toHaveBeenCalled()
  })
})
