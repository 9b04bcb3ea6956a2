// The security screens seeded by events with a fake scanner port: Violations (loading, empty,
// error with Retry, an ignore rule made from a violation), Policies (a form that keeps what was
// typed and says what is wrong), Scans List and the Xray Data tab's vulnerabilities.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { xrayEffects } from '../../commands/effects/xray'
import type { Result, XrayApi } from '../../adapters/ports'
import type { PolicyView, XrayAnswer, XrayAsk, XrayChange, ViolationView } from '../../domain/xray'
import { renderShell } from './shellFixtures'
import { optionNames } from '../support/kitSelect'

const effects = { ...navigationEffects, ...xrayEffects }
const admin = { user: { name: 'admin', admin: true } } as const
const developer = { user: { name: 'developer' } } as const

const violation: ViolationView = {
  id: 7,
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

/** A scanner that keeps violations and ignore rules as the platform would, and records what it was asked. */
function scanner(
  options: {
    failFirst?: boolean
    failFilters?: boolean
    rows?: readonly ViolationView[]
    policies?: ReadonlyArray<PolicyView>
  } = {},
) {
  const asks: XrayAsk[] = []
  const changes: XrayChange[] = []
  let ignored = false
  let fail = options.failFirst === true
  // The watches and policies the filters offer fail once each.
  const failing = new Set<string>(options.failFilters ? ['watches', 'policies'] : [])
  const api: XrayApi = {
    load(ask): Promise<Result<XrayAnswer>> {
      asks.push(ask)
      if (fail && ask.what === 'violations') {
        fail = false
        return Promise.resolve(left({ kind: 'network', message: 'down' }))
      }
      if (failing.delete(ask.what)) return Promise.resolve(left({ kind: 'network', message: 'down' }))
      switch (ask.what) {
        case 'violations':
          return Promise.resolve(
            right({
              what: 'violations',
              data: ignored
                ? { total: 0, rows: [] }
                : { total: options.rows?.length ?? 1, rows: [...(options.rows ?? [violation])] },
            }),
          )
        case 'watches':
          return Promise.resolve(
            right({
              what: 'watches',
              data: options.failFilters
                ? [
                    {
                      name: 'all-npm',
                      description: '',
                      resources: { kind: 'all' },
                      policies: ['no-critical'],
                    },
                  ]
                : [],
            }),
          )
        case 'policies':
          return Promise.resolve(right({ what: 'policies', data: [...(options.policies ?? [])] }))
        default:
          return new Promise(() => undefined)
      }
    },
    change(c) {
      changes.push(c)
      if (c.kind === 'ignore') ignored = true
      if (c.kind === 'savePolicy' && c.policy.name === 'taken')
        return Promise.resolve(left({ kind: 'status', status: 409, message: 'A policy named taken exists' }))
      return Promise.resolve(right(undefined))
    },
  }
  return { api, asks, changes }
}

describe('Violations', { timeout: 60_000 }, () => {
  it('an error says what happened, and Retry loads the list', async () => {
    const s = scanner({ failFirst: true })
    renderShell('/violations', developer, { xrayApi: s.api }, effects)
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 })
    expect(alert).toHaveTextContent('The violations could not be loaded')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    const table = await screen.findByRole('table', { name: 'Violations' })
    expect(await within(table).findByRole('button', { name: 'GHSA-xvch-5gv4-984h' })).toBeInTheDocument()
    expect(within(table).getByText('Blocks download')).toBeInTheDocument()
  })

  it('says when the watches and policies to filter by could not be loaded, and Retry loads them', async () => {
    const s = scanner({ failFilters: true })
    renderShell('/violations', developer, { xrayApi: s.api }, effects)
    await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The watches and policies to filter by could not be loaded')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(s.asks.filter((a) => a.what === 'watches')).toHaveLength(2)
    expect(s.asks.filter((a) => a.what === 'policies')).toHaveLength(2)
    const user = userEvent.setup()
    expect(await optionNames(user, screen.getByRole('combobox', { name: 'Watch' }))).toEqual([
      'Any watch',
      'all-npm',
    ])
  })

  it('a filter asks the platform again with it, from the first page', async () => {
    const s = scanner()
    renderShell('/violations', developer, { xrayApi: s.api }, effects)
    await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 })
    await userEvent.type(screen.getByRole('textbox', { name: 'Resource' }), 'minimist')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() =>
      expect(s.asks.filter((a) => a.what === 'violations').at(-1)).toEqual({
        what: 'violations',
        query: { offset: 0, limit: 25, resource: 'minimist' },
      }),
    )
  })

  it('a git repository’s link asks for its violations only, and the filter shows it', async () => {
    const s = scanner()
    renderShell('/violations?resource=git%3A%2F%2Focto%2Focto%2Fweb', developer, { xrayApi: s.api }, effects)
    await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 })
    expect(s.asks.filter((a) => a.what === 'violations')).toEqual([
      { what: 'violations', query: { offset: 0, limit: 25, resource: 'git://octo/octo/web' } },
    ])
    expect(screen.getByRole('textbox', { name: 'Resource' })).toHaveValue('git://octo/octo/web')
  })

  it('a developer reads a violation’s details but makes no exception', async () => {
    renderShell('/violations', developer, { xrayApi: scanner().api }, effects)
    await userEvent.click(
      await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'GHSA-xvch-5gv4-984h in minimist' })
    expect(within(dialog).getByRole('link', { name: 'GHSA-xvch-5gv4-984h' })).toHaveAttribute(
      'href',
      'https://github.com/advisories/GHSA-xvch-5gv4-984h',
    )
    expect(within(dialog).queryByRole('form', { name: 'Ignore rule' })).toBeNull()
  })

  it('a build’s violation names the build and the version of it the violation was found in', async () => {
    const ofBuild: ViolationView = {
      ...violation,
      id: -(2 ** 40) - 3,
      versionId: 'build://shop-web/7',
      packageName: 'shop-web',
      version: '7',
      repo: '',
      foundIn: { versionId: 'npm://minimist@1.2.5', repo: 'npm-local' },
    }
    renderShell('/violations', developer, { xrayApi: scanner({ rows: [ofBuild] }).api }, effects)
    await userEvent.click(
      await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'GHSA-xvch-5gv4-984h in minimist' })
    expect(within(dialog).getByRole('link', { name: 'shop-web/7' })).toHaveAttribute(
      'href',
      '/ui/builds/shop-web/7',
    )
    const foundIn = within(dialog).getByText('Found in').nextElementSibling as HTMLElement
    expect(foundIn).toHaveTextContent('minimist@1.2.5 in npm-local')
    expect(within(foundIn).getByRole('link', { name: 'minimist@1.2.5' })).toHaveAttribute(
      'href',
      '/ui/packages/npm%3A%2F%2Fminimist/1.2.5',
    )
  })

  it('an admin’s ignore rule needs a reason (what was typed stays), then lifts the violation', async () => {
    const s = scanner()
    renderShell('/violations', admin, { xrayApi: s.api }, effects)
    await userEvent.click(
      await screen.findByRole('button', { name: 'GHSA-xvch-5gv4-984h' }, { timeout: 30_000 }),
    )
    const form = await screen.findByRole('form', { name: 'Ignore rule' })
    await userEvent.type(within(form).getByRole('textbox', { name: /Expires on/ }), '2020-01-01')
    await userEvent.click(within(form).getByRole('button', { name: 'Add ignore rule' }))
    expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      /This field is mandatory|mandatory/i,
    )
    expect(within(form).getByRole('textbox', { name: /Expires on/ })).toHaveValue('2020-01-01')
    expect(within(form).getByRole('textbox', { name: /Expires on/ })).toHaveAccessibleDescription(
      /after today/,
    )
    expect(s.changes).toEqual([])
    await userEvent.clear(within(form).getByRole('textbox', { name: /Expires on/ }))
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Not reachable from our code')
    await userEvent.click(within(form).getByRole('button', { name: 'Add ignore rule' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(s.changes).toEqual([
      {
        kind: 'ignore',
        rule: {
          reason: 'Not reachable from our code',
          issue: 'GHSA-xvch-5gv4-984h',
          version: 'npm://minimist@1.2.5',
        },
      },
    ])
    expect(await screen.findByText('No violations')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Ignore rule added')
  })
})

describe('Policies', { timeout: 60_000 }, () => {
  it('empty: says what a policy is, with the way to make one', async () => {
    renderShell('/policies', admin, { xrayApi: scanner().api }, effects)
    expect(await screen.findByText('No policies yet', {}, { timeout: 30_000 })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'New policy' }).length).toBeGreaterThan(0)
  })

  it('says a single rule as a sentence, and lists two or more', async () => {
    const rule = (name: string, minSeverity: 'high' | 'critical') => ({
      name,
      criteria: { kind: 'security' as const, minSeverity },
      actions: { blockDownload: true, failBuild: false, notify: false },
    })
    const policy = (name: string, rules: PolicyView['rules']): PolicyView => ({
      name,
      description: '',
      type: 'security',
      rules,
      watches: [],
    })
    const policies = [
      policy('one-rule', [rule('critical', 'critical')]),
      policy('two-rules', [rule('critical', 'critical'), rule('high', 'high')]),
    ]
    renderShell('/policies', developer, { xrayApi: scanner({ policies }).api }, effects)
    const table = await screen.findByRole('table', { name: 'Policies' }, { timeout: 30_000 })
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) })
    const one = await within(table).findByRole('row', { name: /^one-rule/ })
    expect(within(one).queryByRole('list')).toBeNull()
    expect(one).toHaveTextContent('Critical severity and above → blocks download')
    expect(within(within(row('two-rules')).getByRole('list')).getAllByRole('listitem')).toHaveLength(2)
  })

  it('the form says what is wrong and keeps what was typed when the platform refuses', async () => {
    const s = scanner()
    renderShell('/policies', admin, { xrayApi: s.api }, effects)
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'New policy' }, { timeout: 30_000 }))[0]!,
    )
    const form = await screen.findByRole('form', { name: 'Policy' })
    // The kit's order, as every other form: Cancel, then the primary action last.
    expect(
      within(form)
        .getAllByRole('button')
        .slice(-2)
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Create policy'])
    const name = within(form).getByRole('textbox', { name: /^Name/ })
    await userEvent.type(name, 'bad name')
    await userEvent.type(within(form).getByRole('textbox', { name: /Least CVSS score/ }), '12')
    await userEvent.click(within(form).getByRole('button', { name: 'Create policy' }))
    expect(name).toHaveAccessibleDescription(/alphanumeric/)
    expect(within(form).getByRole('textbox', { name: /Least CVSS score/ })).toHaveAccessibleDescription(
      /from 0 to 10/,
    )
    expect(s.changes).toEqual([])
    await userEvent.clear(name)
    await userEvent.type(name, 'taken')
    await userEvent.clear(within(form).getByRole('textbox', { name: /Least CVSS score/ }))
    await userEvent.click(within(form).getByRole('button', { name: 'Create policy' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Policy taken was not saved: A policy named taken exists',
    )
    expect(name).toHaveValue('taken')
    expect(s.changes[0]).toMatchObject({
      kind: 'savePolicy',
      create: true,
      policy: { name: 'taken', type: 'security' },
    })
  })
})
