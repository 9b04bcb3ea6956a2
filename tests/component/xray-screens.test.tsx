// The security screens the Violations and Policies tests leave out, seeded by events with a fake
// scanner port: Watches, Scans List, Trends, Reports and Administration's Indexed Resources, Scans
// Settings and Advisory Database. Each shows its loading, its empty state and its failure with a
// Retry that asks again; forms say what is wrong and keep what was typed.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { VirtualTimeScheduler } from 'rxjs'
import { navigationEffects } from '../../commands/effects/navigation'
import { xrayEffects } from '../../commands/effects/xray'
import type { Result, XrayApi } from '../../adapters/ports'
import type { Failure } from '../../domain/shared/failure'
import type {
  AdvisoryImport,
  GitRepositoryScan,
  ReportView,
  ScanView,
  XrayAnswer,
  XrayAsk,
  XrayChange,
  XrayDataOf,
  XrayWhat,
} from '../../domain/xray'
import { REPORT_POLL_MS } from '../../domain/xray'
import { corpusLines } from '../support/corpora'
import { timeTo } from '../support/wait'
import { renderShell } from './shellFixtures'
import { formatDate } from '../../ui/shared/dates'

const effects = { ...navigationEffects, ...xrayEffects }
const admin = { user: { name: 'admin', admin: true } } as const
const developer = { user: { name: 'developer' } } as const
const found = { timeout: 30_000 }

type Answers = { -readonly [W in XrayWhat]?: XrayDataOf<W> }

/**
 * A scanner that answers each list from `answers` (a list it has no answer for stays loading),
 * fails the first ask of the lists in `failFirst`, refuses the changes `refuse` says, and records
 * what it was asked.
 */
function scanner(
  answers: Answers,
  options: { failFirst?: ReadonlyArray<XrayWhat>; refuse?: (c: XrayChange) => Failure | undefined } = {},
) {
  const asks: XrayAsk[] = []
  const changes: XrayChange[] = []
  /** The webhook each change carried past the vault, by the change's index. */
  const webhooks: Array<string | undefined> = []
  /** The file each change carried past the file stash, by the change's index. */
  const files: Array<Blob | undefined> = []
  const failing = new Set(options.failFirst ?? [])
  const api: XrayApi = {
    load(ask): Promise<Result<XrayAnswer>> {
      asks.push(ask)
      if (failing.delete(ask.what)) return Promise.resolve(left({ kind: 'network', message: 'down' }))
      const data = answers[ask.what]
      if (data === undefined) return new Promise(() => undefined)
      return Promise.resolve(right({ what: ask.what, data } as XrayAnswer))
    },
    change(c, webhookUrl, file) {
      changes.push(c)
      webhooks.push(webhookUrl)
      files.push(file)
      const refused = options.refuse?.(c)
      return Promise.resolve(refused ? left(refused) : right(undefined))
    },
  }
  return { api, asks, changes, webhooks, files, answers }
}

const asked = (asks: ReadonlyArray<XrayAsk>, what: XrayWhat) => asks.filter((a) => a.what === what).length

const noCounts = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 }
const scan = (name: string, version: string, patch: Partial<ScanView> = {}): ScanView => ({
  version_id: `npm://${name}@${version}`,
  package_id: `npm://${name}`,
  name,
  version,
  repo: 'npm-local',
  status: 'scanned',
  last_updated: '2026-11-30T10:00:00Z',
  error: null,
  vulnerabilities: noCounts,
  ...patch,
})
const indexed = { repositories: ['npm-local'], available: ['npm-local', 'npm-remote'] }
const gitRepo = (patch: Partial<GitRepositoryScan> = {}): GitRepositoryScan => ({
  integration_id: 'k1',
  integration_name: 'octo',
  vendor: 'github',
  repository: 'octo/web',
  status: 'scanned',
  scanned_at: '2025-12-31T23:00:00Z',
  error: null,
  lockfile: true,
  dependencies: 42,
  vulnerabilities: { ...noCounts, critical: 1 },
  violations: 3,
  ...patch,
})

describe('Watches', { timeout: 90_000 }, () => {
  it('empty: an admin is told what a watch is and offered to make one', async () => {
    renderShell('/watches', admin, { xrayApi: scanner({ watches: [] }).api }, effects)
    expect(await screen.findByText('No watches yet', {}, found)).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'New watch' }).length).toBeGreaterThan(0)
  })

  it('a developer reads the watches but is offered no change', async () => {
    const watch = {
      name: 'all-npm',
      description: 'Every npm repository',
      resources: { kind: 'all' as const },
      policies: ['no-critical'],
    }
    const quiet = { ...watch, name: 'quiet', violations: 0 }
    renderShell(
      '/watches',
      developer,
      { xrayApi: scanner({ watches: [{ ...watch, violations: 1234 }, quiet] }).api },
      effects,
    )
    const table = await screen.findByRole('table', { name: 'Watches' }, found)
    const row = (await within(table).findByRole('rowheader', { name: 'all-npm' })).closest('tr')!
    expect(row).toHaveTextContent('All repositories')
    expect(row).toHaveTextContent('no-critical')
    // Its count, leading to its violations; a watch with none says so, with nothing to open.
    expect(within(row).getByRole('link', { name: '1,234 violations of all-npm' })).toHaveAttribute(
      'href',
      '/ui/violations?watch=all-npm',
    )
    const none = within(table).getByRole('rowheader', { name: 'quiet' }).closest('tr')!
    expect(none).toHaveTextContent('None')
    expect(within(none).queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button', { name: 'New watch' })).toBeNull()
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull()
  })

  it('the form’s repositories retry after a failure; a watch needs one; then it is created', async () => {
    const s = scanner({ watches: [], indexed, policies: [] }, { failFirst: ['indexed'] })
    renderShell('/watches', admin, { xrayApi: s.api }, effects)
    await userEvent.click((await screen.findAllByRole('button', { name: 'New watch' }, found))[0]!)
    const form = await screen.findByRole('form', { name: 'Watch' })
    // The kit's order, as every other form: Cancel, then the primary action last.
    expect(
      within(form)
        .getAllByRole('button')
        .slice(-2)
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Create watch'])
    const failure = await within(form).findByRole('alert')
    expect(failure).toHaveTextContent('The repositories could not be loaded')
    expect(within(form).getByText(/No policies yet/)).toBeInTheDocument()
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'npm-watch')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const local = await within(form).findByRole('checkbox', { name: 'npm-local' })
    await userEvent.click(within(form).getByRole('button', { name: 'Create watch' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one repository')
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('npm-watch')
    expect(s.changes).toEqual([])
    await userEvent.click(local)
    await userEvent.click(within(form).getByRole('button', { name: 'Create watch' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(s.changes).toEqual([
      {
        kind: 'saveWatch',
        create: true,
        watch: {
          name: 'npm-watch',
          description: '',
          resources: { kind: 'repositories', repositories: ['npm-local'] },
          policies: [],
        },
      },
    ])
    expect(await screen.findByRole('status')).toHaveTextContent('Watch npm-watch saved')
    // The list the change alters is asked for again.
    await waitFor(() => expect(asked(s.asks, 'watches')).toBe(2))
  })

  it('a watch names scanned git repositories beside the platform’s', async () => {
    const s = scanner({
      watches: [],
      indexed,
      policies: [],
      gitRepositories: [gitRepo(), gitRepo({ repository: 'octo/api', status: 'failed' })],
    })
    renderShell('/watches', admin, { xrayApi: s.api }, effects)
    await userEvent.click((await screen.findAllByRole('button', { name: 'New watch' }, found))[0]!)
    const form = await screen.findByRole('form', { name: 'Watch' })
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'git-watch')
    const git = within(form).getByRole('group', { name: 'Git repositories' })
    // Every repository the scanner reads, whatever its last scan did.
    expect(await within(git).findAllByRole('checkbox')).toHaveLength(2)
    await userEvent.click(await within(git).findByRole('checkbox', { name: 'git://octo/octo/web' }))
    await userEvent.click(within(form).getByRole('checkbox', { name: 'npm-local' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Create watch' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(s.changes).toEqual([
      {
        kind: 'saveWatch',
        create: true,
        watch: {
          name: 'git-watch',
          description: '',
          resources: { kind: 'repositories', repositories: ['git://octo/octo/web', 'npm-local'] },
          policies: [],
        },
      },
    ])
  })
})

describe('Policies list', { timeout: 90_000 }, () => {
  it('a policy’s type is a neutral label: the danger tone is for severities, not for “Security”', async () => {
    const actions = { blockDownload: true, failBuild: false, notify: false }
    const security = {
      name: 'no-critical',
      description: '',
      type: 'security' as const,
      rules: [
        {
          name: 'critical',
          criteria: { kind: 'security' as const, minSeverity: 'critical' as const },
          actions,
        },
      ],
      watches: [],
    }
    const licence = {
      name: 'no-gpl',
      description: '',
      type: 'license' as const,
      rules: [{ name: 'gpl', criteria: { kind: 'license' as const, banned: ['GPL-3.0'] }, actions }],
      watches: [],
    }
    renderShell('/policies', developer, { xrayApi: scanner({ policies: [security, licence] }).api }, effects)
    const table = await screen.findByRole('table', { name: 'Policies' }, found)
    const typeOf = async (name: string) => {
      const row = (await within(table).findByRole('rowheader', { name })).closest('tr')!
      const cells = within(row).getAllByRole('cell')
      const column = within(table)
        .getAllByRole('columnheader')
        .findIndex((h) => h.textContent === 'Type')
      // The row header is the first column; the cells follow it.
      return cells[column - 1]!
    }
    const securityType = await typeOf('no-critical')
    const licenceType = await typeOf('no-gpl')
    expect(securityType).toHaveTextContent('Security')
    expect(licenceType).toHaveTextContent('Licence')
    // Both types in one tone: neither reads as an error (or a success) beside the other.
    for (const cell of [securityType, licenceType])
      expect(cell.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'neutral')
  })
})

describe('Policies and Watches: what comes next', { timeout: 90_000 }, () => {
  it('under the list, where a policy goes to work: watches, violations, reports', async () => {
    // A table of one policy was the whole page, over empty space.
    renderShell('/policies', developer, { xrayApi: scanner({ policies: [] }).api }, effects)
    const steps = within(await screen.findByRole('region', { name: 'How a policy is applied' }, found))
    expect(steps.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Watches', '/ui/watches'],
      ['Violations', '/ui/violations'],
      ['Reports', '/ui/reports'],
    ])
  })

  it('under the watches, what a watch works with: policies, violations, reports', async () => {
    renderShell('/watches', developer, { xrayApi: scanner({}).api }, effects)
    const steps = within(await screen.findByRole('region', { name: 'What a watch works with' }, found))
    expect(steps.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Policies', '/ui/policies'],
      ['Violations', '/ui/violations'],
      ['Reports', '/ui/reports'],
    ])
  })
})

describe('Scans List', { timeout: 90_000 }, () => {
  it('an error says what happened, and Retry shows the scans with their counts', async () => {
    const s = scanner(
      {
        scans: {
          total: 2,
          rows: [
            scan('minimist', '1.2.5', { vulnerabilities: { ...noCounts, critical: 1 } }),
            scan('left-pad', '1.3.0', { status: 'failed', error: 'the tarball could not be read' }),
          ],
        },
      },
      { failFirst: ['scans'] },
    )
    renderShell('/scans', developer, { xrayApi: s.api }, effects)
    const table = await screen.findByRole('table', { name: 'Scans' }, found)
    const failure = await within(table).findByRole('alert')
    expect(failure).toHaveTextContent('The scans could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const minimist = (await within(table).findByRole('rowheader', { name: /minimist/ })).closest('tr')!
    expect(minimist).toHaveTextContent('Scanned')
    expect(within(minimist).getByText(/Critical/)).toBeInTheDocument()
    const leftPad = within(table)
      .getByRole('rowheader', { name: /left-pad/ })
      .closest('tr')!
    expect(leftPad).toHaveTextContent('Failed')
    expect(leftPad).toHaveTextContent('the tarball could not be read')
    expect(within(table).queryByRole('button', { name: /^Rescan/ })).toBeNull()
  })

  it('loading shows a busy table; empty says how versions come to be scanned', async () => {
    const s = scanner({})
    const shown = renderShell('/scans', developer, { xrayApi: s.api }, effects)
    const table = await screen.findByRole('table', { name: 'Scans' }, found)
    expect(table).toHaveAttribute('aria-busy', 'true')
    shown.view.unmount()
    renderShell('/scans', developer, { xrayApi: scanner({ scans: { total: 0, rows: [] } }).api }, effects)
    expect(await screen.findByText('Nothing scanned yet', {}, found)).toBeInTheDocument()
  })

  it('an admin rescans a version; a filter asks again from the first page', async () => {
    const s = scanner({ scans: { total: 1, rows: [scan('minimist', '1.2.5')] }, gitRepositories: [] })
    renderShell('/scans', admin, { xrayApi: s.api }, effects)
    const rescan = await screen.findByRole('button', { name: 'Rescan npm://minimist@1.2.5' }, found)
    // An icon button (named for its version), the repository under the version's name rather
    // than a column: at 1024 px those two took the room a scoped name needs.
    expect(rescan).toHaveTextContent('')
    const table = screen.getByRole('table', { name: 'Scans' })
    expect(within(table).getByRole('rowheader')).toHaveTextContent('minimist@1.2.5npm-local')
    expect(within(table).queryByRole('columnheader', { name: 'Repository' })).toBeNull()
    await userEvent.click(rescan)
    expect(await screen.findByRole('status')).toHaveTextContent('npm://minimist@1.2.5 scanned again')
    expect(s.changes).toEqual([{ kind: 'rescan', versionId: 'npm://minimist@1.2.5' }])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only versions with vulnerabilities' }))
    await waitFor(() =>
      expect(s.asks.filter((a) => a.what === 'scans').at(-1)).toMatchObject({
        what: 'scans',
        query: { page: 1, issuesOnly: true },
      }),
    )
  })
})

describe('Trends', { timeout: 90_000 }, () => {
  it('loading, then an error with Retry, then the chart with its figures', async () => {
    const point = { at: '2026-11-30T10:00:00Z', ...noCounts, high: 2, critical: 1, violations: 4 }
    const s = scanner({ trends: [point] }, { failFirst: ['trends'] })
    renderShell('/trends', developer, { xrayApi: s.api }, effects)
    const failure = await screen.findByRole('alert', {}, found)
    expect(failure).toHaveTextContent('The trends could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const chart = await screen.findByRole('img', {
      name: 'Vulnerabilities and violations over 1 scan run; the most is 4',
    })
    // One run makes no line: each series marks it (a fresh platform has had one run).
    expect(chart.querySelectorAll('circle')).toHaveLength(2)
    // Its scale: the most, nothing, and the run's day.
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '4',
      '0',
      formatDate(point.at),
    ])
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Vulnerabilities: 3 now')
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Violations: 4 now')
    const runs = screen.getByRole('table', { name: 'Scan runs' })
    expect(within(runs).getAllByRole('row')).toHaveLength(2)
  })

  it('two runs within one minute are told apart: to the second in the table and on the axis', async () => {
    const early = { at: '2026-12-03T06:41:02Z', ...noCounts, high: 5, violations: 0 }
    const later = { ...early, at: '2026-12-03T06:41:40Z' }
    renderShell('/trends', developer, { xrayApi: scanner({ trends: [early, later] }).api }, effects)
    const runs = await screen.findByRole('table', { name: 'Scan runs' }, found)
    const when = within(runs)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
    // Both said '6:41 AM' before: two rows, one time.
    expect(new Set(when).size).toBe(2)
    const chart = screen.getByRole('img', { name: /over 2 scan runs/ })
    const [, , start, end] = [...chart.querySelectorAll('text')].map((t) => t.textContent)
    // Both ends were the day alone, as if the chart spanned it.
    expect(start).not.toBe(end)
    expect(start).toContain(formatDate(early.at))
    expect(end).not.toContain(formatDate(later.at))
  })

  it('a period without scan runs says so; loading is announced', async () => {
    const shown = renderShell('/trends', developer, { xrayApi: scanner({}).api }, effects)
    expect(await screen.findByRole('status', { name: 'Loading the trends' }, found)).toBeInTheDocument()
    shown.view.unmount()
    renderShell('/trends', developer, { xrayApi: scanner({ trends: [] }).api }, effects)
    expect(await screen.findByText('No scan runs in this period', {}, found)).toBeInTheDocument()
  })
})

describe('Scans List: git repositories', { timeout: 90_000 }, () => {
  const repo = gitRepo

  it('each repository with its scan; one opens its vulnerable dependencies; a failure says why', async () => {
    const s = scanner(
      {
        scans: { total: 0, rows: [] },
        gitRepositories: [
          repo(),
          repo({
            repository: 'octo/empty',
            status: 'failed',
            error: 'the repository has no package.json at its root',
          }),
        ],
        gitFindings: {
          integrationId: 'k1',
          repository: 'octo/web',
          findings: [
            {
              issue: 'GHSA-xvch-5gv4-984h',
              summary: 'Prototype Pollution in minimist',
              component: 'minimist',
              version: '0.0.8',
              direct: false,
              severity: 'critical',
              cvss: 9.8,
              vulnerableRange: '<0.2.4',
              fixed: ['0.2.4'],
            },
          ],
        },
      },
      { failFirst: ['gitRepositories'] },
    )
    renderShell('/scans', admin, { xrayApi: s.api }, effects)
    const failure = await screen.findByRole('alert', {}, found)
    expect(failure).toHaveTextContent('The git repositories could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const table = await screen.findByRole('table', { name: 'Git repositories' })
    // Each repository with its integration under it, by name and vendor.
    const web = (await within(table).findByRole('rowheader', { name: 'octo/web octo · GitHub' })).closest(
      'tr',
    )!
    expect(web).toHaveTextContent('42 locked')
    expect(within(web).getByRole('link', { name: '3 violations of octo/web' })).toHaveAttribute(
      'href',
      `/ui/violations?resource=${encodeURIComponent('git://octo/octo/web')}`,
    )
    const empty = within(table)
      .getByRole('rowheader', { name: /^octo\/empty/ })
      .closest('tr')!
    expect(empty).toHaveTextContent('the repository has no package.json at its root')
    await userEvent.click(within(web).getByRole('button', { name: 'octo/web' }))
    const findings = await screen.findByRole('table', { name: 'Vulnerable dependencies of octo/web' })
    expect(
      within(findings).getByRole('rowheader', { name: 'GHSA-xvch-5gv4-984h' }).closest('tr'),
    ).toHaveTextContent('No, through another')
    expect(s.asks).toContainEqual({ what: 'gitFindings', integrationId: 'k1', repository: 'octo/web' })
    await userEvent.click(screen.getByRole('button', { name: 'Scan git repositories' }))
    expect(await screen.findByText('Git repositories scanned again')).toBeInTheDocument()
    expect(s.changes).toEqual([{ kind: 'scanGit' }])
  })

  it('says how a repository gets here when none is scanned; a developer is offered no scan', async () => {
    renderShell(
      '/scans',
      developer,
      { xrayApi: scanner({ scans: { total: 0, rows: [] }, gitRepositories: [] }).api },
      effects,
    )
    expect(await screen.findByText('No git repository is scanned', {}, found)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Scan git repositories' })).toBeNull()
  })
})

describe('Reports', { timeout: 90_000 }, () => {
  const report = (patch: Partial<ReportView> = {}): ReportView => ({
    id: 'r1',
    name: 'weekly',
    kind: 'vulnerabilities',
    repositories: ['npm-local'],
    status: 'done',
    done: 200,
    total: 200,
    rows: 3,
    error: null,
    createdBy: 'developer',
    created: '2025-12-31T23:00:00Z',
    finished: '2025-12-31T23:01:00Z',
    columns: ['package', 'version', 'repository', 'issue', 'direct'],
    ...patch,
  })

  it("the list's failure with Retry, then empty; a report asked for over a chosen repository", async () => {
    const s = scanner({ indexed, reports: [] }, { failFirst: ['reports'] })
    renderShell('/reports', developer, { xrayApi: s.api }, effects)
    await screen.findByRole('table', { name: 'Reports' }, found)
    const failure = await screen.findByRole('alert', {}, found)
    expect(failure).toHaveTextContent('The reports could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No report yet', {}, found)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'New report' })
    await userEvent.click(within(form).getByRole('radio', { name: 'Licences' }))
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'weekly')
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'npm-local' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Generate report' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Report weekly asked for')
    expect(s.changes).toEqual([
      {
        kind: 'createReport',
        report: { kind: 'licenses', name: 'weekly', repositories: ['npm-local'], builds: [] },
      },
    ])
    // The list is asked again once the platform has the report.
    await waitFor(() => expect(asked(s.asks, 'reports')).toBe(3))
  })

  it('a report asked for over chosen builds carries them, each once, and the list says it covers them', async () => {
    const s = scanner({ indexed, reports: [] })
    renderShell('/reports', developer, { xrayApi: s.api }, effects)
    expect(await screen.findByText('No report yet', {}, found)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'New report' })
    await userEvent.click(within(form).getByRole('radio', { name: 'Violations' }))
    await userEvent.type(within(form).getByRole('textbox', { name: /^Builds/ }), 'shop, api ,shop')
    // What the platform answers when the list is asked again, once it has the report.
    s.answers.reports = [
      report({ kind: 'violations', repositories: [], builds: ['shop', 'api'] }),
      report({ id: 'r2', name: 'everything', repositories: [] }),
    ]
    await userEvent.click(within(form).getByRole('button', { name: 'Generate report' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Report violations asked for')
    expect(s.changes).toEqual([
      {
        kind: 'createReport',
        report: { kind: 'violations', name: '', repositories: [], builds: ['shop', 'api'] },
      },
    ])
    const table = await screen.findByRole('table', { name: 'Reports' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const [, ofBuilds, ofAll] = within(table).getAllByRole('row')
    expect(ofBuilds).toHaveTextContent('Builds: shop, api')
    expect(ofBuilds).not.toHaveTextContent('Repositories:')
    expect(ofAll).toHaveTextContent('All indexed repositories and builds')
  })

  it('a running report shows its progress and is asked again until done; then its rows and exports', async () => {
    const s = scanner({ indexed, reports: [report({ status: 'running', done: 50, rows: 0 })] })
    const { ports } = renderShell('/reports', developer, { xrayApi: s.api }, effects)
    const bar = await screen.findByRole('progressbar', { name: 'Progress of weekly' }, found)
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', '50 of 200 versions read')
    expect(screen.queryByRole('link', { name: /CSV/ })).toBeNull()
    s.answers.reports = [report(), report({ id: 'r2', name: 'theirs', createdBy: 'someone', rows: 1 })]
    const before = asked(s.asks, 'reports')
    await timeTo(ports.scheduler as VirtualTimeScheduler, REPORT_POLL_MS)
    await waitFor(() => expect(asked(s.asks, 'reports')).toBe(before + 1))
    const table = await screen.findByRole('table', { name: 'Reports' })
    expect(await within(table).findByText('3 rows')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(within(table).getByRole('link', { name: 'CSV of weekly' })).toHaveAttribute(
      'href',
      '/ui/api/v1/xray/api/v1/reports/r1/export?format=csv',
    )
    expect(within(table).getByRole('link', { name: 'JSON of weekly' })).toHaveAttribute(
      'href',
      '/ui/api/v1/xray/api/v1/reports/r1/export?format=json',
    )
    // Only who asked for a report (or an admin) is offered to delete it.
    expect(within(table).getByRole('button', { name: 'Delete weekly' })).toBeEnabled()
    expect(within(table).queryByRole('button', { name: 'Delete theirs' })).toBeNull()

    s.answers.report = {
      report: report(),
      offset: 0,
      rows: [
        ['minimist', '0.0.8', 'npm-local', 'GHSA-xvch-5gv4-984h', true],
        ['minimist', '0.0.8', 'npm-local', 'GHSA-vh95-rmgr-6w4m', false],
        ['lodash', '4.17.20', 'npm-local', 'GHSA-p6mc-m468-83gw', ''],
      ],
    }
    await userEvent.click(within(table).getByRole('button', { name: 'weekly' }))
    const rows = await screen.findByRole('table', { name: 'Rows of weekly' })
    expect(
      within(rows)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Package', 'Version', 'Repository', 'Issue', 'Direct'])
    const first = within(rows).getAllByRole('row')[1]!
    expect(first).toHaveTextContent('GHSA-xvch-5gv4-984h')
    expect(first).toHaveTextContent('Yes')
    expect(s.asks.filter((a) => a.what === 'report')).toEqual([{ what: 'report', id: 'r1', offset: 0 }])
  })

  it('the repositories’ failure is told inside the form, with Retry', async () => {
    const s = scanner({ indexed: { repositories: [], available: ['npm-local'] } }, { failFirst: ['indexed'] })
    renderShell('/reports', developer, { xrayApi: s.api }, effects)
    const form = await screen.findByRole('form', { name: 'New report' }, found)
    const failure = await within(form).findByRole('alert')
    expect(failure).toHaveTextContent('The indexed repositories could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    expect(await within(form).findByText(/No repository is indexed/)).toBeInTheDocument()
  })
})

/** An import of one advisory, stored, with its rescan as the platform answers it. */
const storedImport = (id: number, rescan: AdvisoryImport['rescan']): AdvisoryImport => ({
  id,
  source: `upload:${id}.json`,
  started: '2026-11-30T10:00:00Z',
  finished: '2026-11-30T10:00:01Z',
  ok: true,
  files: 1,
  advisories: 1,
  report: [],
  rescan,
})

describe('Administration: Xray settings', { timeout: 90_000 }, () => {
  it('Indexed Resources: an error with Retry, then the chosen repositories saved', async () => {
    const s = scanner({ indexed }, { failFirst: ['indexed'] })
    renderShell('/admin/xray/indexed_resources', admin, { xrayApi: s.api }, effects)
    const failure = await screen.findByRole('alert', {}, found)
    expect(failure).toHaveTextContent('The indexed resources could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const form = await screen.findByRole('form', { name: 'Indexed repositories' })
    expect(within(form).getByRole('checkbox', { name: 'npm-local' })).toBeChecked()
    await userEvent.click(within(form).getByRole('checkbox', { name: 'npm-remote' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Indexed repositories saved')
    expect(s.changes).toEqual([{ kind: 'saveIndexed', repositories: ['npm-local', 'npm-remote'] }])
  })

  it('Indexed Resources without repositories says to create one first', async () => {
    const s = scanner({ indexed: { repositories: [], available: [] } })
    renderShell('/admin/xray/indexed_resources', admin, { xrayApi: s.api }, effects)
    expect(await screen.findByText('No repositories yet', {}, found)).toBeInTheDocument()
  })

  it('Scans Settings: a bad retention is told and kept; a good one is saved', async () => {
    const s = scanner({
      settings: { scanDependencies: true, rescanAfterImport: true, retentionDays: 90 },
      notifications: [],
    })
    renderShell('/admin/xray/settings', admin, { xrayApi: s.api }, effects)
    const form = await screen.findByRole('form', { name: 'Scans settings' }, found)
    const days = within(form).getByRole('textbox', { name: /Keep the scan history/ })
    expect(days).toHaveValue('90')
    await userEvent.clear(days)
    await userEvent.type(days, '0')
    await userEvent.click(within(form).getByRole('checkbox', { name: /dependencies/ }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(days).toHaveAccessibleDescription(/\S/)
    expect(days).toHaveValue('0')
    expect(within(form).getByRole('checkbox', { name: /dependencies/ })).not.toBeChecked()
    expect(s.changes).toEqual([])
    await userEvent.clear(days)
    await userEvent.type(days, '30')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Scans settings saved')
    expect(s.changes).toEqual([
      {
        kind: 'saveSettings',
        settings: {
          scanDependencies: false,
          rescanAfterImport: true,
          retentionDays: 30,
          webhook: { kind: 'keep' },
        },
      },
    ])
  })

  it('Scans Settings: the webhook is kept only as an http(s) address; the notifications say how they went', async () => {
    const note = (id: number, status: string, lastError: string | null, attempts: number) => ({
      id,
      created: '2026-12-04T10:00:00Z',
      resource: 'npm://lodash@4.17.15',
      packageId: 'npm://lodash',
      version: '4.17.15',
      repo: 'npm-remote',
      watch: 'everything',
      policy: 'no-high',
      rule: 'high',
      type: 'security',
      issue: `GHSA-${id}`,
      component: 'lodash',
      severity: 'high',
      status,
      attempts,
      lastError,
      sentAt: status === 'sent' ? '2026-12-04T10:00:01Z' : null,
    })
    const s = scanner({
      settings: { scanDependencies: true, rescanAfterImport: true, retentionDays: 90, notifyTarget: null },
      notifications: [note(2, 'pending', 'the webhook answered 500', 1), note(1, 'sent', null, 1)],
    })
    const { app } = renderShell('/admin/xray/settings', admin, { xrayApi: s.api }, effects)
    const table = await screen.findByRole('table', { name: 'Notifications' }, found)
    await within(table).findByText('GHSA-2', {}, found)
    // A visible heading names the table, and the section it opens holds it.
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(within(region).getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible()
    expect(region).toContainElement(table)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(
        /GHSA-2.*lodash in lodash@4\.17\.15.*everything \/ no-high.*Waiting.*the webhook answered 500/,
      ),
      expect.stringMatching(/GHSA-1.*Sent/),
    ])
    const form = screen.getByRole('form', { name: 'Scans settings' })
    const hook = within(form).getByRole('textbox', { name: /Webhook for notifications/ })
    expect(hook).toHaveValue('')
    expect(within(form).queryByRole('checkbox', { name: /Remove the webhook/ })).toBeNull()
    await userEvent.type(hook, 'ftp://hooks.example.com/x')
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(hook).toHaveAccessibleDescription(/http\(s\) address/)
    expect(s.changes).toEqual([])
    await userEvent.clear(hook)
    const secretHook = 'https://hooks.example.com/services/T01/B02/s3cr3t-w3bh00k?token=t0k3n'
    await userEvent.type(hook, secretHook)
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Scans settings saved')
    // The address reaches the platform past the vault; the change, its events and the log hold a reference.
    expect(s.changes).toEqual([
      {
        kind: 'saveSettings',
        settings: {
          scanDependencies: true,
          rescanAfterImport: true,
          retentionDays: 90,
          webhook: { kind: 'set', ref: expect.any(String) },
        },
      },
    ])
    expect(s.webhooks).toEqual([secretHook])
    expect(app.exportLog()).toContain('xray/ChangeRequested')
    expect(app.exportLog()).not.toContain('s3cr3t')
    expect(app.exportLog()).not.toContain('/services/')
  })

  it('Scans Settings: a webhook set is told by its target only, kept, replaced or removed', async () => {
    const s = scanner({
      settings: {
        scanDependencies: true,
        rescanAfterImport: true,
        retentionDays: 90,
        notifyTarget: 'https://hooks.example.com',
      },
      notifications: [],
    })
    renderShell('/admin/xray/settings', admin, { xrayApi: s.api }, effects)
    const form = await screen.findByRole('form', { name: 'Scans settings' }, found)
    const hook = within(form).getByRole('textbox', { name: /New webhook for notifications/ })
    expect(hook).toHaveValue('')
    expect(hook).toHaveAccessibleDescription(/posted to a webhook at https:\/\/hooks\.example\.com; the rest/)
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await screen.findByText('Scans settings saved')
    const remove = within(form).getByRole('checkbox', { name: /Remove the webhook/ })
    await userEvent.click(remove)
    expect(hook).toBeDisabled()
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(s.changes).toHaveLength(2))
    expect(s.changes.map((c) => c.kind === 'saveSettings' && c.settings.webhook)).toEqual([
      { kind: 'keep' },
      { kind: 'remove' },
    ])
    expect(s.webhooks).toEqual([undefined, undefined])
  })

  it('Advisory Database: counts, a refused import’s reasons, and only http(s) addresses imported', async () => {
    const s = scanner(
      {
        database: {
          advisories: 12,
          by_severity: { critical: 2, high: 10 },
          scans: { scanned: 40, failed: 1 },
          scheduled_url: null,
          imports: [
            {
              id: 2,
              source: 'upload',
              started: '2026-11-30T10:00:00Z',
              finished: '2026-11-30T10:00:01Z',
              ok: false,
              files: 3,
              advisories: 0,
              report: [{ file: 'GHSA-bad.json', reason: 'unknown ecosystem Foo' }],
            },
          ],
        },
      },
      { refuse: () => ({ kind: 'status', status: 502, message: 'the address answered 404' }) },
    )
    renderShell('/admin/xray/advisories', admin, { xrayApi: s.api }, effects)
    const imports = await screen.findByRole('table', { name: 'Imports' }, found)
    expect(imports).toHaveTextContent('Refused')
    expect(imports).toHaveTextContent('GHSA-bad.json: unknown ecosystem Foo')
    expect(screen.getByText('Never')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Import advisories' })
    const address = within(form).getByRole('textbox', { name: 'Address of an OSV export' })
    const hostile = corpusLines('open-redirect')
      .filter((l) => !/^https?:\/\//i.test(l.trim()))
      .slice(0, 5)
    expect(hostile.length).toBe(5)
    for (const line of hostile) {
      await userEvent.clear(address)
      await userEvent.click(address)
      await userEvent.paste(line)
      await userEvent.click(within(form).getByRole('button', { name: 'Import' }))
      expect(address).toHaveAccessibleDescription(/http\(s\) address of an OSV export/)
      expect(address).toHaveValue(line)
    }
    expect(s.changes).toEqual([])
    await userEvent.clear(address)
    await userEvent.type(address, 'https://osv.example/npm/all.zip')
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The advisories were not imported: the address answered 404',
    )
    expect(address).toHaveValue('https://osv.example/npm/all.zip')
    expect(s.changes).toEqual([{ kind: 'importAdvisories', url: 'https://osv.example/npm/all.zip' }])
  })

  it('Advisory Database: a file is needed to import one; the chosen file goes to the platform', async () => {
    const s = scanner({
      database: { advisories: 0, by_severity: {}, scans: {}, scheduled_url: null, imports: [] },
    })
    renderShell('/admin/xray/advisories', admin, { xrayApi: s.api }, effects)
    const form = await screen.findByRole('form', { name: 'Import an advisory file' }, found)
    await userEvent.click(within(form).getByRole('button', { name: 'Import file' }))
    const picker = within(form).getByLabelText('OSV file (JSON or zip)')
    expect(picker).toHaveAccessibleDescription(/Choose an OSV export: a JSON file or a zip/)
    expect(s.changes).toEqual([])
    const file = new File(['[]'], 'GHSA-one.json', { type: 'application/json' })
    await userEvent.upload(picker, file)
    await userEvent.click(within(form).getByRole('button', { name: 'Import file' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Advisories imported from GHSA-one.json')
    expect(s.changes).toEqual([
      { kind: 'importAdvisoryFile', fileRef: expect.any(String), name: 'GHSA-one.json' },
    ])
    expect(s.files).toEqual([file])
    // The database is asked again once the import is done.
    expect(asked(s.asks, 'database')).toBe(2)
  })

  it("Advisory Database: an import's rescan as it goes, asked again until done; a failed one's Retry", async () => {
    const running = { status: 'running', scanned: 150, total: 600, finished: null, error: null } as const
    const failed = {
      status: 'failed',
      scanned: 0,
      total: 600,
      finished: '2026-11-30T09:00:05Z',
      error: 'no such table: xray_scans',
    } as const
    const database = (...imports: AdvisoryImport[]) => ({
      advisories: 3,
      by_severity: { low: 3 },
      scans: { scanned: 600 },
      scheduled_url: null,
      imports,
    })
    const s = scanner({
      database: database(storedImport(3, running), storedImport(2, failed), storedImport(1, null)),
    })
    const { ports } = renderShell('/admin/xray/advisories', admin, { xrayApi: s.api }, effects)
    const table = await screen.findByRole('table', { name: 'Imports' }, found)
    const bar = await within(table).findByRole('progressbar', { name: 'Rescan after upload:3.json' }, found)
    expect(bar).toHaveAttribute('aria-valuenow', '25')
    expect(bar).toHaveAttribute('aria-valuetext', '150 of 600 versions scanned')
    const row = (source: string) => within(table).getByRole('row', { name: new RegExp(source) })
    expect(row('upload:2.json')).toHaveTextContent('Rescan failed')
    expect(row('upload:2.json')).toHaveTextContent('no such table: xray_scans')
    expect(row('upload:1.json')).toHaveTextContent('Not asked')

    // Asked again while it runs; done, it is asked no more.
    s.answers.database = database(
      storedImport(3, { ...running, status: 'done', scanned: 600, finished: '2026-11-30T10:02:00Z' }),
      storedImport(2, failed),
      storedImport(1, null),
    )
    const before = asked(s.asks, 'database')
    await timeTo(ports.scheduler as VirtualTimeScheduler, REPORT_POLL_MS)
    await waitFor(() => expect(asked(s.asks, 'database')).toBe(before + 1))
    await waitFor(() => expect(row('upload:3.json')).toHaveTextContent('Rescanned'))
    expect(row('upload:3.json')).toHaveTextContent('600 versions')
    expect(within(table).queryByRole('progressbar')).toBeNull()
    await timeTo(ports.scheduler as VirtualTimeScheduler, 3 * REPORT_POLL_MS)
    expect(asked(s.asks, 'database')).toBe(before + 1)

    // Retry scans again for that import, and the database is asked again to show it.
    await userEvent.click(within(row('upload:2.json')).getByRole('button', { name: 'Retry' }))
    expect(s.changes).toEqual([{ kind: 'rescanImport', id: 2 }])
    await waitFor(() => expect(asked(s.asks, 'database')).toBe(before + 2))
  })

  // Issue 36: a rescan whose node died stayed running, and the page asked every second for ever.
  // The platform now answers it failed, interrupted, once the node's lease lapses
  // (tests/server/xray.rescanLease.test.ts); the page stops asking and offers Retry.
  it('Advisory Database: asks no more once the platform says a rescan was interrupted', async () => {
    const database = (rescan: AdvisoryImport['rescan']) => ({
      advisories: 1,
      by_severity: { low: 1 },
      scans: { scanned: 600 },
      scheduled_url: null,
      imports: [storedImport(7, rescan)],
    })
    const running = { status: 'running', scanned: 100, total: 600, finished: null, error: null } as const
    const s = scanner({ database: database(running) })
    const { ports } = renderShell('/admin/xray/advisories', admin, { xrayApi: s.api }, effects)
    const table = await screen.findByRole('table', { name: 'Imports' }, found)
    await within(table).findByRole('progressbar', { name: 'Rescan after upload:7.json' }, found)

    s.answers.database = database({
      ...running,
      status: 'failed',
      finished: '2026-11-30T10:10:00Z',
      error: 'interrupted: the node running the rescan stopped answering',
    })
    const before = asked(s.asks, 'database')
    await timeTo(ports.scheduler as VirtualTimeScheduler, REPORT_POLL_MS)
    await waitFor(() => expect(asked(s.asks, 'database')).toBe(before + 1))
    const row = within(table).getByRole('row', { name: /upload:7\.json/ })
    await waitFor(() => expect(row).toHaveTextContent('Rescan failed'))
    expect(row).toHaveTextContent('interrupted: the node running the rescan stopped answering')
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeEnabled()
    await timeTo(ports.scheduler as VirtualTimeScheduler, 5 * REPORT_POLL_MS)
    expect(asked(s.asks, 'database')).toBe(before + 1)
  })
})
