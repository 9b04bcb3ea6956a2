// The kit's Tooltip (ui/shared/kit/Tooltip.tsx) as a user meets it: a hint after the pointer
// rests on its trigger or the keyboard focuses it, gone on a press, on leaving, and on Escape,
// which on the trigger closes the hint alone and not the dialog around it.
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Dialog } from '../../ui/shared/kit/Overlay'
import { Tooltip } from '../../ui/shared/kit/Tooltip'

const Trigger = ({ onClick }: { onClick?: () => void }) => (
  <Tooltip content="Deletes the file">
    <button type="button" onClick={onClick}>
      Delete
    </button>
  </Tooltip>
)

describe('the kit tooltip', () => {
  it('names its hint while shown; a press hides it and still reaches the button', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(<Trigger onClick={onClick} />)
    const button = screen.getByRole('button', { name: 'Delete' })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await user.hover(button)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Deletes the file')
    expect(button).toHaveAccessibleDescription('Deletes the file')
    await user.click(button)
    expect(onClick).toHaveBeenCalledOnce()
    // The press focused the button, and that focus shows no hint again.
    expect(button).toHaveFocus()
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(button).not.toHaveAccessibleDescription()
    await user.unhover(button)
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('shows at once on keyboard focus; Escape on the trigger hides it and leaves the dialog open', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(
      <Dialog open onOpenChange={onOpenChange} title="Files">
        <Trigger />
      </Dialog>,
    )
    const button = screen.getByRole('button', { name: 'Delete' })
    act(() => button.focus())
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Deletes the file')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()
    // A second Escape, with no hint shown, is the dialog's.
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  // A trigger may wrap its control (the packages filters' span around the release-only
  // checkbox): focus lands on the control inside, and the trigger heard no focus of its own, so
  // a keyboard user never read the hint.
  it('shows on keyboard focus of a control inside its trigger, and hides when the focus leaves', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Tooltip content="Only semver release versions will be shown">
          <span>
            <input type="checkbox" aria-label="Release versions only" />
          </span>
        </Tooltip>
        <button type="button">Apply</button>
      </>,
    )
    await user.tab()
    expect(screen.getByRole('checkbox', { name: 'Release versions only' })).toHaveFocus()
    expect(screen.getByRole('tooltip')).toHaveTextContent('Only semver release versions will be shown')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus()
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('shows nothing for no content, and the trigger keeps its own description', async () => {
    const user = userEvent.setup()
    render(
      <Tooltip content={false}>
        <button type="button" aria-describedby="own">
          Save
        </button>
      </Tooltip>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    await user.hover(button)
    act(() => button.focus())
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(button).toHaveAttribute('aria-describedby', 'own')
  })

  // A list shows a hint per row (the packages list's dates): each trigger added six listeners of
  // its own, mounted with every row. A hint hears its trigger through React's handlers on the
  // root, and the trigger's own handlers still run.
  it('adds no listener to a trigger nobody has used, and still hears its own handlers', async () => {
    const user = userEvent.setup()
    const added = vi.spyOn(EventTarget.prototype, 'addEventListener')
    const onFocus = vi.fn()
    render(
      <ul>
        {Array.from({ length: 100 }, (_, i) => (
          <li key={i}>
            <Tooltip content={`Row ${i}`}>
              <button type="button" onFocus={onFocus}>
                Item {i}
              </button>
            </Tooltip>
          </li>
        ))}
      </ul>,
    )
    const triggers = screen.getAllByRole('button')
    expect(triggers).toHaveLength(100)
    const onTriggers = () => added.mock.contexts.filter((target) => triggers.includes(target as HTMLElement))
    expect(onTriggers()).toHaveLength(0)
    await user.tab()
    expect(triggers[0]).toHaveFocus()
    expect(onFocus).toHaveBeenCalledOnce()
    expect(screen.getByRole('tooltip')).toHaveTextContent('Row 0')
    expect(triggers[0]).toHaveAccessibleDescription('Row 0')
    added.mockRestore()
  })
})
