// The Overview page: figures from the platform's answer, the failure with a Retry
// that recovers, and an empty platform.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { overviewEffects } from '../../commands/effects/overview'
import type { OverviewApi, Result } from '../../adapters/ports'
import type { Overview } from '../../domain/overview/types'
import { renderShell } from './shellFixtures'
import kitPage from '../../ui/shared/kit/page.module.css'
import { formatDayMedium as asDay } from '../../ui/shared/dates'

const effects = { ...navigationEffects, ...overviewEffects }
// The home page: where the instance has one (the homePage feature), as on platform, trial and tour.
const home = { homePage: true }
const developer = { user: { name: 'developer' }, features: home } as const

const figures = (over: Partial<Overview> = {}): Overview => ({
  artifactCount: 1234,
  packagesByType: [
    { type: 'npm', count: 40 },
    { type: 'generic', count: 10 },
  ],
  vulnerabilities: [
    { severity: 'critical', count: 2 },
    { severity: 'low', count: 0 },
  ],
  recentDeployments: [
    {
      repo: 'npm-local',
      path: 'left-pad/-/left-pad-1.3.0.tgz',
      size: 1536,
      deployedBy: 'admin',
      created: '2026-11-25T10:00:00Z',
    },
  ],
  storage: {
    artifactBytes: 3 * 1024 * 1024,
    blobCount: 12,
    diskFreeBytes: 10 * 1024 ** 3,
    diskTotalBytes: 20 * 1024 ** 3,
  },
  health: [
    { service: 'artifactory', nodes: 2, healthy: 2 },
    { service: 'xray', nodes: 1, healthy: 0 },
  ],
  ...over,
})

/** An API that answers each load with the next of `answers` (the last one again after that). */
function api(...answers: Array<Result<Overview>>): OverviewApi & { calls: number } {
  const port = {
    calls: 0,
    load: () => Promise.resolve(answers[Math.min(port.calls++, answers.length - 1)]!),
  }
  return port
}

describe('the Overview page', () => {
  it("while loading shows the figures' shape under the page title, not a second title and rows", async () => {
    const never: OverviewApi = { load: () => new Promise(() => undefined) }
    renderShell('/overview', developer, { overviewApi: never }, effects)
    const loading = await screen.findByRole('status', { name: 'Loading the overview' }, { timeout: 15_000 })
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument()
    // Four stat cards, three cards and the deployments' card.
    expect(loading.querySelectorAll('[data-skeleton]')).toHaveLength(8)
  })

  it('shows the platform figures, each linking on to its details', async () => {
    renderShell('/overview', developer, { overviewApi: api(right(figures())) }, effects)
    expect(await screen.findByText('1,234', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('3.0 MB')).toBeInTheDocument()
    expect(screen.getByText('1 of 2')).toBeInTheDocument()
    const types = screen.getByRole('list', { name: 'Packages by type' })
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['npm40', 'generic10'])
    // Zero counts are not shown as findings.
    const severities = screen.getByRole('list', { name: 'Vulnerabilities by severity' })
    expect(
      within(severities)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Critical2'])
    // A bar in the severity's colour, as the packages by type beside it (the chips left the card empty).
    const fill = within(severities)
      .getByRole('listitem')
      .querySelector<HTMLElement>('[aria-hidden="true"] > span')!
    expect(fill.style.width).toBe('100%')
    expect(fill.style.background).toBe('var(--sev-critical)')
    // The service in words, as topology writes it, not the platform's lower-case name.
    expect(screen.getByText('Xray: 0 of 1 node healthy')).toBeInTheDocument()
    // Service Status is an admin page: a developer gets no link to it.
    expect(screen.queryByRole('link', { name: 'Status' })).toBeNull()
    const deployments = screen.getByRole('table', { name: 'Recent deployments' })
    expect(
      within(deployments).getByRole('link', { name: 'npm-local/left-pad/-/left-pad-1.3.0.tgz' }),
    ).toHaveAttribute('href', '/ui/artifacts/browse/npm-local/left-pad/-/left-pad-1.3.0.tgz')
    expect(within(deployments).getByText('1.5 KB')).toBeInTheDocument()
  })

  it('says when the storage figures were calculated on a line of their own', async () => {
    const storage = { ...figures().storage, calculatedAt: '2020-01-01T00:00:00Z' }
    renderShell('/overview', developer, { overviewApi: api(right(figures({ storage }))) }, effects)
    const files = await screen.findByText('12 distinct files', {}, { timeout: 15_000 })
    expect(files.tagName).toBe('DD')
    expect(files.nextElementSibling).toHaveTextContent(/^Calculated .+ ago$/)
  })

  it('charts the downloads a day over the last 30 days, with their total; none says what will count', async () => {
    const downloadsPerDay = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      count: i === 29 ? 4 : i === 10 ? 2 : 0,
    }))
    renderShell('/overview', developer, { overviewApi: api(right(figures({ downloadsPerDay }))) }, effects)
    const chart = await screen.findByRole('list', { name: 'Downloads per day' }, { timeout: 15_000 })
    const days = within(chart).getAllByRole('listitem')
    expect(days).toHaveLength(30)
    // Each day as the page's other dates are written, not its ISO digits.
    expect(days[29]).toHaveTextContent(`${asDay('2026-11-30')}: 4 downloads`)
    expect(days[10]).toHaveTextContent(`${asDay('2026-11-11')}: 2 downloads`)
    expect(chart.parentElement).not.toHaveTextContent('2026-11')
    // Columns as tall as their share of the busiest day.
    const height = (li: HTMLElement) => (li.firstElementChild as HTMLElement).style.height
    expect([height(days[29]!), height(days[10]!), height(days[0]!)]).toEqual(['100%', '50%', '0%'])
    expect(screen.getByText('6 downloads')).toBeInTheDocument()
  })

  it('charts the deployments a day beside the downloads (issue 32 item 10)', async () => {
    const day = (i: number) => `2026-11-${String(i + 1).padStart(2, '0')}`
    const downloadsPerDay = Array.from({ length: 30 }, (_, i) => ({ day: day(i), count: 1 }))
    const deploymentsPerDay = Array.from({ length: 30 }, (_, i) => ({
      day: day(i),
      count: i === 3 ? 3 : i === 7 ? 1 : 0,
    }))
    renderShell(
      '/overview',
      developer,
      { overviewApi: api(right(figures({ downloadsPerDay, deploymentsPerDay }))) },
      effects,
    )
    const chart = await screen.findByRole('list', { name: 'Deployments per day' }, { timeout: 15_000 })
    expect(within(chart).getAllByRole('listitem')[3]).toHaveTextContent(
      `${asDay('2026-11-04')}: 3 deployments`,
    )
    expect(screen.getByRole('list', { name: 'Downloads per day' })).toBeInTheDocument()
    expect(screen.getByText('4 deployments')).toBeInTheDocument()
  })

  it('a single day with downloads or deployments is said in words, not a lone column on 30 days', async () => {
    const day = (i: number) => `2026-11-${String(i + 1).padStart(2, '0')}`
    const downloadsPerDay = Array.from({ length: 30 }, (_, i) => ({ day: day(i), count: i === 29 ? 7 : 0 }))
    const deploymentsPerDay = Array.from({ length: 30 }, (_, i) => ({ day: day(i), count: i === 29 ? 1 : 0 }))
    renderShell(
      '/overview',
      developer,
      { overviewApi: api(right(figures({ downloadsPerDay, deploymentsPerDay }))) },
      effects,
    )
    expect(
      await screen.findByText(`7 downloads on ${asDay('2026-11-30')}`, {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(`1 deployment on ${asDay('2026-11-30')}`)).toBeInTheDocument()
    expect(screen.getByText(/^Only one day of the last 30 has downloads/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Downloads per day' })).toBeNull()
    expect(screen.queryByRole('list', { name: 'Deployments per day' })).toBeNull()
  })

  it('charts storage used at the end of each day, a day without a sample said so, not as zero', async () => {
    const storagePerDay = [
      { day: '2026-11-29', artifactBytes: 1024 ** 3, files: 10 },
      { day: '2026-11-30', artifactBytes: null, files: null },
      { day: '2026-12-01', artifactBytes: 1.5 * 1024 ** 3, files: 12 },
    ]
    renderShell('/overview', developer, { overviewApi: api(right(figures({ storagePerDay }))) }, effects)
    const chart = await screen.findByRole('list', { name: 'Storage per day' }, { timeout: 15_000 })
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `${asDay('2026-11-29')}: 1.0 GB`,
      `${asDay('2026-11-30')}: not sampled`,
      `${asDay('2026-12-01')}: 1.5 GB`,
    ])
    // The latest figure beside the title.
    expect(screen.getByText('1.5 GB stored')).toBeInTheDocument()
  })

  it('a fresh platform with one sampled day says its figure in words, not as a lone point', async () => {
    const storagePerDay = [
      { day: '2026-11-30', artifactBytes: null, files: null },
      { day: '2026-12-01', artifactBytes: 5 * 1024 ** 2, files: 3 },
    ]
    renderShell('/overview', developer, { overviewApi: api(right(figures({ storagePerDay }))) }, effects)
    expect(
      await screen.findByText(`5.0 MB stored on ${asDay('2026-12-01')}`, {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(/the line over 30 days draws from the second/)).toBeInTheDocument()
    // Screen readers still get the days.
    expect(screen.getByRole('list', { name: 'Storage per day' })).toBeInTheDocument()
  })

  it('says when the platform has no storage figures over time yet', async () => {
    const storagePerDay = [{ day: '2026-12-01', artifactBytes: null, files: null }]
    renderShell('/overview', developer, { overviewApi: api(right(figures({ storagePerDay }))) }, effects)
    expect(await screen.findByText('No storage figures yet', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Storage per day' })).not.toBeInTheDocument()
  })

  it('says no downloads were counted yet', async () => {
    const downloadsPerDay = [{ day: '2026-11-30', count: 0 }]
    renderShell('/overview', developer, { overviewApi: api(right(figures({ downloadsPerDay }))) }, effects)
    expect(
      await screen.findByText('No downloads in the last 30 days', {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Downloads per day' })).toBeNull()
  })

  it('links an admin to Service Status', async () => {
    renderShell(
      '/overview',
      { user: { name: 'admin', admin: true }, features: home },
      { overviewApi: api(right(figures())) },
      effects,
    )
    expect(await screen.findByRole('link', { name: 'Status' }, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/ui/admin/monitoring/service-status',
    )
  })

  it('says why it could not load, and Retry loads it', async () => {
    const port = api(left({ kind: 'status', status: 503, message: 'down' }), right(figures()))
    renderShell('/overview', developer, { overviewApi: port }, effects)
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 })
    expect(alert).toHaveTextContent(
      'The overview could not be loaded: the platform refused it with status 503: down.',
    )
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('1,234')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(port.calls).toBe(2)
  })

  it('an empty platform says what will show', async () => {
    const empty = figures({
      artifactCount: 0,
      packagesByType: [],
      vulnerabilities: [],
      recentDeployments: [],
    })
    renderShell('/overview', developer, { overviewApi: api(right(empty)) }, effects)
    expect(await screen.findByText('No packages yet', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByText('No known vulnerabilities')).toBeInTheDocument()
    expect(screen.getByText('Nothing deployed yet')).toBeInTheDocument()
  })

  it('says the storage cache is being calculated for the first time, then shows the figures', async () => {
    const calculating = figures({
      storage: { calculating: true, diskFreeBytes: 10 * 1024 ** 3, diskTotalBytes: 20 * 1024 ** 3 },
    })
    const port = api(right(calculating), right(figures()))
    const { ports } = renderShell('/overview', developer, { overviewApi: port }, effects)
    expect(
      await screen.findByText('Calculating the storage cache for the first time…', {}, { timeout: 15_000 }),
    ).toHaveAttribute('role', 'status')
    // The figure is the kit's skeleton in its shape, its short words for screen readers only.
    const stored = screen.getByText('Stored').closest('dl')!
    expect(stored.querySelector('[data-skeleton]')).not.toBeNull()
    expect(within(stored).getByText('Calculating…')).toHaveClass(String(kitPage.srOnly))
    // The disk figures do not wait for the cache.
    expect(screen.getByText('10 GB')).toBeInTheDocument()
    // The page asks again while the platform calculates.
    ports.advance(2000)
    expect(await screen.findByText('3.0 MB')).toBeInTheDocument()
    expect(screen.queryByText('Calculating the storage cache for the first time…')).toBeNull()
    expect(port.calls).toBe(2)
  })
})
