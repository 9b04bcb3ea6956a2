// Set-me-up and quick setup's client set-up, seeded by start-up events.
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { namedEffects } from '../../commands/effects/lazy'
import { navigationEffects } from '../../commands/effects/navigation'
import { repositoriesEffects } from '../../commands/effects/repositories'
import { setMeUpEffects } from '../../commands/effects/setMeUp'
import type { RepositoriesApi } from '../../adapters/ports'
import { renderShell } from './shellFixtures'
import { chooseOption, optionNames } from '../support/kitSelect'
import { fakeSetMeUpApi, notFaked } from '../support/fakePorts'
import { repositorySummary } from '../support/fixtures'
import * as P from '../../domain/platform/events'
import { buttonClass } from '../../ui/shared/kit/Button'
import { openTopMenu } from '../support/topMenu'
import { commandText } from '../support/commandText'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = namedEffects({
  navigation: navigationEffects,
  repositories: repositoriesEffects,
  setMeUp: setMeUpEffects,
})
const withTypes = [P.PackageTypesLoaded({ packageTypes: ['npm', 'generic', 'maven'] })]

/** The platform's repositories: what set-me-up and quick setup offer for each type. */
const platformRepos = [
  repositorySummary('npm-remote', 'remote'),
  repositorySummary('npm-local', 'local'),
  repositorySummary('generic-remote', 'remote', 'generic'),
  repositorySummary('maven-remote', 'remote', 'maven'),
  repositorySummary('docker-local', 'local', 'docker'),
]
const withRepos: RepositoriesApi = { ...notFaked<RepositoriesApi>(), list: async () => right(platformRepos) }

/** Quick setup as the overlay: the new onboarding's quick action, on a platform with no /quick-setup landing. */
const withQuickAction = { ...admin, features: { newOnboardingQuickAction: true }, extra: withTypes }

async function openQuickSetup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Quick Setup' }))
  return screen.findByRole('dialog', { name: 'Quick Setup' })
}

describe('set-me-up', () => {
  it('shows the client set-up text for the chosen package type and repository', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { extra: withTypes }, { repositoriesApi: withRepos }, effects)
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    expect(within(panel).getByText(/Choose a package type to configure/)).toBeInTheDocument()
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'npm')
    const repoChoice = await within(panel).findByRole('combobox', { name: 'Repository' })
    expect(await optionNames(user, repoChoice)).toEqual(['npm-local', 'npm-remote'])
    await chooseOption(user, repoChoice, 'npm-remote')
    const steps = await within(panel).findByRole('region', { name: 'Set up npm for npm-remote' })
    expect(within(steps).getByRole('heading', { name: 'Configure npm' })).toBeInTheDocument()
    expect(within(steps).getByText('~/.npmrc')).toBeInTheDocument()
    expect(
      within(steps).getByText(
        commandText(
          'registry=http://platform.test/artifactory/api/npm/npm-remote/ ' +
            '//platform.test/artifactory/api/npm/npm-remote/:_authToken=<token>',
        ),
      ),
    ).toBeInTheDocument()
    // Every command is whole, wrapping rather than scrolling out of sight, with its copy button.
    for (const heading of within(steps).getAllByRole('heading', { level: 3 })) {
      const name = heading.textContent ?? ''
      expect(within(steps).getByRole('button', { name: `Copy ${name.toLowerCase()}` })).toBeInTheDocument()
    }
    const boxes = [...steps.querySelectorAll('pre')]
    expect(boxes.length).toBeGreaterThan(0)
    for (const pre of boxes) expect(pre.closest('[data-wrap]')).not.toBeNull()
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'maven')
    const maven = await within(panel).findByRole('region', { name: 'Set up maven for maven-remote' })
    // The platform does not serve Maven's protocol: say so, and give what it serves (files).
    expect(within(maven).getByText(/does not serve the maven client yet/)).toBeInTheDocument()
    expect(
      within(maven).getByText(
        commandText('curl -u <user> -T <file> "http://platform.test/artifactory/maven-remote/<path>"'),
      ),
    ).toBeInTheDocument()
  })

  it('generates a token shown once, puts it in the steps, and keeps it out of events and the log', async () => {
    const user = userEvent.setup()
    let answer: Awaited<ReturnType<RepositoriesApi['clientToken']>> = left({
      kind: 'status' as const,
      status: 500,
      message: 'boom',
    })
    const repositoriesApi = {
      ...notFaked<RepositoriesApi>(),
      list: async () =>
        right([
          repositorySummary('npm-remote', 'remote'),
          repositorySummary('npm-local', 'local'),
          repositorySummary('npm', 'virtual'),
          repositorySummary('generic-local', 'local', 'generic'),
        ]),
      clientToken: async () => answer,
    }
    const { app } = renderShell('/packages', { extra: withTypes }, { repositoriesApi }, effects)
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'npm')
    // The platform's npm repositories, the virtual one first.
    const repoChoice = within(panel).getByRole('combobox', { name: 'Repository' })
    await waitFor(() => expect(repoChoice).toHaveTextContent(/^npm$/))
    expect(await optionNames(user, repoChoice)).toEqual(['npm', 'npm-local', 'npm-remote'])
    await user.click(within(panel).getByRole('button', { name: 'Generate token' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The token could not be generated: the platform refused it with status 500: boom.',
    )
    answer = right({ token: 'cnt_s3cret-token', user: 'developer' })
    await user.click(within(panel).getByRole('button', { name: 'Retry' }))
    const token = await within(panel).findByRole('region', { name: 'Client token' })
    expect(await within(token).findByText('cnt_s3cret-token')).toBeInTheDocument()
    expect(within(token).getByText(/shown once/)).toBeInTheDocument()
    expect(
      within(panel).getByText(
        commandText(
          'registry=http://platform.test/artifactory/api/npm/npm/ ' +
            '//platform.test/artifactory/api/npm/npm/:_authToken=cnt_s3cret-token',
        ),
      ),
    ).toBeInTheDocument()
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'generic')
    expect(
      await within(panel).findByText(
        commandText(
          'curl -u developer:cnt_s3cret-token -O "http://platform.test/artifactory/generic-local/<path>"',
        ),
      ),
    ).toBeInTheDocument()
    expect(app.exportLog()).toContain('repositories/ClientTokenIssued')
    expect(app.exportLog()).not.toContain('cnt_s3cret-token')
    expect(JSON.stringify(app.getState())).not.toContain('cnt_s3cret-token')
    // Closed and opened again: the token is gone (shown once); another can be generated.
    await user.click(within(panel).getByRole('button', { name: 'Close Set Me Up' }))
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    const again = await screen.findByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(user, within(again).getByRole('combobox', { name: 'Package type' }), 'npm')
    expect(within(again).getByRole('button', { name: 'Generate token' })).toBeInTheDocument()
    expect(within(again).queryByText(/cnt_s3cret-token/)).not.toBeInTheDocument()
  })

  it("names the reverse proxy the platform's web server configuration gives in docker's commands", async () => {
    const user = userEvent.setup()
    const setMeUpApi = fakeSetMeUpApi({
      clientBaseUrl: async () =>
        right({
          baseUrl: 'http://127.0.0.1:8082',
          reverseProxies: [
            {
              serverName: 'registry.acme.example',
              dockerReverseProxyMethod: 'REPOPATHPREFIX' as const,
              reverseProxyRepositories: [],
              useHttps: true,
              useHttp: true,
              httpsPort: 443,
              httpPort: 80,
            },
          ],
        }),
    })
    renderShell(
      '/packages',
      { extra: [P.PackageTypesLoaded({ packageTypes: ['npm', 'docker'] })] },
      { setMeUpApi, repositoriesApi: withRepos },
      effects,
    )
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'docker')
    const repo = (await within(panel).findByRole('combobox', { name: 'Repository' })).textContent ?? ''
    expect(repo).toBe('docker-local')
    const steps = await within(panel).findByRole('region', { name: `Set up docker for ${repo}` })
    expect(
      within(steps).getByText(commandText('docker login registry.acme.example -u <user>')),
    ).toBeInTheDocument()
    expect(
      within(steps).getByText(commandText(`docker pull registry.acme.example/${repo}/<image>:<tag>`)),
    ).toBeInTheDocument()
    expect(within(steps).queryByText(/127\.0\.0\.1/)).not.toBeInTheDocument()
  })

  it('says when the platform address cannot be loaded, and retries', async () => {
    const user = userEvent.setup()
    let offline = true
    const setMeUpApi = fakeSetMeUpApi({
      clientBaseUrl: async () =>
        offline ? left({ kind: 'network' as const, message: 'offline' }) : fakeSetMeUpApi().clientBaseUrl(),
    })
    renderShell('/packages', { extra: withTypes }, { setMeUpApi, repositoriesApi: withRepos }, effects)
    await openTopMenu(user, 'developer')
    await user.click(await screen.findByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Package type' }), 'npm')
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Could not load the platform address: the platform did not answer (no connection).',
    )
    offline = false
    await user.click(within(panel).getByRole('button', { name: 'Retry' }))
    expect(await within(panel).findByRole('region', { name: 'Set up npm for npm-local' })).toBeInTheDocument()
  })
})

describe('setting up a client from quick setup', () => {
  it('relaunches the guided npm flow and closes quick setup', async () => {
    const user = userEvent.setup()
    renderShell('/packages', withQuickAction, { repositoriesApi: withRepos }, effects)
    const quick = await openQuickSetup(user)
    await chooseOption(user, within(quick).getByRole('combobox', { name: 'Package type' }), 'npm')
    // The platform's npm repositories, and only those.
    const repoChoice = within(quick).getByRole('combobox', { name: 'Repository' })
    await waitFor(() => expect(repoChoice).toHaveTextContent('npm-local'))
    expect(await optionNames(user, repoChoice)).toEqual(['npm-local', 'npm-remote'])
    await chooseOption(user, repoChoice, 'npm-local')
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument()
    const flow = await screen.findByRole('dialog', { name: 'Connect your npm client' })
    expect(within(flow).getByText('Step 1 of 5')).toBeInTheDocument()
    expect(
      await within(flow).findByText(
        commandText(
          'registry=http://platform.test/artifactory/api/npm/npm-local/ ' +
            '//platform.test/artifactory/api/npm/npm-local/:_authToken=<token>',
        ),
      ),
    ).toBeInTheDocument()
    // The flow's actions are the kit's buttons in the dialog's footer, not bare browser buttons.
    const back = within(flow).getByRole('button', { name: 'Back' })
    expect(back).toBeDisabled()
    expect(back.closest('footer')).not.toBeNull()
    expect(back.className).toBe(buttonClass())
    expect(within(flow).getByRole('button', { name: 'Next' }).className).toBe(buttonClass('primary'))
    for (let i = 0; i < 4; i++) await user.click(within(flow).getByRole('button', { name: 'Next' }))
    expect(within(flow).getByRole('heading', { name: 'You are set' })).toBeInTheDocument()
    await user.click(within(flow).getByRole('button', { name: 'Finish' }))
    expect(screen.queryByRole('dialog', { name: 'Connect your npm client' })).not.toBeInTheDocument()
  })

  it("Quick Repository Creation in the user menu creates repositories, then sets up each type's client", async () => {
    const user = userEvent.setup()
    const asked: Array<ReadonlyArray<string>> = []
    const repositoriesApi: RepositoriesApi = {
      ...notFaked<RepositoriesApi>(),
      createQuickly: async (packageTypes) => {
        asked.push(packageTypes)
        return right({ created: ['pypi-local', 'pypi-remote', 'pypi'], existing: [] })
      },
    }
    const { app } = renderShell('/packages', { ...admin, extra: withTypes }, { repositoriesApi }, effects)
    await openTopMenu(user, 'admin')
    await user.click(await screen.findByRole('menuitem', { name: 'Quick Repository Creation' }))
    const form = await screen.findByRole('form', { name: 'Quick Repository Creation' }, { timeout: 15_000 })
    expect(app.getState().navigation.location.path).toBe('/admin/repositories/quick')
    expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('checkbox', { name: 'PyPI' }))
    await user.click(within(form).getByRole('button', { name: 'Create repositories' }))
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Created: pypi-local, pypi-remote, pypi.',
    )
    expect(asked).toEqual([['pypi']])
    await user.click(within(form).getByRole('button', { name: 'Set up the PyPI client' }))
    const flow = await screen.findByRole('dialog', { name: 'Connect your pypi client' })
    expect(within(flow).getByText('Use repository pypi from your pypi client.')).toBeInTheDocument()
  })

  it('closes the overlay when the console navigates, Back included', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', withQuickAction)
    app.dispatch({ type: 'navigation/Navigate', to: '/builds' }, 'ui')
    await openQuickSetup(user)
    act(() => app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument())
    expect(app.getState().navigation.location.path).toBe('/packages')
  })

  it('opens set-me-up for a type without a guided flow', async () => {
    const user = userEvent.setup()
    renderShell('/packages', withQuickAction, { repositoriesApi: withRepos }, effects)
    const quick = await openQuickSetup(user)
    await chooseOption(user, within(quick).getByRole('combobox', { name: 'Package type' }), 'generic')
    await waitFor(() =>
      expect(within(quick).getByRole('combobox', { name: 'Repository' })).toHaveTextContent('generic-remote'),
    )
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument()
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    expect(within(panel).getByRole('combobox', { name: 'Repository' })).toHaveTextContent('generic-remote')
    expect(
      await within(panel).findByText(
        commandText('curl -u <user> -T <file> "http://platform.test/artifactory/generic-remote/<path>"'),
      ),
    ).toBeInTheDocument()
  })

  it('offers no repository the platform lacks: says so, and an admin creates them there', async () => {
    const user = userEvent.setup()
    let repos = platformRepos.filter((r) => r.packageType !== 'maven')
    let create: Awaited<ReturnType<RepositoriesApi['createQuickly']>> = left({
      kind: 'status' as const,
      status: 500,
      message: 'disk full',
    })
    const asked: Array<ReadonlyArray<string>> = []
    const repositoriesApi: RepositoriesApi = {
      ...notFaked<RepositoriesApi>(),
      list: async () => right(repos),
      createQuickly: async (packageTypes) => {
        asked.push(packageTypes)
        return create
      },
    }
    renderShell('/packages', withQuickAction, { repositoriesApi }, effects)
    const quick = await openQuickSetup(user)
    await chooseOption(user, within(quick).getByRole('combobox', { name: 'Package type' }), 'maven')
    const none = await within(quick).findByRole('region', { name: 'No maven repository' })
    expect(none).toHaveTextContent('This platform has no maven repository yet.')
    expect(within(quick).getByRole('combobox', { name: 'Repository' })).toBeDisabled()
    expect(within(quick).getByRole('button', { name: 'Set up client' })).toBeDisabled()
    // No made-up key (maven-remote) offered for a repository the platform does not have.
    expect(quick).not.toHaveTextContent('maven-remote')
    await user.click(within(none).getByRole('button', { name: 'Create maven repositories' }))
    expect(await within(none).findByRole('alert')).toHaveTextContent(
      'The repositories could not be created: the platform refused it with status 500: disk full.',
    )
    create = right({ created: ['maven-local', 'maven-remote', 'maven'], existing: [] })
    repos = [
      ...repos,
      repositorySummary('maven-local', 'local', 'maven'),
      repositorySummary('maven-remote', 'remote', 'maven'),
      repositorySummary('maven', 'virtual', 'maven'),
    ]
    await user.click(within(none).getByRole('button', { name: 'Create maven repositories' }))
    // Created, the list reloads and the virtual repository is chosen.
    const repoChoice = within(quick).getByRole('combobox', { name: 'Repository' })
    await waitFor(() => expect(repoChoice).toHaveTextContent(/^maven$/))
    expect(asked).toEqual([['maven'], ['maven']])
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    const flow = await screen.findByRole('dialog', { name: 'Connect your maven client' })
    expect(within(flow).getByText('Use repository maven from your maven client.')).toBeInTheDocument()
  })

  it("tells a developer an administrator creates the type's repositories", async () => {
    const user = userEvent.setup()
    renderShell(
      '/packages',
      { features: { newOnboardingQuickAction: true }, extra: withTypes },
      { repositoriesApi: { ...notFaked<RepositoriesApi>(), list: async () => right([]) } },
      effects,
    )
    const quick = await openQuickSetup(user)
    const none = await within(quick).findByRole('region', { name: 'No npm repository' })
    expect(none).toHaveTextContent(
      'This platform has no npm repository yet: an administrator can create one.',
    )
    expect(within(none).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says when the repositories cannot be loaded, and retries', async () => {
    const user = userEvent.setup()
    let offline = true
    const repositoriesApi: RepositoriesApi = {
      ...notFaked<RepositoriesApi>(),
      list: async () =>
        offline ? left({ kind: 'network' as const, message: 'offline' }) : right(platformRepos),
    }
    renderShell('/packages', withQuickAction, { repositoriesApi }, effects)
    const quick = await openQuickSetup(user)
    expect(await within(quick).findByRole('alert')).toHaveTextContent(
      'Could not load the repositories: the platform did not answer (no connection).',
    )
    expect(within(quick).getByRole('button', { name: 'Set up client' })).toBeDisabled()
    offline = false
    await user.click(within(quick).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(within(quick).getByRole('combobox', { name: 'Repository' })).toHaveTextContent('npm-local'),
    )
    expect(within(quick).getByRole('button', { name: 'Set up client' })).toBeEnabled()
  })

  it('offers the same form on the quick-setup page', async () => {
    renderShell('/quick-setup', { ...admin, features: { quickDeployLanding: true }, extra: withTypes })
    const form = await screen.findByRole('form', { name: 'Set up a client' })
    expect(within(form).getByRole('combobox', { name: 'Package type' })).toHaveTextContent('npm')
  })

  it("offers each repository's own Set Me Up on the Repositories page, to everyone", async () => {
    const user = userEvent.setup()
    const repositoriesApi: RepositoriesApi = {
      ...notFaked<RepositoriesApi>(),
      list: async () =>
        right([
          repositorySummary('npm-local', 'local', 'npm'),
          repositorySummary('npm-remote', 'remote', 'npm'),
          repositorySummary('files', 'local', 'generic'),
        ]),
    }
    renderShell('/repos', { extra: withTypes }, { repositoriesApi }, effects)
    await user.click(
      await screen.findByRole('button', { name: 'Set Me Up for npm-local' }, { timeout: 15_000 }),
    )
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    expect(within(panel).getByRole('combobox', { name: 'Package type' })).toHaveTextContent('npm')
    expect(within(panel).getByRole('combobox', { name: 'Repository' })).toHaveTextContent('npm-local')
    expect(await within(panel).findByRole('region', { name: 'Set up npm for npm-local' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Set Me Up for files' }))
    expect(await within(panel).findByRole('region', { name: 'Set up generic for files' })).toBeInTheDocument()
    // The repository's own, not the first of its type.
    await user.click(screen.getByRole('button', { name: 'Set Me Up for npm-remote' }))
    expect(
      await within(panel).findByRole('region', { name: 'Set up npm for npm-remote' }),
    ).toBeInTheDocument()
    expect(within(panel).getByRole('combobox', { name: 'Repository' })).toHaveTextContent('npm-remote')
  })
})
