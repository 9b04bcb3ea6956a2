/**
 * The git integration screens on apps seeded by events, with a fake integrations port: the
 * vendor table's loading, error with Retry and empty states; the modal's rules (Test disabled on
 * an invalid form, a failed test's text, Create once tested, the token sent by reference and
 * never in the log); and the select-repositories screen saving the chosen repositories.
 */
import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import GitScreens from '../../ui/integrations/GitScreens'
import type { GitIntegrationForm, IntegrationsApi } from '../../adapters/ports'
import type { GitRepository, VendorIntegrations } from '../../domain/integrations'
import { notFaked } from '../support/fakePorts'
import { platformWith, renderArea, signedIn } from './packagesHarness'
import { chromeEffects, renderShell } from './shellFixtures'
import { integrationsEffects } from '../../commands/effects/integrations'

const EMPTY: VendorIntegrations = { vendor: 'github', integrations: [], configuredServices: [] }
const ONE: VendorIntegrations = {
  vendor: 'github',
  integrations: [
    {
      integrationKey: 'github-1',
      integrationName: 'main-github',
      userName: 'octo',
      url: 'https://api.github.com/',
      connectedServices: ['xray'],
      created: '2026-11-25T10:00:00.000Z',
    },
  ],
  configuredServices: [],
}

function vendorScreen(api: Partial<IntegrationsApi>) {
  const view = renderArea(<GitScreens screen="vendorList" vendorName="github" />, {
    path: '/integrations/vendors/github',
    seed: [platformWith([]), signedIn('admin', true)],
    ports: { integrationsApi: { ...notFaked<IntegrationsApi>(), ...api } },
  })
  return view
}

describe('git vendor table', () => {
  it('shows a skeleton, then says why it failed and loads again on Retry, then the empty state', async () => {
    const answers: Array<(a: Awaited<ReturnType<IntegrationsApi['vendorIntegrations']>>) => void> = []
    vendorScreen({ vendorIntegrations: () => new Promise((r) => answers.push(r)) })
    const table = screen.getByRole('table', { name: 'GitHub integrations' })
    expect(table).toHaveAttribute('aria-busy', 'true')
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(left({ kind: 'network', message: 'offline' })))
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    act(() => answers[1]!(right(EMPTY)))
    expect(await screen.findByText('No GitHub integrations yet')).toBeInTheDocument()
  })

  it('lists integrations with their services', async () => {
    vendorScreen({ vendorIntegrations: async () => right(ONE) })
    const row = (await screen.findByText('main-github')).closest('tr')!
    expect(within(row).getByText('Repository scanning')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Edit main-github' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Delete main-github' })).toBeInTheDocument()
  })

  it('tests the connection before create, shows a failed test, and never logs the token', async () => {
    const forms: GitIntegrationForm[] = []
    let accept = false
    const { app } = vendorScreen({
      vendorIntegrations: async () => right(EMPTY),
      testConnection: async (form) => {
        forms.push(form)
        return right({ success: accept })
      },
      create: async () => right('github-new'),
    })
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add integration' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
    const test = within(dialog).getByRole('button', { name: 'Test connection' })
    expect(test).toBeDisabled()
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'bad name!')
    expect(
      within(dialog).getByText('Name can only contain alphanumeric characters, dashes and periods'),
    ).toBeInTheDocument()
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Integration name' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'main-github')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'octo')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API URL' }), 'https://api.github.com')
    expect(test).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText(/^Access token/), 'secret-token-123')
    expect(test).toBeEnabled()

    await userEvent.click(test)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Connection test failed, please check your credentials',
    )
    // The base URL got its trailing slash; the token reached the port only.
    expect(forms[0]).toMatchObject({
      url: 'https://api.github.com/',
      token: 'secret-token-123',
      vendorName: 1,
    })

    accept = true
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    expect(await within(dialog).findByText(/Connection tested/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create integration' }))
    expect(await screen.findByRole('dialog', { name: 'Select service' })).toBeInTheDocument()
    expect(app.exportLog()).not.toContain('secret-token-123')
  })
  it('a failed test and a failed create are said once, in the form, not in a toast; Escape closes it', async () => {
    const user = userEvent.setup()
    let accept = false
    const integrationsApi = {
      ...notFaked<IntegrationsApi>(),
      vendorIntegrations: async () => right(EMPTY),
      testConnection: async () => right({ success: accept }),
      create: async () => left({ kind: 'status' as const, status: 500, message: 'boom' }),
    }
    const { app } = renderShell(
      '/integrations/vendors/github',
      { user: { name: 'admin', admin: true }, features: { repositoryScanning: true } },
      { integrationsApi },
      { ...chromeEffects, ...integrationsEffects },
    )
    await user.click(
      (await screen.findAllByRole('button', { name: 'Add integration' }, { timeout: 15_000 }))[0]!,
    )
    const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'main-github')
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'octo')
    await user.type(within(dialog).getByRole('textbox', { name: 'API URL' }), 'https://api.github.com')
    await user.type(within(dialog).getByLabelText(/^Access token/), 'secret-token-123')
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Connection test failed, please check your credentials',
    )
    // The outcome is in the log, and no toast followed it: the toast said it a second time.
    expect(app.exportLog()).toContain('integrations/ConnectionTestFailed')
    expect(app.exportLog()).not.toContain('notifications/Shown')
    expect(screen.getAllByText(/please check your credentials/)).toHaveLength(1)

    accept = true
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Create integration' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error while creating integration')
    expect(app.exportLog()).toContain('integrations/IntegrationCreateFailed')
    expect(app.exportLog()).not.toContain('notifications/Shown')
    // The failure leaves the modal open, and Escape still closes it.
    await user.keyboard('{Escape}')
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New GitHub integration' })).not.toBeInTheDocument(),
    )
  })

  it("says what each field needs once typed in, in the forms' words, and keeps what was typed", async () => {
    vendorScreen({ vendorIntegrations: async () => right(EMPTY) })
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add integration' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
    const name = within(dialog).getByRole('textbox', { name: 'Integration name' })
    const url = within(dialog).getByRole('textbox', { name: 'API URL' })
    await userEvent.type(name, 'a')
    await userEvent.clear(name)
    expect(name).toHaveAccessibleDescription('This field is mandatory')
    await userEvent.type(name, 'a'.repeat(65))
    expect(name).toHaveAccessibleDescription('At most 64 characters')
    expect(name).toHaveValue('a'.repeat(65))
    await userEvent.type(url, 'api.github')
    expect(url).toHaveAccessibleDescription(/Enter a valid URL/)
    expect(url).toHaveValue('api.github')
    await userEvent.clear(url)
    expect(url).toHaveAccessibleDescription(/This field is mandatory/)
    expect(within(dialog).getByRole('button', { name: 'Test connection' })).toBeDisabled()
  })

  it(
    'refuses a link-local or cloud metadata API URL as it is typed, keeping the text',
    { timeout: 90_000 },
    async () => {
      const tested: GitIntegrationForm[] = []
      vendorScreen({
        vendorIntegrations: async () => right(EMPTY),
        testConnection: async (form) => {
          tested.push(form)
          return right({ success: true })
        },
      })
      await userEvent.click((await screen.findAllByRole('button', { name: 'Add integration' }))[0]!)
      const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'meta')
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'octo')
      await userEvent.type(within(dialog).getByLabelText(/^Access token/), 'secret-token-123')
      const url = within(dialog).getByRole('textbox', { name: 'API URL' })
      const refused = 'Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used'
      const test = within(dialog).getByRole('button', { name: 'Test connection' })
      // 169.254.169.254 as one number, and link-local IPv6 (the rule's spellings: refusedHost's tests).
      for (const typed of ['http://2852039166/latest/meta-data/', 'http://[fe80::1]/api/v3']) {
        await userEvent.clear(url)
        // `[[` types one `[` (user-event reads `[` as the start of a key's name).
        await userEvent.type(url, typed.replaceAll('[', '[['))
        expect(url).toHaveAccessibleDescription(expect.stringContaining(refused))
        expect(url).toHaveAttribute('aria-invalid', 'true')
        expect(url).toHaveValue(typed)
        expect(test).toBeDisabled()
      }
      // A vendor's address is fine again.
      await userEvent.clear(url)
      await userEvent.type(url, 'https://git.example.com/api/v3')
      expect(url).not.toHaveAccessibleDescription(expect.stringContaining(refused))
      expect(test).toBeEnabled()
      await userEvent.click(test)
      expect(await within(dialog).findByText(/Connection tested/)).toBeInTheDocument()
      expect(tested.map((f) => f.url)).toEqual(['https://git.example.com/api/v3/'])
    },
  )

  it('Test again runs the connection test again with the typed token, and a failure then takes Create away', async () => {
    const forms: GitIntegrationForm[] = []
    let accept = true
    vendorScreen({
      vendorIntegrations: async () => right(EMPTY),
      testConnection: async (form) => {
        forms.push(form)
        return right({ success: accept })
      },
    })
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add integration' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'main-github')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'octo')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API URL' }), 'https://api.github.com')
    await userEvent.type(within(dialog).getByLabelText(/^Access token/), 'secret-token-123')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    expect(await within(dialog).findByText(/Connection tested/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create integration' })).toBeEnabled()

    // The vendor now refuses (the token was revoked there): testing again must ask it again.
    accept = false
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test again' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Connection test failed, please check your credentials',
    )
    expect(forms).toHaveLength(2)
    expect(forms[1]).toMatchObject({ token: 'secret-token-123', url: 'https://api.github.com/' })
    expect(within(dialog).queryByText(/Connection tested/)).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Create integration' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Test connection' })).toBeEnabled()

    accept = true
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }))
    expect(await within(dialog).findByText(/Connection tested/)).toBeInTheDocument()
    expect(forms).toHaveLength(3)
  })
  it('a failed test says why, as the platform told it: unreachable, refused token, not the API', async () => {
    const causes = ['unreachable', 'credentials', 'notVendorApi'] as const
    let next = 0
    vendorScreen({
      vendorIntegrations: async () => right(EMPTY),
      testConnection: async () => right({ success: false, cause: causes[next++]! }),
    })
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add integration' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New GitHub integration' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Integration name' }), 'main-github')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'octo')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API URL' }), 'https://git.example.com')
    await userEvent.type(within(dialog).getByLabelText(/^Access token/), 'secret-token-123')
    const test = within(dialog).getByRole('button', { name: 'Test connection' })
    await userEvent.click(test)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check the API URL and that the platform can reach that host.',
    )
    await userEvent.click(test)
    expect(await within(dialog).findByText(/^GitHub refused the access token\./)).toHaveRole('alert')
    await userEvent.click(test)
    expect(await within(dialog).findByText(/^The address answers, but not as GitHub's API\./)).toHaveRole(
      'alert',
    )
    expect(within(dialog).queryByText(/please check your credentials/)).not.toBeInTheDocument()
  })
})

describe('editing an integration', () => {
  it('a changed address without the token: says the new address needs a token and keeps what was typed', async () => {
    const refused = left({
      kind: 'status' as const,
      status: 400,
      code: 'TOKEN_REQUIRED',
      message: 'The URL changed: enter the token again (a saved token is only sent to its own URL)',
    })
    const sent: GitIntegrationForm[] = []
    vendorScreen({
      vendorIntegrations: async () => right(ONE),
      testConnection: async (form) => {
        sent.push(form)
        return refused
      },
      update: async (_key, form) => {
        sent.push(form)
        return refused
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit main-github' }))
    const dialog = await screen.findByRole('dialog')
    const url = within(dialog).getByRole('textbox', { name: 'API URL' })
    await userEvent.clear(url)
    await userEvent.type(url, 'https://gitlab.example.com/api/v4/')
    const main = within(dialog)
      .getAllByRole('button')
      .find((b) => ['Save', 'Test connection'].includes(b.textContent ?? ''))!
    await userEvent.click(main)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The new address needs a token: enter the access token again',
    )
    expect(sent.at(-1)).toMatchObject({ url: 'https://gitlab.example.com/api/v4/' })
    expect(sent.at(-1)?.token).toBeUndefined()
    expect(within(dialog).getByRole('textbox', { name: 'API URL' })).toHaveValue(
      'https://gitlab.example.com/api/v4/',
    )
    expect(within(dialog).getByRole('textbox', { name: 'Integration name' })).toHaveValue('main-github')
  })
})

describe('select repositories', () => {
  it('starts from the saved choice and saves a new one', async () => {
    const saves: Array<ReadonlyArray<string>> = []
    const repos = (selected: ReadonlyArray<string>): GitRepository[] =>
      ['octo/api', 'octo/web'].map((name) => ({ name, private: false, selected: selected.includes(name) }))
    renderArea(<GitScreens screen="selectRepos" integrationKey="github-1" vcsType="github" />, {
      path: '/integrations/git-repo-scan/select-repos?vcsType=github&integrationId=github-1',
      seed: [platformWith([]), signedIn('admin', true)],
      ports: {
        integrationsApi: {
          ...notFaked<IntegrationsApi>(),
          repositories: async () => right(repos(['octo/web'])),
          saveRepositories: async (_key, selected) => {
            saves.push(selected)
            return right(repos(selected))
          },
        },
      },
    })
    const list = await screen.findByRole('list', { name: 'Repositories' })
    expect(within(list).getByRole('checkbox', { name: 'octo/web' })).toBeChecked()
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    await userEvent.click(within(list).getByRole('checkbox', { name: 'octo/api' }))
    await userEvent.click(save)
    expect(await screen.findByText('Saved: 2 repositories will be scanned.')).toBeInTheDocument()
    expect(saves).toEqual([['octo/api', 'octo/web']])
  })

  it('opened without an integration: says so, with the way back to the integrations', async () => {
    renderArea(<GitScreens screen="selectRepos" integrationKey="" vcsType="github" />, {
      path: '/integrations/git-repo-scan/select-repos',
      seed: [platformWith([]), signedIn('admin', true)],
    })
    // Beside the words, not only in the breadcrumbs above.
    const empty = (await screen.findByText('Choose a git integration first')).parentElement!
    // The console's base (/ui) is the router's, not this harness's.
    expect(within(empty).getByRole('link', { name: 'Go to Integrations' }).getAttribute('href')).toMatch(
      /^(\/ui)?\/integrations$/,
    )
  })
})
