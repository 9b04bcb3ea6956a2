/**
 * A version's page says where the version comes from (local, cached from which remote and
 * upstream, when) and, for a remote's record that is not cached, whether installing it can
 * work: the page asks the upstream whether it has the version, fetched on the first install,
 * or not (offline, the upstream without it, or unreachable since it last answered), in which
 * case the install command is not offered and, while unreachable, Retry asks again.
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import PackagesArea from '../../ui/packages'
import type { Provenance, VersionDetail } from '../../domain/packages/types'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { renderArea } from './packagesHarness'
import details from '../../ui/packages/details.module.css'

const PATTERN = '/packages/:packageId?/:versionId?'
const UPSTREAM = 'http://127.0.0.1:4873/'

type NotCached = Extract<Provenance, { kind: 'notCached' }>
const notCached = (over: Partial<NotCached> = {}): NotCached => ({
  kind: 'notCached',
  repository: 'npm-remote',
  upstream: UPSTREAM,
  offline: false,
  lastFailure: null,
  lastFailureAt: null,
  lastSuccessAt: null,
  ...over,
})

const UNREACHABLE = notCached({
  lastFailure: 'npm-remote: the upstream refused the connection (http://127.0.0.1:4873/react)',
  lastFailureAt: '2026-06-01T10:05:00.000Z',
  lastSuccessAt: '2026-06-01T09:00:00.000Z',
})

/** The version's page; `answer`: what its remote says when the page asks the upstream. */
function open(provenance: Provenance | undefined, answer?: Provenance) {
  const pkg = makePackage('react', { latestVersion: '18.2.0' })
  const version: VersionDetail = makeVersion(pkg, '18.2.0', provenance ? { provenance } : {})
  const upstream = answer ? { [version.id]: answer } : {}
  const api = fakePackagesApi({ packages: [pkg], versions: { [pkg.id]: [version] }, upstream })
  const view = renderArea(<PackagesArea />, {
    path: '/packages/npm%3A%2F%2Freact/18.2.0',
    pattern: PATTERN,
    api,
  })
  return { ...view, version }
}

const facts = () => screen.getByRole('complementary', { name: 'Version facts' })

/** The facts' Source value (the repository's key is an element of its own, kept whole on its line). */
const source = () => within(facts()).getByText('Source', { selector: 'dt' }).nextElementSibling as HTMLElement

/** The install command, with the note that the first install fetches the version upstream. */
async function expectFetchedOnFirstInstall() {
  expect(
    await screen.findByText(`Not cached yet: npm-remote fetches it from ${UPSTREAM} on the first install.`),
  ).toBeInTheDocument()
  expect(screen.getByTestId('install-command')).toHaveTextContent('npm i react@18.2.0')
  expect(screen.queryByRole('alert', { name: 'Not installable' })).toBeNull()
}

describe('where a version comes from', { timeout: 20_000 }, () => {
  it('a cached version names its remote, upstream and when, and offers the install command', async () => {
    open({
      kind: 'cached',
      repository: 'npm-remote',
      upstream: UPSTREAM,
      cachedAt: '2026-06-01T10:00:00.000Z',
    })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    expect(source()).toHaveTextContent(`Cached from npm-remote (${UPSTREAM}),`)
    expect(source().querySelector('time')).toHaveAttribute('datetime', '2026-06-01T10:00:00.000Z')
    expect(screen.getByTestId('install-command')).toHaveTextContent('npm i react@18.2.0')
    expect(screen.queryByRole('alert', { name: 'Not installable' })).toBeNull()
  })

  it('a local version says so', async () => {
    open({ kind: 'local', repository: 'npm-local' })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    expect(source()).toHaveTextContent(/^Local, in npm-local$/)
    expect(screen.getByTestId('install-command')).toBeInTheDocument()
  })

  it('a record not cached: the page asks the upstream, which has it, so the first install fetches it', async () => {
    const answers = notCached({ lastSuccessAt: '2026-06-01T10:00:00.000Z' })
    const { api, version } = open(answers, { ...answers, inUpstream: true })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    await expectFetchedOnFirstInstall()
    expect(source()).toHaveTextContent(/^Not cached in npm-remote/)
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)).toEqual([
      [version.id],
    ])
  })

  it('a record not cached that the upstream does not have: no install command, and why', async () => {
    const answers = notCached({ lastSuccessAt: '2026-06-01T10:00:00.000Z' })
    const { api, version } = open(answers, { ...answers, inUpstream: false })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    const alert = await screen.findByRole('alert', { name: 'Not installable' })
    expect(alert).toHaveTextContent(
      `Not cached, and ${UPSTREAM} does not have this version: npm-remote cannot fetch it, so it cannot be installed.`,
    )
    // The upstream's answer, not a failure: no Retry, a warning's colours.
    expect(alert).toHaveAttribute('data-tone', 'warning')
    expect(within(alert).queryByRole('button')).toBeNull()
    expect(screen.queryByTestId('install-command')).toBeNull()
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)).toEqual([
      [version.id],
    ])
  })

  it('a cached or local version is not asked about upstream', async () => {
    const { api } = open({ kind: 'local', repository: 'npm-local' })
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    await screen.findByText('No dependencies.')
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream')).toEqual([])
  })

  it('unreachable: no install command, the failure and when, and Retry that asks again', async () => {
    const { api, version } = open(UNREACHABLE)
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    const alert = screen.getByRole('alert', { name: 'Not installable' })
    expect(alert).toHaveTextContent('Not cached, and the upstream is unreachable')
    expect(alert).toHaveTextContent(UNREACHABLE.lastFailure!)
    expect(alert).toHaveAttribute('data-tone', 'danger')
    expect(alert.querySelector('time')).toHaveAttribute('datetime', '2026-06-01T10:05:00.000Z')
    expect(screen.queryByTestId('install-command')).toBeNull()

    // Still failing: the alert stays, with the newer failure's time.
    api.catalogue.upstream[version.id] = { ...UNREACHABLE, lastFailureAt: '2026-06-01T10:07:00.000Z' }
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Not installable' }).querySelector('time')).toHaveAttribute(
        'datetime',
        '2026-06-01T10:07:00.000Z',
      ),
    )
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)).toEqual([
      [version.id],
    ])

    // The upstream answers again: the command comes back, fetched on the first install.
    api.catalogue.upstream[version.id] = { ...UNREACHABLE, lastSuccessAt: '2026-06-01T10:08:00.000Z' }
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByTestId('install-command')).toHaveTextContent('npm i react@18.2.0')
    expect(screen.queryByRole('alert', { name: 'Not installable' })).toBeNull()
    expect(screen.getByText(/Not cached yet: npm-remote fetches it/)).toBeInTheDocument()
  })

  it('Retry finds the upstream answering again: the version is asked about, and its answer shown', async () => {
    const { api, version } = open(UNREACHABLE)
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    // The remote answers again, but this answer does not say whether the upstream has the version
    // (another request reached it first); asked about the version, the upstream lacks it.
    const answering = { ...UNREACHABLE, lastSuccessAt: '2026-06-01T10:08:00.000Z' }
    const answers: Provenance[] = [answering, { ...answering, inUpstream: false }]
    Object.defineProperty(api.catalogue.upstream, version.id, {
      get: () => (answers.length > 1 ? answers.shift() : answers[0]),
      configurable: true,
    })
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    const alert = await screen.findByRole('alert', { name: 'Not installable' })
    await waitFor(() => expect(alert).toHaveTextContent(`${UPSTREAM} does not have this version`))
    expect(screen.queryByTestId('install-command')).toBeNull()
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)).toEqual([
      [version.id],
      [version.id],
    ])
  })

  it('an ask whose answer does not say is not repeated: one question, the command as before', async () => {
    const answering = { ...UNREACHABLE, lastSuccessAt: '2026-06-01T10:08:00.000Z' }
    const { api, version } = open(notCached({ lastSuccessAt: '2026-06-01T10:00:00.000Z' }), answering)
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    await expectFetchedOnFirstInstall()
    await screen.findByText('No README for this version')
    expect(api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)).toEqual([
      [version.id],
    ])
  })

  it('says when the upstream could not be asked again, and keeps Retry', async () => {
    const { api } = open(UNREACHABLE)
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    api.catalogue.failures.checkUpstream = { kind: 'network', message: 'offline' }
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    const alert = screen.getByRole('alert', { name: 'Not installable' })
    await waitFor(() => expect(alert).toHaveTextContent('The upstream could not be asked again.'))
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
  })

  it('an offline remote: not installable, and no Retry (only the switch changes it)', async () => {
    open(notCached({ offline: true }))
    await screen.findByRole('heading', { level: 1, name: 'react 18.2.0' }, { timeout: 15_000 })
    const alert = screen.getByRole('alert', { name: 'Not installable' })
    expect(alert).toHaveTextContent('Not cached, and npm-remote is offline')
    // An admin's choice, not a failure: a warning's colours, not the unreachable upstream's red.
    expect(alert).toHaveAttribute('data-tone', 'warning')
    expect(within(alert).queryByRole('button')).toBeNull()
    expect(screen.queryByTestId('install-command')).toBeNull()
  })
})

/** The package's page, its newest version `latest` with `provenance`; `answer`: the upstream's. */
function openPackage(provenance: Provenance, answer?: Provenance) {
  const pkg = makePackage('react', { latestVersion: '18.2.0' })
  const latest: VersionDetail = makeVersion(pkg, '18.2.0', { provenance })
  const older: VersionDetail = makeVersion(pkg, '18.1.0', {
    provenance: { kind: 'local', repository: 'npm-local' },
  })
  const upstream = answer ? { [latest.id]: answer } : {}
  const api = fakePackagesApi({ packages: [pkg], versions: { [pkg.id]: [latest, older] }, upstream })
  const view = renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Freact', pattern: PATTERN, api })
  return { ...view, latest }
}

const asked = (api: ReturnType<typeof openPackage>['api']) =>
  api.catalogue.calls.filter((c) => c.name === 'checkUpstream').map((c) => c.args)

describe("the package page's install command, which names the newest version", { timeout: 20_000 }, () => {
  const answers = notCached({ lastSuccessAt: '2026-06-01T10:00:00.000Z' })

  it('the upstream lacks the newest version: no command, and why', async () => {
    const { api, latest } = openPackage(answers, { ...answers, inUpstream: false })
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    const alert = await screen.findByRole('alert', { name: 'Not installable' })
    expect(alert).toHaveTextContent(
      `Not cached, and ${UPSTREAM} does not have version 18.2.0: npm-remote cannot fetch it, so it cannot be installed.`,
    )
    expect(alert).toHaveAttribute('data-tone', 'warning')
    expect(screen.queryByTestId('install-command')).toBeNull()
    expect(asked(api)).toEqual([[latest.id]])
  })

  it('the upstream has it: the command, fetched on the first install', async () => {
    const { api, latest } = openPackage(answers, { ...answers, inUpstream: true })
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    await expectFetchedOnFirstInstall()
    expect(asked(api)).toEqual([[latest.id]])
  })

  it('what the platform already heard from the upstream is not asked again', async () => {
    const { api } = openPackage({ ...answers, inUpstream: false })
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    expect(screen.getByRole('alert', { name: 'Not installable' })).toHaveTextContent(
      'does not have version 18.2.0',
    )
    await screen.findByText('No README for this version')
    expect(asked(api)).toEqual([])
  })

  it('unreachable: no command, and Retry asks again', async () => {
    const { api, latest } = openPackage(UNREACHABLE)
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    const alert = screen.getByRole('alert', { name: 'Not installable' })
    expect(alert).toHaveTextContent('so version 18.2.0 cannot be installed now.')
    expect(screen.queryByTestId('install-command')).toBeNull()
    api.catalogue.upstream[latest.id] = { ...UNREACHABLE, lastSuccessAt: '2026-06-01T10:08:00.000Z' }
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByTestId('install-command')).toHaveTextContent('npm i react@18.2.0')
    // Answering again, the upstream is asked about the version itself (its answer still does not say).
    await waitFor(() => expect(asked(api)).toEqual([[latest.id], [latest.id]]))
  })

  it('an offline remote: no command', async () => {
    openPackage(notCached({ offline: true }))
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    expect(screen.getByRole('alert', { name: 'Not installable' })).toHaveTextContent(
      'npm-remote is offline: it serves only what it has cached, so version 18.2.0 cannot be installed now.',
    )
    expect(screen.queryByTestId('install-command')).toBeNull()
  })
})

describe('where the package page says its versions come from', { timeout: 20_000 }, () => {
  it('its facts name each source once, and each release its own', async () => {
    // The newest cached from the remote, the older (openPackage) local.
    openPackage({
      kind: 'cached',
      repository: 'npm-remote',
      upstream: UPSTREAM,
      cachedAt: '2026-06-01T10:00:00.000Z',
    })
    await screen.findByRole('heading', { level: 1, name: 'react' }, { timeout: 15_000 })
    const facts = screen.getByRole('complementary', { name: 'Package facts' })
    const sources = within(facts).getByText('Source', { selector: 'dt' }).nextElementSibling as HTMLElement
    expect(Array.from(sources.children, (c) => c.textContent)).toEqual([
      'Cached from npm-remote',
      'Local, in npm-local',
    ])
    // Each key whole on its line, as on a version's page: at 1440 px 'npm-' ended one line.
    expect(within(sources).getByText('npm-remote', { exact: true })).toHaveClass(details.nowrap!)
    await userEvent.click(screen.getByRole('tab', { name: 'Releases' }))
    const [, newest, older] = within(await screen.findByRole('table', { name: 'Releases' })).getAllByRole(
      'row',
    )
    expect(within(newest!).getByRole('cell', { name: 'Cached from npm-remote' })).toBeInTheDocument()
    expect(within(newest!).getByText('npm-remote', { exact: true })).toHaveClass(details.nowrap!)
    expect(within(older!).getByRole('cell', { name: 'Local, in npm-local' })).toBeInTheDocument()
  })
})

describe('where versions come from, past the first page of versions', { timeout: 30_000 }, () => {
  it('the versions of a later page say their own source, in the facts and the releases', async () => {
    const count = 150
    const pkg = makePackage('paged', { versionsCount: count, latestVersion: `1.0.${count}` })
    // The newest 100 (the first page) local, the older 50 cached from the remote.
    const versions = Array.from({ length: count }, (_, i) =>
      makeVersion(pkg, `1.0.${count - i}`, {
        provenance:
          i < 100
            ? { kind: 'local', repository: 'npm-local' }
            : {
                kind: 'cached',
                repository: 'npm-remote',
                upstream: UPSTREAM,
                cachedAt: '2026-06-01T10:00:00.000Z',
              },
      }),
    )
    const api = fakePackagesApi({ packages: [pkg], versions: { [pkg.id]: versions } })
    renderArea(<PackagesArea />, { path: '/packages/npm%3A%2F%2Fpaged', pattern: PATTERN, api })
    await screen.findByRole('heading', { level: 1, name: 'paged' }, { timeout: 15_000 })
    const sources = () => {
      const facts = screen.getByRole('complementary', { name: 'Package facts' })
      const value = within(facts).getByText('Source', { selector: 'dt' }).nextElementSibling as HTMLElement
      return Array.from(value.children, (c) => c.textContent)
    }
    expect(sources()).toEqual(['Local, in npm-local'])
    await userEvent.click(screen.getByRole('button', { name: 'Load more versions' }))
    await waitFor(() => expect(sources()).toEqual(['Local, in npm-local', 'Cached from npm-remote']))
    await userEvent.click(screen.getByRole('tab', { name: 'Releases' }))
    const table = await screen.findByRole('table', { name: 'Releases' })
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name, { exact: true }))!
    expect(within(row('1.0.150')).getByRole('cell', { name: 'Local, in npm-local' })).toBeInTheDocument()
    expect(within(row('1.0.1')).getByRole('cell', { name: 'Cached from npm-remote' })).toBeInTheDocument()
  })
})
