/**
 * The integrations catalogue on apps seeded by events, with a fake port: skeleton while loading,
 * the ranked cards with their count, filters and search applied after the 300 ms debounce (on
 * the virtual scheduler) and kept in the URL, the empty result, an error with Retry, an admin's
 * Set Up dialog and a developer's documentation links.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import IntegrationsArea from '../../ui/integrations'
import type { IntegrationsApi } from '../../adapters/ports'
import type { CatalogueEntry } from '../../domain/integrations'
import type { AppEvent } from '../../domain/app'
import { FeaturesLoaded } from '../../domain/platform/events'
import { notFaked } from '../support/fakePorts'
import { platformWith, renderArea, signedIn } from './packagesHarness'
import kitSurface from '../../ui/shared/kit/surface.module.css'

const entry = (
  id: string,
  label: string,
  rank: number | undefined,
  categories: string[],
  vendors: string[] = [],
) =>
  ({
    id,
    label,
    icon: id,
    ...(rank === undefined ? {} : { rank }),
    categories,
    vendors,
    documentationLink: `https://docs.example/${id}`,
  }) satisfies CatalogueEntry

const CATALOGUE: CatalogueEntry[] = [
  entry('slack', 'Slack', undefined, []),
  entry('vscode', 'Visual Studio Code', 4, ['IDE']),
  {
    ...entry('github', 'GitHub', 1, ['Source Control']),
    configureAction: {
      type: 'redirect',
      actionName: 'integrations.vendor.list',
      payload: { vendorName: 'github' },
    },
  },
  entry('amazon-eks', 'Amazon EKS', 6, ['Cloud Native'], ['AWS']),
  entry('google-gke', 'Google Kubernetes Engine', 6, ['Cloud Native'], ['GCP']),
]

const JFROG_CLI: CatalogueEntry = {
  ...entry('jfrog-cli', 'JFrog CLI', 2, ['CI/CD']),
  configureAction: {
    type: 'action',
    actionName: 'openCommonIntegrationModal',
    payload: { tool: 'jfrog-cli' },
  },
}

/** The catalogue answers with the JFrog CLI too; the admin sets it up: the tool dialog. */
async function setUpJfrogCli(answers: ReturnType<typeof controlledApi>['answers']) {
  await vi.waitFor(() => expect(answers).toHaveLength(1))
  act(() => answers[0]!(right([...CATALOGUE, JFROG_CLI])))
  await userEvent.click(await screen.findByRole('button', { name: 'JFrog CLI' }))
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'JFrog CLI' }, { timeout: 15_000 })).getByRole(
      'button',
      {
        name: 'Set Up',
      },
    ),
  )
  return screen.findByRole('dialog', { name: 'Set up a tool' })
}

function controlledApi() {
  const answers: Array<(a: Awaited<ReturnType<IntegrationsApi['catalogue']>>) => void> = []
  const api: IntegrationsApi = {
    ...notFaked<IntegrationsApi>(),
    catalogue: () => new Promise((resolve) => answers.push(resolve)),
  }
  return { api, answers }
}

function open(
  options: {
    admin?: boolean
    query?: string
    oauth?: boolean
    api?: Partial<IntegrationsApi>
    /** The instance scans repositories (the git integrations' feature); on unless said. */
    scanning?: boolean
  } = {},
) {
  const controlled = controlledApi()
  const answers = controlled.answers
  const api = { ...controlled.api, ...options.api }
  // Virtual time that runs only as far as the test moves it (the signed-in session's refresh
  // interval would make an unbounded flush run forever).
  const scheduler = new VirtualTimeScheduler(VirtualAction, 0)
  const advance = (ms: number) => {
    scheduler.maxFrames += ms
    scheduler.flush()
  }
  const user = options.admin ? 'admin' : 'developer'
  const plain = signedIn(user, options.admin ?? false)
  // An OpenID Connect user: the platform puts them in the oauth realm.
  const session: AppEvent =
    options.oauth && plain.type === 'session/SignedIn'
      ? { ...plain, data: { ...plain.data, user: { ...plain.data.user, realm: 'oauth' } } }
      : plain
  const view = renderArea(<IntegrationsArea />, {
    path: `/integrations${options.query ?? ''}`,
    seed: [
      platformWith([]),
      FeaturesLoaded({ features: { repositoryScanning: options.scanning ?? true } }),
      session,
    ],
    ports: { integrationsApi: api, scheduler },
  })
  act(() => view.app.dispatch({ type: 'navigation/Navigate', to: `/integrations${options.query ?? ''}` }))
  return { ...view, answers, advance }
}

const labels = () =>
  within(screen.getByRole('list', { name: 'Integrations' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!.textContent)

afterEach(() => vi.restoreAllMocks())

describe('integrations catalogue', () => {
  it('shows a skeleton, then the cards by rank with their count; filters and search apply after 300 ms and go to the URL', async () => {
    const { answers, advance, app } = open()
    expect(screen.getByRole('status', { name: 'Loading integrations' })).toBeInTheDocument()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right(CATALOGUE)))
    await screen.findByRole('list', { name: 'Integrations' })
    // Rank ascending, a missing rank last (default 10).
    expect(labels()).toEqual([
      'GitHub',
      'Visual Studio Code',
      'Amazon EKS',
      'Google Kubernetes Engine',
      'Slack',
    ])
    expect(screen.getByRole('status', { name: '5 integrations displayed' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Filters' })).toBeInTheDocument()
    // The page is headed as every other page: the kit's page header holds the title with its count
    // and the Filters toggle (they were the catalogue card's own header, the title inside the card).
    const title = screen.getByRole('heading', { level: 1 })
    expect(title.textContent).toMatch(/^Integrations/)
    const header = title.closest('header')!
    expect(header).toHaveClass(kitSurface.pageHeader!)
    // The page is named by its title's words, not its count.
    expect(screen.getByRole('region', { name: 'Integrations' })).toContainElement(header)
    expect(within(header).getByRole('status', { name: '5 integrations displayed' })).toBeInTheDocument()
    expect(within(header).getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('searchbox', { name: 'Search for integrations' }).closest('section')).toHaveClass(
      kitSurface.card!,
    )

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cloud Native' }))
    // Not yet: the debounce waits for a pause.
    expect(labels()).toHaveLength(5)
    expect(screen.getByRole('checkbox', { name: 'All' })).not.toBeChecked()
    act(() => advance(300))
    expect(labels()).toEqual(['Amazon EKS', 'Google Kubernetes Engine'])
    expect(app.getState().navigation.location).toEqual({
      path: '/integrations',
      query: '?category=Cloud+Native',
    })

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search for integrations' }), 'GOOGLE')
    act(() => advance(300))
    expect(labels()).toEqual(['Google Kubernetes Engine'])
    expect(screen.getByRole('status', { name: '1 integration displayed' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('checkbox', { name: 'AWS' }))
    act(() => advance(300))
    expect(screen.getByText('No integrations found')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Try searching for a different integration or change your filter selection on the right',
      ),
    ).toBeInTheDocument()

    // The clear icon empties the search; All clears the categories.
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'All' }))
    act(() => advance(300))
    expect(labels()).toEqual(['Amazon EKS'])
    expect(screen.getByRole('checkbox', { name: 'All' })).toBeChecked()
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()

    // The panel toggles.
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }))
    expect(screen.queryByRole('heading', { name: 'Filters' })).toBeNull()
  })

  it('a shared link shows its filtered view', async () => {
    const { answers } = open({ query: '?category=IDE&q=visual' })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right(CATALOGUE)))
    await screen.findByRole('list', { name: 'Integrations' })
    expect(labels()).toEqual(['Visual Studio Code'])
    expect(screen.getByRole('checkbox', { name: 'IDE' })).toBeChecked()
    expect(screen.getByRole('searchbox', { name: 'Search for integrations' })).toHaveValue('visual')
  })

  it('says why the catalogue failed and loads it again on Retry', async () => {
    const { answers } = open()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(left({ kind: 'status', status: 503, message: 'Service unavailable' })))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The integrations could not be loaded')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    act(() => answers[1]!(right(CATALOGUE)))
    expect(await screen.findByRole('list', { name: 'Integrations' })).toBeInTheDocument()
  })

  it('an empty catalogue says no integrations were found', async () => {
    const { answers } = open()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right([])))
    expect(await screen.findByText('No integrations found')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '0 integrations displayed' })).toBeInTheDocument()
  })

  it('an admin sets up an integration through a dialog that a click outside does not close', async () => {
    const { answers, app } = open({ admin: true })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right(CATALOGUE)))
    const github = await screen.findByRole('button', { name: 'GitHub' })
    // An admin's card with a setup action has no Learn More icon; the others do.
    expect(screen.queryByRole('link', { name: 'Learn More about GitHub' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Learn More about Slack' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    )
    await userEvent.click(github)
    // The admin's dialogs are a chunk of their own: the first one waits for it.
    const dialog = await screen.findByRole('dialog', { name: 'GitHub' }, { timeout: 15_000 })
    fireEvent.pointerDown(document.body)
    expect(screen.getByRole('dialog', { name: 'GitHub' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Learn More' })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Up' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() =>
      expect(app.getState().navigation.location.path).toBe('/integrations/vendors/github'),
    )
  })

  // Spec 001 section 6: the git integrations need repository scanning (lightweight has none).
  it('without repository scanning, the GitHub card offers its documentation, not a Set Up that does nothing', async () => {
    const { answers } = open({ admin: true, scanning: false })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right(CATALOGUE)))
    await screen.findByRole('button', { name: 'GitHub' })
    expect(screen.getByRole('link', { name: 'Learn More about GitHub' })).toHaveAttribute('target', '_blank')
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null)
    await userEvent.click(screen.getByRole('button', { name: 'GitHub' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opened).toHaveBeenCalledWith(
      'https://docs.example/github',
      '_blank',
      expect.stringContaining('noopener'),
    )
    opened.mockRestore()
  })

  it("an admin's Set Up of a tool opens its card among the tool groups, with the command per OS carrying the setup data", async () => {
    const { answers, app } = open({ admin: true })
    const dialog = await setUpJfrogCli(answers)
    const nav = within(dialog).getByRole('navigation', { name: 'Tools' })
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Source control', 'Developer Tools', 'Continuous integration'])
    expect(
      within(within(nav).getByRole('region', { name: 'Developer Tools' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Jetbrains', 'Visual Studio Code', 'Android Studio', 'Docker Desktop'])
    expect(within(nav).getByRole('button', { name: 'JFrog CLI' })).toHaveAttribute('aria-current', 'true')
    expect(within(dialog).getByRole('heading', { name: 'JFrog CLI', level: 3 })).toBeInTheDocument()
    expect(
      within(within(dialog).getByRole('list', { name: 'Highlights' })).getAllByRole('listitem'),
    ).not.toHaveLength(0)

    // The setup data: this platform's base URL and the user, base64 of JSON in the command.
    const data = btoa(JSON.stringify({ url: 'http://platform.test', user: 'admin' }))
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Linux' }))
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent(
      `curl -fL https://install-cli.jfrog.io | sh && jf setup ${data} && jf rt ping`,
    )
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Windows' }))
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent(
      `winget install --id JFrog.jfrog-cli; jf setup ${data}`,
    )
    expect(within(dialog).getByRole('link', { name: 'Marketplace' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    )
    expect(within(dialog).getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank')

    // Another tool of the groups, then a source-control tool leads to its integrations.
    await userEvent.click(within(nav).getByRole('button', { name: 'Visual Studio Code' }))
    expect(within(dialog).getByRole('heading', { name: 'Visual Studio Code', level: 3 })).toBeInTheDocument()
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent(
      'code --install-extension JFrog.jfrog-vscode-extension',
    )
    await userEvent.click(within(nav).getByRole('button', { name: 'GitHub' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'GitHub integrations' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() =>
      expect(app.getState().navigation.location.path).toBe('/integrations/vendors/github'),
    )
  })

  it("an OAuth user's tool command carries the API key fetched on opening, and the log never holds it", async () => {
    const asked: string[] = []
    const { answers, app } = open({
      admin: true,
      oauth: true,
      api: {
        oauthApiKey: async (user) => {
          asked.push(user)
          return right('AKCsecret-api-key')
        },
      },
    })
    const dialog = await setUpJfrogCli(answers)
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'macOS' }))
    const data = btoa(
      JSON.stringify({ url: 'http://platform.test', user: 'admin', apiKey: 'AKCsecret-api-key' }),
    )
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent(
      `brew install jfrog-cli && jf setup ${data}`,
    )
    expect(asked).toEqual(['admin'])
    expect(app.exportLog()).not.toContain('AKCsecret-api-key')
    expect(app.exportLog()).not.toContain(data)
  })

  it('a developer gets the documentation in a new tab without opener, never the setup dialog', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null)
    const { answers } = open()
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    act(() => answers[0]!(right(CATALOGUE)))
    await userEvent.click(await screen.findByRole('button', { name: 'GitHub' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opened).toHaveBeenCalledWith('https://docs.example/github', '_blank', 'noopener,noreferrer')
    expect(screen.getByRole('link', { name: 'Learn More about GitHub' })).toHaveAttribute('target', '_blank')
  })
})
