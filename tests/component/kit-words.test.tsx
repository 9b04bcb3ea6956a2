// The kit's words are message keys resolved when its components render (ui/shared/kit/messages.ts
// and, for the date picker, dateMessages.ts), not English written into the components. The
// project has one locale, so these tests word the keys in a pseudo-locale (each text between
// ⟦ ⟧): a component that wrote its own word would show it without the brackets.
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Table } from '../../ui/shared/kit/Table'
import { LoadFailure } from '../../ui/shared/kit/LoadFailure'
import { AlertDialog, Dialog } from '../../ui/shared/kit/Overlay'
import { FileField } from '../../ui/shared/kit/FileField'
import { PageHeader, PageSkeleton, SeverityChip } from '../../ui/shared/kit/Surface'
import { PasswordField } from '../../ui/shared/kit/Field'
import { CodeBlock } from '../../ui/shared/kit/CodeBlock'
import { DateField } from '../../ui/shared/kit/DateField'
import { buttonClass } from '../../ui/shared/kit/Button'
import { dayPattern, formatMonthYear } from '../../ui/shared/dates'
import type { KitMessage } from '../../ui/shared/kit/messages'
import type { DateMessage } from '../../ui/shared/kit/dateMessages'
import { renderShell } from './shellFixtures'

vi.mock('../../ui/shared/kit/messages', async (importOriginal) => {
  const real = await importOriginal<{ kitText: (m: KitMessage) => string }>()
  return { ...real, kitText: (m: KitMessage) => `⟦${real.kitText(m)}⟧` }
})
vi.mock('../../ui/shared/toastMessages', async (importOriginal) => {
  const real = await importOriginal<{ TOAST_WORDS: Record<string, string> }>()
  const words = Object.entries(real.TOAST_WORDS).map(([k, w]) => [k, `⟦${w}⟧`])
  return { ...real, TOAST_WORDS: Object.fromEntries(words) }
})
vi.mock('../../ui/shared/kit/dateMessages', async (importOriginal) => {
  const real = await importOriginal<{ dateText: (m: DateMessage) => string }>()
  return { ...real, dateText: (m: DateMessage) => `⟦${real.dateText(m)}⟧` }
})

/** The classes of the kit's small subtle icon button (Button.tsx IconButton). */
const kitIconButton = buttonClass('subtle', 'sm').split(' ')

describe("the kit's words come from its catalogue", () => {
  const columns = [{ id: 'name', header: 'Name', cell: (r: { name: string }) => r.name }]

  it("Table: the loading status, the error row's Retry and the row actions' header", async () => {
    const { rerender } = render(
      <Table
        label="Users"
        columns={columns}
        state={{ status: 'loading' }}
        rowKey={(r) => r.name}
        empty="None"
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('⟦Loading Users⟧')
    const retry = vi.fn()
    rerender(
      <Table
        label="Users"
        columns={columns}
        state={{ status: 'error', message: 'Down', onRetry: retry }}
        rowKey={(r) => r.name}
        empty="None"
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: '⟦Retry⟧' }))
    expect(retry).toHaveBeenCalledOnce()
    rerender(
      <Table
        label="Users"
        columns={columns}
        state={{ status: 'loaded', rows: [{ name: 'ann' }] }}
        rowKey={(r) => r.name}
        rowActions={() => null}
        empty="None"
      />,
    )
    expect(screen.getByRole('columnheader', { name: '⟦Actions⟧' })).toBeInTheDocument()
  })

  it("LoadFailure's Retry, FileField's button, PageSkeleton's status and the breadcrumbs' name", () => {
    render(
      <>
        <LoadFailure message="Down" onRetry={() => undefined} />
        <FileField label="Configuration" onFile={() => undefined} />
        <PageSkeleton />
        <PageHeader title="Users" breadcrumbs={[{ label: 'Administration', href: '/admin' }]} />
      </>,
    )
    expect(screen.getByRole('button', { name: '⟦Retry⟧' })).toBeInTheDocument()
    expect(screen.getByText('⟦Choose a file⟧')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '⟦Loading⟧' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: '⟦Breadcrumb⟧' })).toBeInTheDocument()
  })

  it("a severity chip's word", () => {
    render(<SeverityChip severity="critical" count={2} />)
    expect(screen.getByText('⟦Critical⟧')).toBeInTheDocument()
  })

  it("Dialog's Close (the kit's icon button) and AlertDialog's Cancel", () => {
    // One at a time: a modal dialog hides the rest of the page.
    const { unmount } = render(<Dialog open onOpenChange={() => undefined} title="Shortcuts" />)
    const dialog = screen.getByRole('dialog', { name: 'Shortcuts' })
    expect(within(dialog).getByRole('button', { name: '⟦Close⟧' })).toHaveClass(...kitIconButton)
    unmount()
    render(
      <AlertDialog
        open
        onOpenChange={() => undefined}
        title="Delete?"
        description="For good."
        confirmLabel="Delete"
        onConfirm={() => undefined}
      />,
    )
    const alert = screen.getByRole('alertdialog', { name: 'Delete?' })
    expect(within(alert).getByRole('button', { name: '⟦Cancel⟧' })).toBeInTheDocument()
  })

  it("PasswordField's reveal says Show, then Hide", async () => {
    render(<PasswordField label="Secret" defaultValue="s3cret" />)
    await userEvent.click(screen.getByRole('button', { name: '⟦Show password⟧' }))
    expect(screen.getByRole('button', { name: '⟦Hide password⟧' })).toHaveAttribute('aria-pressed', 'true')
  })

  it("CodeBlock's copy button and what it says once it copied", async () => {
    const user = userEvent.setup()
    render(<CodeBlock code="npm i left-pad" label="install command" />)
    await user.click(screen.getByRole('button', { name: '⟦Copy install command⟧' }))
    expect(await screen.findByRole('status')).toHaveTextContent('⟦Copied⟧')
  })

  it("DateField: the calendar's buttons, the format, and why an impossible date is not one", async () => {
    const user = userEvent.setup()
    render(<DateField label="After" />)
    // The control loads when the pointer comes over the field (ui/shared/kit/intent.ts).
    await user.hover(screen.getByRole('textbox', { name: 'After' }))
    const open = await screen.findByRole('button', { name: '⟦Choose date (After)⟧', expanded: false })
    const input = screen.getByRole('textbox', { name: 'After' })
    expect(input).toHaveAccessibleDescription(`⟦Format: ${dayPattern().pattern}⟧`)
    await user.click(open)
    for (const name of ['⟦Previous month⟧', '⟦Next month⟧', '⟦Clear⟧', '⟦Today⟧'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    // 31 February 2026, in the locale's order.
    const { order, pattern } = dayPattern()
    const parts = { year: '2026', month: '02', day: '31' }
    const separator = /[^ymd]+/.exec(pattern)?.[0] ?? '/'
    await user.type(input, order.map((p) => parts[p]).join(separator))
    await user.tab()
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`⟦${formatMonthYear('2026-02-01')} has no day 31.⟧`),
    )
  })
})

describe("the small icon buttons are the kit's icon button", () => {
  it("PasswordField's reveal, CodeBlock's copy and DateField's calendar button", async () => {
    render(
      <>
        <PasswordField label="Secret" />
        <CodeBlock code="sha256" label="checksum" />
        <DateField label="After" />
      </>,
    )
    expect(screen.getByRole('button', { name: /Show password/ })).toHaveClass(...kitIconButton)
    expect(screen.getByRole('button', { name: /Copy checksum/ })).toHaveClass(...kitIconButton)
    expect(await screen.findByRole('button', { name: /Choose date/ })).toHaveClass(...kitIconButton)
  })

  it("a toast's dismiss button (and the toasts' words come from their catalogue)", async () => {
    const { app } = renderShell('/packages')
    expect(await screen.findByRole('navigation', { name: 'Application' })).toBeInTheDocument()
    act(() =>
      app.dispatch({
        type: 'notifications/Show',
        kind: 'info',
        message: { key: 'saved', subject: 'proxy', name: 'corp' },
      }),
    )
    const toast = await screen.findByRole('region', { name: /^⟦Notifications/ })
    // Radix draws the toasts into the viewport once the viewport is there.
    expect(await within(toast).findByText('⟦Info⟧')).toBeInTheDocument()
    expect(within(toast).getByRole('button', { name: '⟦Dismiss notification⟧' })).toHaveClass(
      ...kitIconButton,
    )
  })
})
