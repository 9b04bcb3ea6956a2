import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { serviceStatusEffects } from '../../commands/effects/serviceStatus'
import { corpusLines } from '../support/corpora'
import { fakeLogPlatform, topologyNode } from '../support/fakeServiceStatusApi'
import { renderShell } from './shellFixtures'
import { chooseOption } from '../support/kitSelect'
import kitSurface from '../../ui/shared/kit/surface.module.css'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = { ...navigationEffects, ...serviceStatusEffects }
const PATH = '/admin/monitoring/system_logs'

function platform() {
  const api = fakeLogPlatform([topologyNode(), topologyNode({ serviceId: 'jfxr@01', serviceType: 'xray' })])
  api.append('jfrt', 'node-1', 'artifactory-request.log', '2026-01-01T00:00:00Z|node-1|GET|/api/x|200|3\n')
  api.append('jfrt', 'node-1', 'artifactory-service.log', 'INFO started\n')
  api.append('jfxr', 'node-1', 'xray-request.log', '')
  return api
}

describe('the System Logs page', () => {
  it('opens on Artifactory, the first node and file, and shows the log as text', async () => {
    renderShell(PATH, admin, { serviceStatusApi: platform() }, effects)
    // The first test of the file waits for the area's first import (kit, icons) too: on a
    // loaded machine with other test files beside it, that took more than 15 s.
    const log = await screen.findByRole(
      'log',
      { name: 'Content of artifactory-request.log' },
      { timeout: 25_000 },
    )
    // In columns: the time, the level its status gives, the node and the request.
    const line = within(log).getByText('GET /api/x 200 3').parentElement!
    expect(line).toHaveTextContent('INFO')
    expect(line).toHaveTextContent('node-1')
    // Named as its sidebar item and the specification's page title (it said 'System Logs').
    expect(screen.getByRole('heading', { name: 'System Logs Viewer', level: 1 })).toBeInTheDocument()
    // The kit's page header says what the page is for, as Service Status's does.
    expect(
      screen.getByText("The log files of each service's nodes, read as they are written."),
    ).toBeInTheDocument()
    // Pause and Refresh now are the page's actions, as Service Status's and Topology's Refresh:
    // they were in the choices' card, which then took two rows at 1024 px.
    const header = screen.getByRole('heading', { name: 'System Logs Viewer', level: 1 }).closest('header')!
    expect(within(header).getByRole('button', { name: 'Pause' }).parentElement).toHaveClass(
      kitSurface.pageActions!,
    )
    expect(within(header).getByRole('button', { name: 'Refresh now' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Artifactory')
    expect(screen.getByRole('combobox', { name: 'Node' })).toHaveTextContent('node-1')
    expect(screen.getByRole('combobox', { name: 'File' })).toHaveTextContent('artifactory-request.log')
    expect(screen.getByRole('status', { name: 'Log refresh' })).toHaveTextContent(
      'Refreshing every 10 seconds.',
    )
  })

  it("is headed with the kit's page header, as the other admin pages", async () => {
    renderShell(PATH, admin, { serviceStatusApi: platform() }, effects)
    const title = await screen.findByRole('heading', { name: 'System Logs Viewer', level: 1 })
    expect(title.closest('header')).toHaveClass(kitSurface.pageHeader!)
  })

  it('switches file and product, and shows an empty file as such', async () => {
    const user = userEvent.setup()
    renderShell(PATH, admin, { serviceStatusApi: platform() }, effects)
    await screen.findByRole('log', { name: 'Content of artifactory-request.log' })
    await chooseOption(user, screen.getByRole('combobox', { name: 'File' }), 'artifactory-service.log')
    expect(await screen.findByRole('log', { name: 'Content of artifactory-service.log' })).toHaveTextContent(
      'INFO started',
    )
    await chooseOption(user, screen.getByRole('combobox', { name: 'Product' }), 'Xray')
    expect(await screen.findByText('The file is empty.')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'File' })).toHaveTextContent('xray-request.log')
  })

  it('pause and resume', async () => {
    const user = userEvent.setup()
    renderShell(PATH, admin, { serviceStatusApi: platform() }, effects)
    await screen.findByRole('log', { name: 'Content of artifactory-request.log' })
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(screen.getByRole('status', { name: 'Log refresh' })).toHaveTextContent('Paused.')
    await user.click(screen.getByRole('button', { name: 'Resume' }))
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument()
  })

  it('renders hostile log lines as text, never as HTML', async () => {
    const api = platform()
    const hostile = corpusLines('xss').slice(0, 300)
    api.append('jfrt', 'node-1', 'artifactory-request.log', `${hostile.join('\n')}\n`)
    const { view } = renderShell(PATH, admin, { serviceStatusApi: api }, effects)
    const log = await screen.findByRole('log', { name: 'Content of artifactory-request.log' })
    expect(log.textContent).toContain(hostile[0])
    expect(log.textContent).toContain(hostile[299])
    // Rows of text spans only (and marks for a search): no element came out of a line.
    const tags = new Set([...log.querySelectorAll('*')].map((el) => el.tagName))
    expect([...tags].sort()).toEqual(['DIV', 'SPAN'])
    // The page's own icons are decorative (hidden from assistive technology) and the header has
    // the logo; no other element came out of the log's lines.
    const foreign = [
      ...view.container.querySelectorAll('img, script, svg:not([aria-hidden="true"]), iframe, object, embed'),
    ]
    expect(foreign.filter((el) => !el.closest('header'))).toEqual([])
  })

  it('a node without files, a failure and its retry', async () => {
    const api = fakeLogPlatform([topologyNode()])
    api.fail.topology = left({ kind: 'status', status: 500, message: 'status store down' })
    renderShell(PATH, admin, { serviceStatusApi: api }, effects)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('status store down')
    delete api.fail.topology
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('node-1 has no log files for Artifactory.')).toBeInTheDocument()
  })
})

describe('scroll to end', () => {
  it('stops following when the user scrolls up, and "Scroll to end" (shown only then) follows again', async () => {
    const user = userEvent.setup()
    renderShell(PATH, admin, { serviceStatusApi: platform() }, effects)
    const log = await screen.findByRole('log', { name: 'Content of artifactory-request.log' })
    // Following the end, there is nothing to go back to: no disabled button of its own row.
    expect(screen.queryByRole('button', { name: 'Scroll to end' })).not.toBeInTheDocument()
    // jsdom has no layout: give the log a size, then scroll it up as a user would.
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 })
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 100 })
    log.scrollTop = 200
    fireEvent.scroll(log)
    const button = screen.getByRole('button', { name: 'Scroll to end' })
    expect(button).toBeEnabled()
    expect(screen.getByText(/scrolling stays where you are/)).toBeInTheDocument()
    await user.click(button)
    expect(log.scrollTop).toBe(1000)
    expect(screen.queryByRole('button', { name: 'Scroll to end' })).not.toBeInTheDocument()
    expect(log).toHaveFocus()
  })
})

describe('reading the log', () => {
  function busyPlatform() {
    const api = fakeLogPlatform([topologyNode()])
    api.append(
      'jfrt',
      'node-1',
      'artifactory-service.log',
      [
        '2026-01-01T10:00:00.000Z [node-1] [INFO] Platform started',
        '2026-01-01T10:00:01.000Z [node-1] [WARN] Disk 91% full on /data',
        '2026-01-01T10:00:02.000Z [node-1] [ERROR] Database connection lost: timeout',
        '2026-01-01T10:00:03.000Z [node-1] [INFO] Database connection restored',
        'a line in no known shape',
        '',
      ].join('\n'),
    )
    return api
  }
  const messages = (log: HTMLElement) =>
    [...log.querySelectorAll(':scope > div')].map((row) => row.lastElementChild?.textContent)

  it('filters by level, searches with highlights, and says when nothing matches', async () => {
    const user = userEvent.setup()
    renderShell(PATH, admin, { serviceStatusApi: busyPlatform() }, effects)
    const log = await screen.findByRole('log', { name: 'Content of artifactory-service.log' })
    expect(messages(log)).toHaveLength(5)
    const levels = screen.getByRole('group', { name: 'Levels' })
    await user.click(within(levels).getByRole('button', { name: 'Error' }))
    expect(within(levels).getByRole('button', { name: 'Error' })).toHaveAttribute('aria-pressed', 'true')
    expect(messages(log)).toEqual(['Database connection lost: timeout'])
    await user.click(within(levels).getByRole('button', { name: 'Warning' }))
    expect(messages(log)).toEqual(['Disk 91% full on /data', 'Database connection lost: timeout'])
    // Levels off again: every line, then the search (any case) narrows them and marks the match.
    await user.click(within(levels).getByRole('button', { name: 'Error' }))
    await user.click(within(levels).getByRole('button', { name: 'Warning' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'DATABASE')
    expect(messages(log)).toEqual(['Database connection lost: timeout', 'Database connection restored'])
    expect([...log.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Database', 'Database'])
    expect(screen.getByText('2 lines shown')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), ' nowhere')
    expect(screen.getByText('No line matches the levels and search chosen.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download shown lines' })).toBeDisabled()
  })

  it('wraps long lines by default; the switch cuts them to one row each', async () => {
    const user = userEvent.setup()
    renderShell(PATH, admin, { serviceStatusApi: busyPlatform() }, effects)
    const log = await screen.findByRole('log', { name: 'Content of artifactory-service.log' })
    const wrap = screen.getByRole('switch', { name: 'Wrap lines' })
    expect(wrap).toBeChecked()
    expect(log).toHaveAttribute('data-wrap')
    await user.click(wrap)
    expect(wrap).not.toBeChecked()
    expect(log).not.toHaveAttribute('data-wrap')
  })

  it('downloads the lines shown, as written', async () => {
    const user = userEvent.setup()
    const saved: Blob[] = []
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:shown'
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    try {
      renderShell(PATH, admin, { serviceStatusApi: busyPlatform() }, effects)
      await screen.findByRole('log', { name: 'Content of artifactory-service.log' })
      await user.click(
        within(screen.getByRole('group', { name: 'Levels' })).getByRole('button', { name: 'Error' }),
      )
      await user.click(screen.getByRole('button', { name: 'Download shown lines' }))
      expect(saved).toHaveLength(1)
      expect(await saved[0]!.text()).toBe(
        '2026-01-01T10:00:02.000Z [node-1] [ERROR] Database connection lost: timeout\n',
      )
    } finally {
      create.mockRestore()
      click.mockRestore()
    }
  })
})
