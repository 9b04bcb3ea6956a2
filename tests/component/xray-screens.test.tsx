// The security screens the Violations and Policies tests leave out, seeded by events with a fake
// scanner port: Watches, Scans List, Trends, Reports and Administration's Indexed Resources, Scans
// Settings and Advisory Database. Each shows its loading, its empty state and its failure with a
// Retry that asks again; forms say what is wrong and keep what was typed.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { xrayEffects } from '../../commands/effects/xray'
import type { Result, XrayApi } from '../../adapters/ports'
import type { Failure } from '../../domain/shared/failure'
import type {
  ScanView,
  ViolationView,
  XrayAnswer,
  XrayAsk,
  XrayChange,
  XrayDataOf,
  XrayWhat,
} from '../../domain/xray'
import { corpusLines } from '../support/corpora'
import { renderShell } from './shellFixtures'

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
  const failing = new Set(options.failFirst ?? [])
  const api: XrayApi = {
    load(ask): Promise<Result<XrayAnswer>> {
      asks.push(ask)
      if (failing.delete(ask.what)) return Promise.resolve(left({ kind: 'network', message: 'down' }))
      const data = answers[ask.what]
      if (data === undefined) return new Promise(() => undefined)
      return Promise.resolve(right({ what: ask.what, data } as XrayAnswer))
    },
    change(c) {
      changes.push(c)
      const refused = options.refuse?.(c)
      return Promise.resolve(refused ? left(refused) : right(undefined))
    },
  }
  return { api, asks, changes, answers }
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
const violation: ViolationView = {
  id: 3,
  versionId: 'npm://minimist@1.2.5',
  packageName: 'minimist',
  version: '1.2.5',
  repo: 'npm-local',
  watch: 'all-npm',
  policy: 'no-critical',
  rule: 'critical',
  type: 'security',
  issue: 'GHSA-xvch-5gv4-984h',
  component: 'minimist',
  severity: 'critical',
  blockDownload: true,
  failBuild: false,
  notify: false,
  created: '2026-11-25T10:00:00Z',
}
const indexed = { repositories: ['npm-local'], available: ['npm-local', 'npm-remote'] }

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
    renderShell('/watches', developer, { xrayApi: scanner({ watches: [watch] }).api }, effects)
    const table = await screen.findByRole('table', { name: 'Watches' }, found)
    const row = (await within(table).findByRole('rowheader', { name: 'all-npm' })).closest('tr')!
    expect(row).toHaveTextContent('All repositories')
    expect(row).toHaveTextContent('no-critical')
    expect(within(row).getByRole('link', { name: 'Violations' })).toHaveAttribute(
      'href',
      '/ui/violations?watch=all-npm',
    )
    expect(screen.queryByRole('button', { name: 'New watch' })).toBeNull()
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull()
  })

  it('the form’s repositories retry after a failure; a watch needs one; then it is created', async () => {
    const s = scanner({ watches: [], indexed, policies: [] }, { failFirst: ['indexed'] })
    renderShell('/watches', admin, { xrayApi: s.api }, effects)
    await userEvent.click((await screen.findAllByRole('button', { name: 'New watch' }, found))[0]!)
    const form = await screen.findByRole('form', { name: 'Watch' })
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
    const s = scanner({ scans: { total: 1, rows: [scan('minimist', '1.2.5')] } })
    renderShell('/scans', admin, { xrayApi: s.api }, effects)
    await userEvent.click(await screen.findByRole('button', { name: 'Rescan npm://minimist@1.2.5' }, found))
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
    expect(
      await screen.findByRole('img', {
        name: 'Vulnerabilities and violations over 1 scan runs; the most is 4',
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Vulnerabilities: 3 now')
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Violations: 4 now')
    const runs = screen.getByRole('table', { name: 'Scan runs' })
    expect(within(runs).getAllByRole('row')).toHaveLength(2)
  })

  it('a period without scan runs says so; loading is announced', async () => {
    const shown = renderShell('/trends', developer, { xrayApi: scanner({}).api }, effects)
    expect(await screen.findByRole('status', { name: 'Loading the trends' }, found)).toBeInTheDocument()
    shown.view.unmount()
    renderShell('/trends', developer, { xrayApi: scanner({ trends: [] }).api }, effects)
    expect(await screen.findByText('No scan runs in this period', {}, found)).toBeInTheDocument()
  })
})

describe('Reports', { timeout: 90_000 }, () => {
  it('a report over a chosen repository, its count and exports; a failure retries the same report', async () => {
    const s = scanner({ indexed }, { failFirst: ['report'] })
    renderShell('/reports', developer, { xrayApi: s.api }, effects)
    expect(await screen.findByText('No report yet', {}, found)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Report' })
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'npm-local' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Generate report' }))
    const failure = await screen.findByRole('alert')
    expect(failure).toHaveTextContent('The report could not be made')
    s.answers.report = { kind: 'violations', rows: [violation] }
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const result = await screen.findByRole('region', { name: 'Report result' })
    expect(within(result).getByRole('status')).toHaveTextContent('1 violation in the report')
    expect(within(result).getByRole('button', { name: 'Export CSV' })).toBeEnabled()
    expect(within(result).getByRole('button', { name: 'Export JSON' })).toBeEnabled()
    const reports = s.asks.filter((a) => a.what === 'report')
    expect(reports).toHaveLength(2)
    expect(reports[1]).toEqual({ what: 'report', kind: 'violations', repositories: ['npm-local'] })
  })

  it('the repositories’ failure is told inside the form, with Retry', async () => {
    const s = scanner({ indexed: { repositories: [], available: ['npm-local'] } }, { failFirst: ['indexed'] })
    renderShell('/reports', developer, { xrayApi: s.api }, effects)
    const form = await screen.findByRole('form', { name: 'Report' }, found)
    const failure = await within(form).findByRole('alert')
    expect(failure).toHaveTextContent('The indexed repositories could not be loaded')
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    expect(await within(form).findByText(/No repository is indexed/)).toBeInTheDocument()
  })
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
    const s = scanner({ settings: { scanDependencies: true, rescanAfterImport: true, retentionDays: 90 } })
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
        settings: { scanDependencies: false, rescanAfterImport: true, retentionDays: 30 },
      },
    ])
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
})
