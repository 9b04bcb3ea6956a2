/** The integrations decider: given events, when command, then events (the git modal and the filters). */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import {
  CatalogueLoaded,
  CatalogueRequested,
  ToolApiKeyFailed,
  ToolClosed,
  ToolOpened,
  ToolSetupReady,
  ConnectionTestFailed,
  ConnectionTestPassed,
  ConnectionTestStarted,
  FiltersApplied,
  GitFormEdited,
  GitModalOpened,
  IntegrationCreated,
  IntegrationCreateFailed,
  IntegrationDeleted,
  IntegrationUpdated,
  SaveStarted,
  ServiceChosen,
  gitBaseUrl,
  gitMainButton,
  integrationsDecider,
  validateGitForm,
  type IntegrationsEvent,
} from '../../domain/integrations'
import type { CommandMeta } from '../../domain/shared/area'
import { decide, type Asker } from '../../domain/integrations/decider'
import { specOf } from '../support/decider'
import { toGithub, toGitlabK9 } from '../support/gitConnections'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'c-1' }
const integrations = specOf(integrationsDecider, meta)
const given = (events: ReadonlyArray<IntegrationsEvent>) => integrations.given(...events).state
/** The specification as `asker` asks (the app's area takes the asker from the session). */
const as = (asker: Asker) =>
  specOf(
    {
      ...integrationsDecider,
      decide: (command: Parameters<typeof decide>[0], state: Parameters<typeof decide>[1], m: CommandMeta) =>
        decide(command, state, m, asker),
    },
    meta,
  )

const filled = { userName: 'octo', integrationName: 'gh-main', url: 'https://api.github.com', hasToken: true }
const opened = GitModalOpened({
  vendor: 'github',
  integrationKey: null,
  form: { ...filled, hasToken: false },
})
const ready = [opened, GitFormEdited(filled)]
const tested = [
  ...ready,
  ConnectionTestStarted({ requestId: 't', tokenRef: 'tok', connection: toGithub }),
  ConnectionTestPassed({ requestId: 't' }),
]

describe('git modal', () => {
  it('opens in create mode with an empty, untested form; the main button is a disabled Test', () => {
    const open = integrations.given().when({ type: 'integrations/OpenGitModal', vendor: 'github' })
    open.then(
      GitModalOpened({
        vendor: 'github',
        integrationKey: null,
        form: { userName: '', integrationName: '', url: '', hasToken: false },
      }),
    )
    const s = open.after()
    expect(s.modal).toMatchObject({ step: 'form', test: 'notTested', popover: false })
    expect(gitMainButton(s.modal)).toEqual({ action: 'test', disabled: true })
  })

  it('an invalid form cannot be tested; a valid one can', () => {
    integrations
      .given(opened)
      .when({ type: 'integrations/TestConnection' })
      .rejected(/^the form is invalid: token$/)
    integrations
      .given(...ready)
      .when({ type: 'integrations/TestConnection', tokenRef: 'tok' })
      .then(ConnectionTestStarted({ requestId: 'c-1', tokenRef: 'tok', connection: toGithub }))
    expect(gitMainButton(given(ready).modal)).toEqual({ action: 'test', disabled: false })
  })

  it('a passed test shows the popover and turns the button into Create', () => {
    const s = given(tested)
    expect(s.modal).toMatchObject({ test: 'tested', popover: true })
    expect(gitMainButton(s.modal)).toEqual({ action: 'create', disabled: false })
  })

  it('a failed test keeps the form and records the failure', () => {
    const s = given([
      ...ready,
      ConnectionTestStarted({ requestId: 't', tokenRef: 'tok', connection: toGithub }),
      ConnectionTestFailed({ requestId: 't', failure: { kind: 'status', status: 401, message: 'x' } }),
    ])
    expect(s.modal).toMatchObject({ test: 'failed', failure: 'testFailed', form: filled })
    expect(gitMainButton(s.modal)?.action).toBe('test')
  })

  it('create is refused until the connection test passed', () => {
    integrations
      .given(...ready)
      .when({ type: 'integrations/SaveIntegration' })
      .rejected(/^the connection was not tested$/)
    integrations
      .given(...tested)
      .when({ type: 'integrations/SaveIntegration', tokenRef: 'tok' })
      .then(SaveStarted({ requestId: 'c-1', kind: 'create', tokenRef: 'tok', connection: toGithub }))
  })

  it('editing a credential after a test asks for a new test; resetting on demand does too', () => {
    const edited = integrations
      .given(...tested)
      .when({ type: 'integrations/EditGitForm', field: 'url', value: 'https://gitlab.example/' })
    expect(edited.after().modal).toMatchObject({ test: 'notTested' })
    const reset = integrations.given(...tested).when({ type: 'integrations/ResetConnectionTest' })
    expect(reset.after().modal).toMatchObject({ test: 'notTested', popover: false })
  })

  it('after create, the select-service step; choosing a service goes to select-repos with vcsType and integrationId', () => {
    const created = [
      ...tested,
      SaveStarted({ requestId: 's', kind: 'create', tokenRef: 'tok', connection: toGithub }),
      IntegrationCreated({ requestId: 's', integrationKey: 'k1' }),
    ]
    const s = given(created)
    expect(s.modal).toEqual({ step: 'selectService', vendor: 'github', integrationKey: 'k1' })
    expect(s.notice).toEqual({ key: 'integrations.created', integrationKey: 'k1' })
    integrations
      .given(...created)
      .when({ type: 'integrations/ChooseService', service: 'xray' })
      .then(
        ServiceChosen({
          service: 'xray',
          path: '/integrations/git-repo-scan/select-repos?vcsType=github&integrationId=k1',
        }),
      )
  })

  it('a failed create keeps the form, clears saving, and gives the create-failed notice', () => {
    const s = given([
      ...tested,
      SaveStarted({ requestId: 's', kind: 'create', tokenRef: 'tok', connection: toGithub }),
      IntegrationCreateFailed({ requestId: 's', failure: { kind: 'status', status: 409, message: 'x' } }),
    ])
    expect(s.modal).toMatchObject({ step: 'form', saving: false, failure: 'createFailed', form: filled })
    expect(s.notice?.key).toBe('integrations.createFailed')
  })

  it('edit mode saves as update; update and delete reload the integrations', () => {
    const edit = GitModalOpened({ vendor: 'gitlab', integrationKey: 'k9', form: filled })
    const t = [
      edit,
      ConnectionTestStarted({
        requestId: 't',
        tokenRef: 'tok',
        connection: toGitlabK9,
      }),
      ConnectionTestPassed({ requestId: 't' }),
    ]
    expect(gitMainButton(given(t).modal)?.action).toBe('update')
    integrations
      .given(...t)
      .when({ type: 'integrations/SaveIntegration', tokenRef: 'tok' })
      .then(
        SaveStarted({
          requestId: 'c-1',
          kind: 'update',
          tokenRef: 'tok',
          connection: toGitlabK9,
        }),
      )
    const after = given([
      ...t,
      IntegrationUpdated({ requestId: 'c-1', integrationKey: 'k9' }),
      IntegrationDeleted({ integrationKey: 'k9' }),
    ])
    expect(after.reloads).toBe(2)
    expect(after.modal).toEqual({ step: 'closed' })
    expect(after.notice).toEqual({ key: 'integrations.deleted', integrationKey: 'k9' })
  })

  it('closing resets form, edit mode, popover and loading', () => {
    const close = integrations
      .given(
        ...tested,
        SaveStarted({ requestId: 's', kind: 'create', tokenRef: 'tok', connection: toGithub }),
      )
      .when({ type: 'integrations/CloseGitModal' })
    expect(close.after().modal).toEqual({ step: 'closed' })
    integrations.given().when({ type: 'integrations/CloseGitModal' }).rejected('the git modal is closed')
  })

  it('events never carry a token, only whether one was typed', () => {
    const typed = integrations.given(...ready).when({ type: 'integrations/TokenTyped', present: false })
    typed.then(GitFormEdited({ ...filled, hasToken: false }))
    expect(JSON.stringify(typed.events())).not.toMatch(/"token"/i)
  })
})

describe('filters and the base URL', () => {
  it('applying filters canonicalises them (unknown values drop, panel order) and repeats are refused', () => {
    const applied = FiltersApplied({ categories: ['Packages', 'Security'], vendors: ['GCP'], search: 'jf' })
    integrations
      .given()
      .when({
        type: 'integrations/ApplyFilters',
        filters: { categories: ['Security', 'Nope', 'Packages'], vendors: ['GCP'], search: 'jf' },
      })
      .then(applied)
    integrations
      .given(applied)
      .when({
        type: 'integrations/ApplyFilters',
        filters: { categories: ['Packages', 'Security'], vendors: ['GCP'], search: 'jf' },
      })
      .rejected(/^the filters did not change$/)
  })

  it('a base URL gets its trailing slash; other text is left as typed', () => {
    expect(gitBaseUrl('https://api.github.com')).toBe('https://api.github.com/')
    expect(gitBaseUrl('https://gitlab.example/api/v4/')).toBe('https://gitlab.example/api/v4/')
    expect(gitBaseUrl('https://host/x?y=1')).toBe('https://host/x?y=1')
    expect(gitBaseUrl('not a url')).toBe('not a url')
  })
})

describe('tool setup (the common integration modal)', () => {
  const jfrogCli = {
    id: 'jfrog-cli',
    label: 'JFrog CLI',
    icon: 'jfrog-cli',
    categories: ['CI/CD'],
    vendors: [],
    documentationLink: 'https://docs.example/cli',
    configureAction: {
      type: 'action' as const,
      actionName: 'openCommonIntegrationModal',
      payload: { tool: 'jfrog-cli' },
    },
  }
  const loaded = [
    CatalogueRequested({ requestId: 'r' }),
    CatalogueLoaded({ requestId: 'r', entries: [jfrogCli] }),
  ]
  const setUp = { type: 'integrations/RunSetupAction', entryId: 'jfrog-cli' } as const

  it('an OAuth user’s Set Up asks for the API key with the setup data; anyone else’s does not', () => {
    as({ admin: true, oauthUser: true, name: 'ann' })
      .given(...loaded)
      .when(setUp)
      .then(ToolOpened({ tool: 'jfrog-cli', requestId: 'c-1', withApiKey: true, userName: 'ann' }))
    as({ admin: true, oauthUser: false, name: 'ann' })
      .given(...loaded)
      .when(setUp)
      .then(ToolOpened({ tool: 'jfrog-cli', requestId: 'c-1', withApiKey: false, userName: 'ann' }))
  })

  it('only an admin runs a setup action or keeps git integrations: others get documentation only', () => {
    const developer = as({ admin: false, oauthUser: false, name: 'ann' }).given(...loaded)
    for (const command of [
      setUp,
      { type: 'integrations/OpenTool', tool: 'jfrog-cli', withApiKey: false },
      { type: 'integrations/OpenGitModal', vendor: 'github' },
      { type: 'integrations/DeleteIntegration', integrationKey: 'github-1' },
      { type: 'integrations/SaveRepoSelection', integrationKey: 'github-1', selected: [] },
    ] as const)
      developer.when(command).rejected(/^only an admin sets up integrations$/)
  })

  it('a failed API key fetch is recorded only: the setup goes on to ready without a key', () => {
    integrations
      .given(...loaded, ToolOpened({ tool: 'jfrog-cli', requestId: 't', withApiKey: true, userName: 'ann' }))
      .when({ type: 'integrations/CloseTool' })
      .then(ToolClosed({}))
    const s = given([
      ...loaded,
      ToolOpened({ tool: 'jfrog-cli', requestId: 't', withApiKey: true, userName: 'ann' }),
      ToolApiKeyFailed({ requestId: 't', failure: { kind: 'status', status: 401, message: 'no' } }),
      ToolSetupReady({ requestId: 't', baseUrl: 'http://p.example/', apiKeyRef: null }),
    ])
    expect(s.tool).toEqual({
      step: 'open',
      tool: 'jfrog-cli',
      setup: { status: 'ready', requestId: 't', baseUrl: 'http://p.example/', apiKeyRef: null },
    })
  })
})

describe('the git form rule (validateGitForm)', () => {
  const form = {
    userName: 'octo',
    integrationName: 'main-github',
    url: 'https://api.github.com',
    hasToken: true,
  }
  it.each([
    ['a whole form', form, false, null],
    ['no user name', { ...form, userName: '  ' }, false, { userName: { key: 'mandatory' } }],
    [
      'no integration name',
      { ...form, integrationName: '' },
      false,
      { integrationName: { key: 'mandatory' } },
    ],
    [
      'a name with a space',
      { ...form, integrationName: 'main github' },
      false,
      { integrationName: { key: 'invalidName' } },
    ],
    [
      'a name of 65',
      { ...form, integrationName: 'a'.repeat(65) },
      false,
      { integrationName: { key: 'tooLong', max: 64 } },
    ],
    ['no URL', { ...form, url: '' }, false, { url: { key: 'mandatory' } }],
    ['not a URL', { ...form, url: 'api.github' }, false, { url: { key: 'invalidUrl' } }],
    ...[
      'http://169.254.169.254/latest/meta-data/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fe80::1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://100.100.100.200/',
    ].map(
      (url) =>
        [
          `a link-local or metadata URL: ${url}`,
          { ...form, url },
          false,
          { url: { key: 'refusedAddress' } },
        ] as const,
    ),
    ['a private address (a vendor on the network)', { ...form, url: 'http://10.0.0.5/api/v3' }, false, null],
    ['no token on create', { ...form, hasToken: false }, false, { token: { key: 'mandatory' } }],
    ['no token on edit (the stored one stays)', { ...form, hasToken: false }, true, null],
  ] as const)('%s', (_, given, editing, problems) => {
    expect(validateGitForm(given, editing)).toEqual(problems === null ? right(given) : left(problems))
  })
})
