/**
 * A remote repository's form and its state in the list, on apps seeded by events with a fake
 * port: Test connection shows the platform's answer; the offline switch, periods, time-outs and
 * credentials are saved with the repository; a password goes to the platform but never into a
 * command, an event or the log; bad numbers get their message and lose nothing typed; a saved
 * remote's settings load with a skeleton and an error with Retry.
 */
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { ConnectionTestInput, RemoteSettingsInput, RepositoriesApi, Result } from '../../adapters/ports'
import type { ConnectionAnswer, RemoteSettings, RepositoryForm } from '../../domain/repositories'
import { repositoriesEffects } from '../../commands/effects/repositories'
import { namedEffects } from '../../commands/effects/lazy'
import { repositorySummary } from '../support/fixtures'
import { chromeEffects, renderShell } from './shellFixtures'
import forms from '../../ui/shared/forms.module.css'

const PASSWORD = 'upstream-pa55word'
const SAVED: RemoteSettings = {
  offline: true,
  metadataTtlSeconds: 120,
  connectTimeoutMs: 1500,
  readTimeoutMs: 2500,
  hasCredentials: true,
  lastFailure: null,
  lastFailureAt: null,
  lastSuccessAt: '2026-01-01T00:00:00.000Z',
}

function fakeApi(answers: {
  tests?: Array<Result<ConnectionAnswer>>
  remote?: Array<Result<RemoteSettings>>
}) {
  const calls = {
    tests: [] as ConnectionTestInput[],
    saved: [] as Array<{ form: RepositoryForm; create: boolean }>,
    remotes: [] as Array<{ key: string; settings: RemoteSettingsInput }>,
    loads: [] as string[],
  }
  // Never contacted: a new remote holds nothing, the seeded Debian one the sample catalogue.
  const remote = {
    ...repositorySummary('npm-remote', 'remote'),
    packageCount: 0,
    remote: { offline: false, lastFailure: null, lastFailureAt: null, lastSuccessAt: null },
  }
  const api: RepositoriesApi = {
    list: async () =>
      right([
        repositorySummary('npm-local', 'local'),
        remote,
        {
          ...repositorySummary('docs-remote', 'remote', 'generic'),
          remote: {
            offline: false,
            lastFailure: 'docs-remote: the upstream http://10.0.0.1/ is unreachable: cannot connect',
            lastFailureAt: '2026-01-02T00:00:00.000Z',
            lastSuccessAt: '2026-01-01T00:00:00.000Z',
          },
        },
        {
          ...repositorySummary('debian-remote', 'remote', 'debian'),
          packageCount: 825,
          remote: { offline: false, lastFailure: null, lastFailureAt: null, lastSuccessAt: null },
        },
        {
          ...repositorySummary('cold-remote', 'remote'),
          remote: { offline: true, lastFailure: null, lastFailureAt: null, lastSuccessAt: null },
        },
      ]),
    save: async (form, create) => {
      calls.saved.push({ form, create })
      return right(form.key)
    },
    remove: async () => right(undefined),
    createQuickly: async () => right({ created: [], existing: [] }),
    clientToken: async () => left({ kind: 'network', message: 'not faked' }),
    remote: async (key) => {
      calls.loads.push(key)
      return answers.remote?.shift() ?? right(SAVED)
    },
    saveRemote: async (key, settings) => {
      calls.remotes.push({ key, settings })
      return right({ ...SAVED, ...settings, hasCredentials: true })
    },
    testConnection: async (input) => {
      calls.tests.push(input)
      return answers.tests?.shift() ?? right({ result: 'reachable', url: `${input.url}/-/ping`, status: 200 })
    },
  }
  return { api, calls }
}

/** Replaces a field's text at once (typing it key by key is slow under jsdom, and tests no more). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field)
  await user.click(field)
  await user.paste(text)
}

const effects = namedEffects({ ...chromeEffects, repositories: repositoriesEffects })
const asAdmin = { user: { name: 'admin', admin: true } }

describe('remote repositories: the form', () => {
  it(
    'tests the typed address, shows what the platform found, and saves settings with write-only credentials',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup()
      const { api, calls } = fakeApi({
        tests: [
          right({ result: 'tls', url: 'https://127.0.0.1:4873/-/ping' }),
          right({ result: 'reachable', url: 'http://127.0.0.1:4873/-/ping', status: 200 }),
        ],
      })
      const { app } = renderShell(
        '/admin/repositories/remote/new',
        asAdmin,
        { repositoriesApi: api },
        effects,
      )
      const form = await screen.findByRole('form', { name: 'Repository' }, { timeout: 30_000 })
      // The upstream's fields are framed as every form's group of choices is, not in a look of their own.
      expect(within(form).getByRole('group', { name: 'Upstream' })).toHaveClass(forms.choices!)
      await fill(user, within(form).getByRole('textbox', { name: 'Repository key' }), 'upstream-remote')
      await fill(user, within(form).getByRole('textbox', { name: 'URL' }), 'https://127.0.0.1:4873')
      await user.click(within(form).getByRole('button', { name: 'Test connection' }))
      const result = within(form).getByRole('status', { name: 'Connection test' })
      await within(result).findByText(/The TLS connection failed/)
      expect(calls.tests[0]).toEqual({
        packageType: 'npm',
        url: 'https://127.0.0.1:4873',
        connectTimeoutMs: 10_000,
        readTimeoutMs: 30_000,
      })

      const url = within(form).getByRole('textbox', { name: 'URL' })
      await fill(user, url, 'http://127.0.0.1:4873')
      await fill(user, within(form).getByRole('textbox', { name: 'Username' }), 'ci')
      await fill(user, within(form).getByLabelText('Password'), PASSWORD)
      await user.click(within(form).getByRole('button', { name: 'Test connection' }))
      await within(result).findByText('Reachable: the upstream answered (HTTP 200)')
      expect(calls.tests[1]?.credentials).toEqual({ userName: 'ci', password: PASSWORD })

      // A time-out that is not a number: its message, and nothing typed is lost or sent.
      const read = within(form).getByRole('textbox', { name: 'Read time-out (ms)' })
      await fill(user, read, '5s')
      await user.click(within(form).getByRole('switch', { name: 'Offline (serve only what is cached)' }))
      await user.click(within(form).getByRole('button', { name: 'Create' }))
      expect(await within(form).findByText('Enter a whole number from 100 to 600000')).toBeInTheDocument()
      expect(read).toHaveAttribute('aria-invalid', 'true')
      expect(calls.saved).toHaveLength(0)
      expect(within(form).getByLabelText('Password')).toHaveValue(PASSWORD)

      await fill(user, read, '5000')
      await user.click(within(form).getByRole('button', { name: 'Create' }))
      await vi.waitFor(() => expect(calls.remotes).toHaveLength(1), { timeout: 5000 })
      expect(calls.saved[0]).toMatchObject({ create: true, form: { key: 'upstream-remote', kind: 'remote' } })
      expect(calls.remotes[0]).toEqual({
        key: 'upstream-remote',
        settings: {
          offline: true,
          metadataTtlSeconds: 600,
          connectTimeoutMs: 10_000,
          readTimeoutMs: 5000,
          credentials: { userName: 'ci', password: PASSWORD },
        },
      })
      // The password reached the port, never a command, an event or the log.
      expect(app.exportLog()).not.toContain(PASSWORD)
      expect(JSON.stringify(app.getState())).not.toContain(PASSWORD)
    },
  )

  it(
    'refuses a link-local or cloud metadata upstream in the URL field, keeping what was typed',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup()
      const { api, calls } = fakeApi({})
      renderShell('/admin/repositories/remote/new', asAdmin, { repositoriesApi: api }, effects)
      const form = await screen.findByRole('form', { name: 'Repository' }, { timeout: 30_000 })
      await fill(user, within(form).getByRole('textbox', { name: 'Repository key' }), 'meta-remote')
      const url = within(form).getByRole('textbox', { name: 'URL' })
      // 169.254.169.254 written as one number: the URL parser reads it so, and so does the form.
      await fill(user, url, 'http://2852039166/latest/meta-data/')
      await user.click(within(form).getByRole('button', { name: 'Create' }))
      const refused = 'Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used'
      expect(await within(form).findByText(refused)).toBeInTheDocument()
      expect(url).toHaveAttribute('aria-invalid', 'true')
      expect(url).toHaveAccessibleDescription(expect.stringContaining(refused))
      expect(url).toHaveValue('http://2852039166/latest/meta-data/')
      expect(calls.saved).toHaveLength(0)

      // Test connection does not ask the platform to call it either.
      await fill(user, url, 'http://[fe80::1]:4873')
      await user.click(within(form).getByRole('button', { name: 'Test connection' }))
      expect(await within(form).findByText(refused)).toBeInTheDocument()
      expect(calls.tests).toHaveLength(0)
      expect(url).toHaveValue('http://[fe80::1]:4873')
    },
  )

  it(
    'edits a saved remote: its settings as saved, credentials kept unless replaced or removed',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup()
      const { api, calls } = fakeApi({
        remote: [left({ kind: 'status', status: 500, message: 'Internal server error' })],
      })
      renderShell('/admin/repositories/edit/npm-remote', asAdmin, { repositoriesApi: api }, effects)
      const alert = await screen.findByRole('alert', {}, { timeout: 30_000 })
      expect(alert).toHaveTextContent(
        'The upstream settings of npm-remote could not be loaded: Internal server error.',
      )
      await user.click(within(alert).getByRole('button', { name: 'Retry' }))
      const form = await screen.findByRole('form', { name: 'Repository' })
      expect(calls.loads).toEqual(['npm-remote', 'npm-remote'])
      expect(within(form).getByRole('switch', { name: 'Offline (serve only what is cached)' })).toBeChecked()
      expect(within(form).getByRole('textbox', { name: 'Metadata retrieval period (seconds)' })).toHaveValue(
        '120',
      )
      expect(within(form).getByText(/Credentials are saved \(never shown\)/)).toBeInTheDocument()
      expect(within(form).getByLabelText('Password')).toHaveValue('')

      // Test connection of a saved remote names it, so the platform uses its saved credentials.
      await user.click(within(form).getByRole('button', { name: 'Test connection' }))
      await vi.waitFor(() => expect(calls.tests).toHaveLength(1), { timeout: 5000 })
      expect(calls.tests[0]).toMatchObject({ key: 'npm-remote', connectTimeoutMs: 1500 })
      expect(calls.tests[0]).not.toHaveProperty('credentials')

      await user.click(within(form).getByRole('button', { name: 'Save' }))
      await vi.waitFor(() => expect(calls.remotes).toHaveLength(1), { timeout: 5000 })
      expect(calls.remotes[0]?.settings).not.toHaveProperty('credentials')
    },
  )
})

describe('remote repositories: the list', () => {
  it(
    "shows each remote's upstream: not contacted, the sample catalogue, offline, unreachable since when and why",
    { timeout: 60_000 },
    async () => {
      const { api } = fakeApi({})
      renderShell('/repos', asAdmin, { repositoriesApi: api }, effects)
      const table = await screen.findByRole('table', { name: 'Repositories' }, { timeout: 30_000 })
      const row = async (key: string) =>
        (await within(table).findByRole('rowheader', { name: key })).closest('tr') as HTMLElement
      const fresh = await row('npm-remote')
      expect(within(fresh).getByText('Not contacted yet')).toBeInTheDocument()
      expect(within(fresh).queryByText(/Sample catalogue/)).toBeNull()
      // 825 packages beside "Never contacted" read as a remote that had lost its upstream.
      const sample = await row('debian-remote')
      expect(within(sample).getByText('Not contacted yet')).toBeInTheDocument()
      expect(within(sample).getByText('Sample catalogue')).toBeInTheDocument()
      expect(within(await row('cold-remote')).getByText('Offline')).toBeInTheDocument()
      const failing = await row('docs-remote')
      expect(within(failing).getByText('Unreachable')).toBeInTheDocument()
      expect(failing).toHaveTextContent(/is unreachable: cannot connect/)
      expect(within(failing).getByRole('time')).toHaveAttribute('datetime', '2026-01-02T00:00:00.000Z')
      expect(within(await row('npm-local')).queryByText(/Online|Offline|Unreachable/)).toBeNull()
    },
  )
})
