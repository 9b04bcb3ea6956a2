// The component kit's behaviour (ui/shared/kit): keyboard on DropdownMenu and Combobox, the
// error wiring of Field, when the form helper (ui/shared/forms.tsx) shows a field's problem, Select (a lazily loaded list box), the states of Table, and the theme choice's decoding.
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { DropdownMenu } from '../../ui/shared/kit/DropdownMenu'
import { Combobox, type ComboboxOption } from '../../ui/shared/kit/Combobox'
import { DateField } from '../../ui/shared/kit/DateField'
import { Field, PasswordField, TextField, Textarea, inputClass } from '../../ui/shared/kit/Field'
import { Select } from '../../ui/shared/kit/Select'
import { FileField } from '../../ui/shared/kit/FileField'
import { Table, type Column, type TableState } from '../../ui/shared/kit/Table'
import { BreakAfter, EmptyState, PAGE_TITLE_ID, PageHeader } from '../../ui/shared/kit/Surface'
import { NextSteps } from '../../ui/shared/kit/NextSteps'
import { decodeThemes } from '../../ui/shared/theme'
import { formatRelative } from '../../ui/shared/dates'
import { RelativeTime } from '../../ui/shared/kit/RelativeTime'
import { ErrorBoundary } from '../../ui/errors/ErrorBoundary'
import { useForm, type Problems } from '../../ui/shared/forms'
import { messageText, type Message } from '../../ui/shared/messages'

describe('DropdownMenu', () => {
  const setup = () => {
    const chosen: string[] = []
    render(
      <DropdownMenu
        trigger="Help"
        label="Help menu"
        groups={[
          [
            { id: 'docs', label: 'Documentation', onSelect: () => chosen.push('docs') },
            { id: 'tour', label: 'Navigation Tour', onSelect: () => chosen.push('tour') },
          ],
          [{ id: 'keys', label: 'Keyboard Shortcuts', onSelect: () => chosen.push('keys') }],
        ]}
      />,
    )
    return chosen
  }

  it('opens from the keyboard, moves with the arrow keys and picks with Enter', async () => {
    const chosen = setup()
    const user = userEvent.setup()
    screen.getByRole('button', { name: 'Help' }).focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu', { name: 'Help menu' })
    expect(within(menu).getByRole('menuitem', { name: 'Documentation' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Navigation Tour' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(chosen).toEqual(['tour'])
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('jumps by typeahead, and Escape closes it with the focus back on the button', async () => {
    setup()
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Help' })
    button.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('menu', { name: 'Help menu' })
    await user.keyboard('k')
    expect(screen.getByRole('menuitem', { name: 'Keyboard Shortcuts' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })
})

describe('Combobox', () => {
  const OPTIONS: ReadonlyArray<ComboboxOption> = [
    { id: 'react', label: 'react', detail: 'npm' },
    { id: 'redux', label: 'redux', detail: 'npm' },
  ]
  /** A combobox listing `options` once something is typed. */
  function Harness({
    onPick,
    options = OPTIONS,
  }: {
    onPick: (o: ComboboxOption) => void
    options?: ReadonlyArray<ComboboxOption>
  }) {
    const [text, setText] = useState('')
    return (
      <Combobox
        label="Search text"
        listLabel="Suggestions"
        value={text}
        onValueChange={setText}
        options={text ? options : []}
        status="No matching packages"
        onPick={onPick}
      />
    )
  }

  it('lists suggestions while typing; arrows set the active option and Enter picks it', async () => {
    const onPick = vi.fn()
    const user = userEvent.setup()
    render(<Harness onPick={onPick} />)
    const input = screen.getByRole('combobox', { name: 'Search text' })
    await user.type(input, 're')
    const list = screen.getByRole('listbox', { name: 'Suggestions' })
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const redux = within(list).getByRole('option', { name: /redux/ })
    expect(input).toHaveAttribute('aria-activedescendant', redux.id)
    expect(redux).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}')
    expect(within(list).getByRole('option', { name: /react/ })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith(OPTIONS[0])
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveFocus()
  })

  it('Escape closes the list, and leaving the input closes it without a timer', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Harness onPick={() => undefined} />
        <button type="button">elsewhere</button>
      </>,
    )
    const input = screen.getByRole('combobox', { name: 'Search text' })
    await user.type(input, 'r')
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    await user.type(input, 'e')
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    await user.tab()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('picks an option with the mouse', async () => {
    const onPick = vi.fn()
    const user = userEvent.setup()
    render(<Harness onPick={onPick} />)
    await user.type(screen.getByRole('combobox', { name: 'Search text' }), 'x')
    await user.click(screen.getByRole('option', { name: /redux/ }))
    expect(onPick).toHaveBeenCalledWith(OPTIONS[1])
  })

  it('shows its status, with no option to list, outside a listbox (a listbox holds options only)', async () => {
    const user = userEvent.setup()
    render(<Harness onPick={() => undefined} options={[]} />)
    const input = screen.getByRole('combobox', { name: 'Search text' })
    await user.type(input, 'zz')
    expect(screen.getByText('No matching packages')).toBeVisible()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })
})

describe('Field', () => {
  it('names the control by its label and reads the hint and the error with it', () => {
    render(
      <TextField
        label="Email"
        hint="Where we send resets"
        error="Enter an email address"
        required
        defaultValue="x"
      />,
    )
    const input = screen.getByRole('textbox', { name: /Email/ })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-required', 'true')
    expect(input).toHaveAccessibleDescription('Where we send resets Enter an email address')
    expect(input).toHaveValue('x')
  })

  it("adds a caller's className to the kit's input class instead of replacing it", () => {
    render(
      <>
        <TextField label="Name" className="wide" />
        <DateField label="After" className="wide" />
        <PasswordField label="Password" className="wide" />
        <Textarea label="Notes" className="wide" />
      </>,
    )
    for (const name of ['Name', 'After', 'Password', 'Notes']) {
      const control = screen.getByLabelText(name)
      expect(control).toHaveClass(String(inputClass), 'wide')
    }
  })

  it('is not invalid without an error', () => {
    render(<TextField label="Name" />)
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAccessibleDescription()
  })
})

describe('FileField', () => {
  function Picker({ onFile }: { onFile: (file: File | null) => void }) {
    const [file, setFile] = useState<File | null>(null)
    return (
      <FileField
        label="Import a log"
        chosen={file ? file.name : 'No file chosen'}
        onFile={(f) => {
          setFile(f)
          onFile(f)
        }}
      />
    )
  }

  it('is a file input named by its label, reached with Tab, that says which file was chosen', async () => {
    const user = userEvent.setup()
    const onFile = vi.fn()
    render(<Picker onFile={onFile} />)
    const input = screen.getByLabelText('Import a log')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAccessibleDescription('No file chosen')
    await user.tab()
    expect(input).toHaveFocus()
    const file = new File(['{}'], 'session.ndjson', { type: 'text/plain' })
    await user.upload(input, file)
    expect(onFile).toHaveBeenCalledWith(file)
    expect(input).toHaveAccessibleDescription('session.ndjson')
    // The visible button is the kit's, not the browser's "Choose File".
    expect(screen.getByText('Choose a file')).toBeVisible()
  })
})

describe('Table', () => {
  interface Row {
    readonly name: string
    readonly size: number
  }
  const columns: ReadonlyArray<Column<Row>> = [
    { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
    { id: 'size', header: 'Size', cell: (r) => String(r.size), align: 'end' },
  ]
  const renderTable = (state: TableState<Row>, onSort = vi.fn()) =>
    render(
      <Table
        label="Files"
        columns={columns}
        state={state}
        rowKey={(r) => r.name}
        sort={{ column: 'name', direction: 'asc' }}
        onSort={onSort}
        rowActions={(r) => <button type="button">Delete {r.name}</button>}
        empty={<EmptyState title="No files yet" />}
      />,
    )

  it('shows skeleton rows and a status while loading, with the header in place', () => {
    renderTable({ status: 'loading' })
    const table = screen.getByRole('table', { name: 'Files' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading Files')
    expect(within(table).queryAllByRole('cell')).toHaveLength(0)
    // A loading bar sits in its column's alignment (Size is a numeric column, at the end).
    const firstRow = table.querySelector('tbody tr')!
    expect([...firstRow.querySelectorAll('td')].map((td) => td.getAttribute('data-align'))).toEqual([
      null,
      'end',
      null,
    ])
  })

  it('shows the error with a Retry that asks again', async () => {
    const onRetry = vi.fn()
    renderTable({ status: 'error', message: 'The files could not be loaded', onRetry })
    expect(screen.getByRole('alert')).toHaveTextContent('The files could not be loaded')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('shows the empty state when there are no rows', () => {
    renderTable({ status: 'loaded', rows: [] })
    expect(screen.getByText('No files yet')).toBeInTheDocument()
  })

  it('renders rows with their actions and sorts by a header button (aria-sort)', async () => {
    const onSort = vi.fn()
    renderTable(
      {
        status: 'loaded',
        rows: [
          { name: 'a.tgz', size: 10 },
          { name: 'b.tgz', size: 20 },
        ],
      },
      onSort,
    )
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('button', { name: 'Delete b.tgz' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Name/ }))
    expect(onSort).toHaveBeenCalledWith({ column: 'name', direction: 'desc' })
  })
})

describe('PageHeader', () => {
  it('names the page: its h1 is what a section labelled by PAGE_TITLE_ID is named by, with no id to pass', () => {
    render(
      <section aria-labelledby={PAGE_TITLE_ID}>
        <PageHeader title="Builds" description="Every build the platform knows." />
      </section>,
    )
    expect(screen.getByRole('region', { name: 'Builds' })).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Builds' }),
    )
  })
})

describe('NextSteps', () => {
  it('is a region named by its title, its steps in order, each a heading with its text and action', () => {
    render(
      <NextSteps
        title="What to do next"
        description="Two steps."
        steps={[
          {
            icon: '1',
            title: 'Make a watch',
            text: 'It applies policies.',
            action: <a href="/watches">Watches</a>,
          },
          { icon: '2', title: 'Wait for a scan', text: 'Nothing to click: it runs by itself.' },
        ]}
      />,
    )
    const region = screen.getByRole('region', { name: 'What to do next' })
    expect(within(region).getByRole('heading', { level: 2, name: 'What to do next' })).toBeInTheDocument()
    expect(region).toHaveTextContent('Two steps.')
    const [first, second] = within(within(region).getByRole('list')).getAllByRole('listitem')
    expect(within(first!).getByRole('heading', { level: 3, name: 'Make a watch' })).toBeInTheDocument()
    expect(first).toHaveTextContent('It applies policies.')
    expect(within(first!).getByRole('link', { name: 'Watches' })).toHaveAttribute('href', '/watches')
    expect(within(second!).getByRole('heading', { level: 3, name: 'Wait for a scan' })).toBeInTheDocument()
    expect(within(second!).queryByRole('link')).toBeNull()
  })
})

describe('theme and dates', () => {
  it('decodes stored theme choices, dropping anything unknown', () => {
    expect(decodeThemes('{"admin":"dark","dev":"light","x":"<img>","y":1}')).toEqual({
      admin: 'dark',
      dev: 'light',
    })
    expect(decodeThemes('not json')).toEqual({})
    expect(decodeThemes('["dark"]')).toEqual({})
    expect(decodeThemes(null)).toEqual({})
  })

  it('says how long ago, in the largest whole unit', () => {
    const now = Date.parse('2026-03-12T12:00:00Z')
    expect(formatRelative('2026-03-12T11:57:00Z', now)).toMatch(/3 minutes ago/)
    expect(formatRelative('2026-03-10T12:00:00Z', now)).toMatch(/2 days ago/)
    expect(formatRelative('not a date', now)).toBe('not a date')
  })

  it('keeps a shown relative time true as time passes', () => {
    vi.useFakeTimers({
      now: Date.parse('2026-03-12T12:00:03Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    })
    try {
      render(<RelativeTime iso="2026-03-12T12:00:00Z" />)
      expect(screen.getByText('3 seconds ago')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(5_000))
      expect(screen.getByText('8 seconds ago')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(120_000))
      expect(screen.getByText('2 minutes ago')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(3 * 3_600_000))
      expect(screen.getByText('3 hours ago')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  // A day after the test above: the shared clocks it moved on are behind this one's time, as
  // they are in a browser, where time does not go back.
  it('a time turning a minute old beside one minutes old settles on its new words (no render loop)', () => {
    // The gallery's keyboard-shortcuts shot showed the error page behind its dialog: a landing
    // card "Added 59 seconds ago" crossed the minute while another card's 15-second clock had not
    // yet ticked; read from that clock the time went back under a minute, the period back to a
    // second, and on and on in one render until React gave up ("Too many re-renders").
    vi.useFakeTimers({
      now: Date.parse('2026-03-13T12:05:00.500Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    })
    try {
      render(
        <ErrorBoundary>
          <RelativeTime iso="2026-03-13T12:00:00Z" />
          <RelativeTime iso="2026-03-13T12:04:01Z" />
        </ErrorBoundary>,
      )
      expect(screen.getByText('5 minutes ago')).toBeInTheDocument()
      expect(screen.getByText('59 seconds ago')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(1_000))
      expect(screen.queryByRole('alert')).toBeNull()
      expect(screen.getByText('1 minute ago')).toBeInTheDocument()
      // Both on the 15-second clock from then on, moving on together.
      act(() => vi.advanceTimersByTime(60_000))
      expect(screen.getByText('2 minutes ago')).toBeInTheDocument()
      expect(screen.getByText('6 minutes ago')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('Select', () => {
  function Kinds() {
    const [kind, setKind] = useState('')
    return (
      <>
        <Field label="Kind">
          <Select
            value={kind}
            onValueChange={setKind}
            options={[
              { value: '', label: 'All kinds' },
              { value: 'local', label: 'Local' },
              { value: 'remote', label: 'Remote' },
            ]}
          />
        </Field>
        <output aria-label="Chosen">{kind === '' ? 'all' : kind}</output>
      </>
    )
  }

  it('opens from the keyboard before its list has loaded, and takes "" as a value', async () => {
    render(<Kinds />)
    const user = userEvent.setup()
    const select = () => screen.getByRole('combobox', { name: 'Kind' })
    expect(select()).toHaveTextContent('All kinds')
    select().focus()
    await user.keyboard('{Enter}')
    const list = await screen.findByRole('listbox')
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All kinds', 'Local', 'Remote'])
    await user.click(within(list).getByRole('option', { name: 'Remote' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('remote')
    expect(select()).toHaveTextContent('Remote')
    await user.click(select())
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All kinds' }))
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('all')
  })
})

describe('useForm', () => {
  type Values = { name: string; email: string }
  const rule = (v: Values): Problems<Message> => ({
    ...(v.name.trim() === '' ? { name: { key: 'mandatory' } } : {}),
    ...(v.email.includes('@') ? {} : { email: { key: 'invalidEmail' } }),
  })
  function Demo({ show }: { show?: 'submit' | 'leave' }) {
    const form = useForm<Values, Message>({ name: '', email: '' }, rule, messageText, { show })
    const field = (key: keyof Values, label: string) => {
      const { onChange, ...rest } = form.bind(key)
      return <TextField label={label} {...rest} onChange={(e) => onChange(e.target.value)} />
    }
    return (
      <form aria-label="Demo" onSubmit={form.submit(() => undefined)} noValidate>
        {field('name', 'Name')}
        {field('email', 'Email')}
        <button type="submit" disabled={show === 'leave' && !form.valid}>
          Save
        </button>
      </form>
    )
  }

  it("with show: 'leave', says a field's problem once it was left, and is valid once the rules hold", async () => {
    const user = userEvent.setup()
    render(<Demo show="leave" />)
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(email, 'ada')
    // Not while typing it the first time, nor on a field not yet left.
    expect(email).not.toHaveAccessibleDescription()
    await user.tab()
    expect(email).toHaveAccessibleDescription('Enter a valid email address')
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription()
    await user.type(email, '@example.com')
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    expect(email).toHaveValue('ada@example.com')
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('by default, says nothing when a field is left, and everything once a submit was tried', async () => {
    const user = userEvent.setup()
    render(<Demo />)
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada')
    await user.tab()
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAccessibleDescription()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address',
    )
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This field is mandatory',
    )
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada')
  })
})

describe('BreakAfter', () => {
  // A line may break only at a <wbr>: each piece between is kept on one line by its class.
  const pieces = (text: string, after: string) => {
    const { container, unmount } = render(
      <p>
        <BreakAfter text={text} after={after} />
      </p>,
    )
    const p = container.querySelector('p')!
    const found = [...p.children].map((c) => (c.tagName === 'WBR' ? '|' : c.textContent))
    expect(p).toHaveTextContent(text)
    unmount()
    return found.join('')
  }

  it('breaks a media type after its dots and plus, never at its slash or hyphens', () => {
    expect(pieces('application/x-gzip', '.+')).toBe('application/x-gzip')
    expect(pieces('application/vnd.oci.image.manifest.v1+json', '.+')).toBe(
      'application/vnd.|oci.|image.|manifest.|v1+|json',
    )
  })

  it('breaks a path after its slashes; a hyphen among the characters is one of them', () => {
    expect(pieces('npm-remote/@babel/core/-/core-7.29.7.tgz', '/')).toBe(
      'npm-remote/|@babel/|core/|-/|core-7.29.7.tgz',
    )
    expect(pieces('a-b/c', '-')).toBe('a-|b/c')
  })
})
