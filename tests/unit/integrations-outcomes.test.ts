/**
 * The integrations area as a user and a script see it (spec 001: integrations catalogue, git
 * integration modal, vendor table, error catalogue): what loads, what a late answer changes
 * (nothing), which notices and navigations follow an outcome, and what is refused.
 */
import { describe, expect, it } from 'vitest'
import {
  CatalogueLoadFailed,
  CatalogueLoaded,
  CatalogueRequested,
  ConnectionTestFailed,
  ConnectionTestPassed,
  ConnectionTestStarted,
  DeleteStarted,
  FiltersApplied,
  FiltersEdited,
  GitFormEdited,
  GitModalClosed,
  GitModalOpened,
  IntegrationCreateFailed,
  IntegrationCreated,
  IntegrationDeleteFailed,
  IntegrationDeleted,
  IntegrationUpdateFailed,
  IntegrationUpdated,
  PopoverDismissed,
  RepoSelectionSaveFailed,
  RepoSelectionSaveStarted,
  RepoSelectionSaved,
  ReposFailed,
  ReposLoaded,
  ReposRequested,
  SaveStarted,
  ServiceChosen,
  SetupRedirected,
  ToolClosed,
  ToolOpened,
  ToolSetupFailed,
  ToolSetupReady,
  VendorListFailed,
  VendorListLoaded,
  VendorListRequested,
  integrationsDecider,
  type IntegrationsEvent,
} from '../../domain/integrations'
import { decide, integrationsArea as integrationsSlice } from '../../domain/integrations/decider'
import { left, right } from 'fp-ts/Either'
import { appSlice, type AppEvent, type AppState } from '../../domain/app'
import type { CommandMeta } from '../../domain/shared/area'
import { foldEvents, specOf } from '../support/decider'
import { toGithub, toGitlabK9 } from '../support/gitConnections'

/** The area as the app runs it: its decide and policies over the app's state. */
const integrationsArea = appSlice(integrationsSlice)

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'c-1' }
const integrations = specOf(integrationsDecider, meta)
const given = (...events: ReadonlyArray<IntegrationsEvent>) => integrations.given(...events).state
const down = { kind: 'network' as const, message: 'down' }
const tokenRequired = { kind: 'status' as const, status: 400, code: 'TOKEN_REQUIRED', message: 'token' }

const filled = { userName: 'octo', integrationName: 'gh-main', url: 'https://api.github.com', hasToken: true }
const opened = GitModalOpened({ vendor: 'github', integrationKey: null, form: filled })
const testing = [opened, ConnectionTestStarted({ requestId: 't', tokenRef: 'tok', connection: toGithub })]
const tested = [...testing, ConnectionTestPassed({ requestId: 't' })]
const editing = GitModalOpened({
  vendor: 'gitlab',
  integrationKey: 'k9',
  form: { ...filled, hasToken: false },
})

const entry = (
  id: string,
  configureAction?: { type: 'redirect' | 'action'; actionName: string; payload: object },
) => ({
  id,
  label: id,
  icon: id,
  categories: ['Security'],
  vendors: [],
  documentationLink: `https://docs.example/${id}`,
  ...(configureAction
    ? { configureAction: { ...configureAction, payload: { ...configureAction.payload } } }
    : {}),
})

describe('the catalogue', () => {
  it('loads once at a time; a failure can be retried; a late answer changes nothing', () => {
    integrations
      .given()
      .when({ type: 'integrations/LoadCatalogue' })
      .then(CatalogueRequested({ requestId: 'c-1' }))
    integrations
      .given(CatalogueRequested({ requestId: 'r' }))
      .when({ type: 'integrations/LoadCatalogue' })
      .rejected(/^the catalogue is already loading$/)
    const failed = [
      CatalogueRequested({ requestId: 'r' }),
      CatalogueLoadFailed({ requestId: 'r', failure: down }),
    ]
    expect(given(...failed).catalogue).toEqual({ status: 'failed', requestId: 'r', failure: down })
    integrations
      .given(...failed)
      .when({ type: 'integrations/LoadCatalogue' })
      .then(CatalogueRequested({ requestId: 'c-1' }))
    const loaded = given(
      CatalogueRequested({ requestId: 'old' }),
      CatalogueRequested({ requestId: 'r' }),
      CatalogueLoaded({ requestId: 'old', entries: [entry('stale')] }),
      CatalogueLoadFailed({ requestId: 'old', failure: down }),
      CatalogueLoaded({ requestId: 'r', entries: [entry('jfrog-cli')] }),
      CatalogueLoadFailed({ requestId: 'r', failure: down }),
    )
    expect(loaded.catalogue).toEqual({ status: 'loaded', requestId: 'r', data: [entry('jfrog-cli')] })
    const waiting = [CatalogueRequested({ requestId: 'old' }), CatalogueRequested({ requestId: 'r' })]
    expect(given(...waiting, CatalogueLoaded({ requestId: 'old', entries: [] })).catalogue.status).toBe(
      'loading',
    )
    expect(given(...waiting, CatalogueLoadFailed({ requestId: 'old', failure: down })).catalogue.status).toBe(
      'loading',
    )
    const once = [...waiting, CatalogueLoaded({ requestId: 'r', entries: [entry('a')] })]
    expect(given(...once, CatalogueLoaded({ requestId: 'r', entries: [entry('b')] })).catalogue).toEqual(
      given(...once).catalogue,
    )
  })
})

describe('filters', () => {
  it('what the panel shows follows each edit (canonical), a repeat is refused, search alone counts', () => {
    integrations
      .given()
      .when({
        type: 'integrations/EditFilters',
        filters: { categories: ['Security', 'Nope'], vendors: [], search: '' },
      })
      .then(FiltersEdited({ categories: ['Security'], vendors: [], search: '' }))
    const edited = FiltersEdited({ categories: ['Security'], vendors: [], search: 'jf' })
    expect(given(edited).draft).toEqual({ categories: ['Security'], vendors: [], search: 'jf' })
    expect(given(edited).filters).toEqual({ categories: [], vendors: [], search: '' })
    integrations
      .given(edited)
      .when({
        type: 'integrations/EditFilters',
        filters: { categories: ['Security'], vendors: [], search: 'jf' },
      })
      .rejected(/^the filters did not change$/)
    integrations
      .given(edited)
      .when({
        type: 'integrations/EditFilters',
        filters: { categories: ['Security'], vendors: [], search: 'jfr' },
      })
      .then(FiltersEdited({ categories: ['Security'], vendors: [], search: 'jfr' }))
  })

  it('applying what is already applied is refused, unless the panel shows something else meanwhile', () => {
    const none = { categories: [], vendors: [], search: '' }
    integrations
      .given()
      .when({ type: 'integrations/ApplyFilters', filters: none })
      .rejected(/did not change/)
    // The panel was edited and put back: applying brings the panel back to the applied filters.
    integrations
      .given(FiltersEdited({ categories: ['Security'], vendors: [], search: '' }))
      .when({ type: 'integrations/ApplyFilters', filters: none })
      .then(FiltersApplied(none))
    // The debounced apply of what the panel shows.
    integrations
      .given(FiltersEdited({ categories: ['Security'], vendors: [], search: '' }))
      .when({
        type: 'integrations/ApplyFilters',
        filters: { categories: ['Security'], vendors: [], search: '' },
      })
      .then(FiltersApplied({ categories: ['Security'], vendors: [], search: '' }))
    const applied = given(FiltersApplied({ categories: ['Security'], vendors: [], search: 'x' }))
    expect(applied.filters).toEqual(applied.draft)
  })
})

describe('Set Up of a catalogue entry', () => {
  const catalogue = (...entries: ReturnType<typeof entry>[]) => [
    CatalogueRequested({ requestId: 'r' }),
    CatalogueLoaded({ requestId: 'r', entries }),
  ]
  const setUp = (entryId: string) => ({ type: 'integrations/RunSetupAction', entryId }) as const

  it('needs the catalogue and an entry with a setup action', () => {
    integrations
      .given()
      .when(setUp('x'))
      .rejected(/^the catalogue is not loaded$/)
    integrations
      .given(...catalogue(entry('docs-only')))
      .when(setUp('docs-only'))
      .rejected(/no setup action/)
    integrations
      .given(...catalogue(entry('docs-only')))
      .when(setUp('missing'))
      .rejected(/no setup action/)
  })

  it('a redirect goes to the page it names, with the rest of its payload as the query', () => {
    const ldap = entry('ldap', {
      type: 'redirect',
      actionName: 'admin.configuration.security.ldap',
      payload: { tab: 'x' },
    })
    integrations
      .given(...catalogue(ldap))
      .when(setUp('ldap'))
      .then(SetupRedirected({ entryId: 'ldap', path: '/admin/configuration/security/ldap?tab=x' }))
    const nowhere = entry('bad', { type: 'redirect', actionName: '../etc', payload: {} })
    integrations
      .given(...catalogue(nowhere))
      .when(setUp('bad'))
      .rejected(/^the setup action leads nowhere: \.\.\/etc$/)
  })

  it('Set Up runs the chosen entry’s action, never another’s; a redirect changes no state', () => {
    const cli = entry('jfrog-cli', {
      type: 'action',
      actionName: 'openCommonIntegrationModal',
      payload: { tool: 'jfrog-cli' },
    })
    const frogbot = entry('frogbot', {
      type: 'action',
      actionName: 'openCommonIntegrationModal',
      payload: { tool: 'frogbot' },
    })
    integrations
      .given(...catalogue(cli, frogbot))
      .when(setUp('frogbot'))
      .then(ToolOpened({ tool: 'frogbot', requestId: 'c-1', withApiKey: false, userName: '' }))
    const s = given(...catalogue(cli))
    expect(given(...catalogue(cli), SetupRedirected({ entryId: 'x', path: '/x' }))).toEqual(s)
  })

  it('an action opens the tool it names; an unknown action or one without a tool is refused', () => {
    const unknown = entry('u', { type: 'action', actionName: 'launchRocket', payload: { tool: 'x' } })
    integrations
      .given(...catalogue(unknown))
      .when(setUp('u'))
      .rejected(/^unknown setup action launchRocket$/)
    const noTool = entry('n', {
      type: 'action',
      actionName: 'openCommonIntegrationModal',
      payload: { tool: 3 },
    })
    integrations
      .given(...catalogue(noTool))
      .when(setUp('n'))
      .rejected(/^the setup action names no tool$/)
  })

  it('a tool opens loading its setup; a failure or a late answer is shown for the open tool only', () => {
    integrations
      .given()
      .when({ type: 'integrations/OpenTool', tool: 'frogbot', withApiKey: true })
      .then(ToolOpened({ tool: 'frogbot', requestId: 'c-1', withApiKey: true, userName: '' }))
    integrations
      .given()
      .when({ type: 'integrations/CloseTool' })
      .rejected(/^no tool is open$/)
    const open = ToolOpened({ tool: 'frogbot', requestId: 't', withApiKey: false, userName: '' })
    expect(given(open).tool).toEqual({
      step: 'open',
      tool: 'frogbot',
      setup: { status: 'loading', requestId: 't' },
    })
    expect(given(open, ToolSetupFailed({ requestId: 't', failure: down })).tool).toEqual({
      step: 'open',
      tool: 'frogbot',
      setup: { status: 'failed', requestId: 't', failure: down },
    })
    const late = [
      ToolSetupReady({ requestId: 'old', baseUrl: 'http://p/', apiKeyRef: null }),
      ToolSetupFailed({ requestId: 'old', failure: down }),
    ]
    expect(given(open, ...late).tool).toEqual(given(open).tool)
    expect(given(...late).tool).toEqual({ step: 'closed' })
    expect(given(open, ToolClosed({}), ...late).tool).toEqual({ step: 'closed' })
  })
})

describe('the vendor table and its repositories', () => {
  const list = {
    vendor: 'github' as const,
    integrations: [],
    configuredServices: [],
  }
  const repo = { name: 'octo/app', private: false, selected: true }

  it('the vendor table loads, fails, and ignores an answer it no longer waits for', () => {
    integrations
      .given()
      .when({ type: 'integrations/LoadVendorList', vendor: 'github' })
      .then(VendorListRequested({ requestId: 'c-1', vendor: 'github' }))
    const asked = VendorListRequested({ requestId: 'v', vendor: 'github' })
    expect(given(asked).vendorList).toEqual({ status: 'loading', requestId: 'v' })
    expect(given(asked, VendorListLoaded({ requestId: 'v', list })).vendorList).toEqual({
      status: 'loaded',
      requestId: 'v',
      data: list,
    })
    expect(given(asked, VendorListFailed({ requestId: 'v', failure: down })).vendorList).toEqual({
      status: 'failed',
      requestId: 'v',
      failure: down,
    })
    const loaded = given(asked, VendorListLoaded({ requestId: 'v', list }))
    for (const late of [
      VendorListLoaded({ requestId: 'x', list }),
      VendorListFailed({ requestId: 'v', failure: down }),
    ])
      expect(
        integrations.given(asked, VendorListLoaded({ requestId: 'v', list }), late).state.vendorList,
      ).toEqual(loaded.vendorList)
    expect(given(asked, VendorListFailed({ requestId: 'x', failure: down })).vendorList.status).toBe(
      'loading',
    )
    expect(given(asked, VendorListLoaded({ requestId: 'x', list })).vendorList.status).toBe('loading')
    const other = { ...list, vendor: 'gitlab' as const }
    expect(
      given(
        asked,
        VendorListLoaded({ requestId: 'v', list }),
        VendorListLoaded({ requestId: 'v', list: other }),
      ).vendorList,
    ).toEqual(loaded.vendorList)
  })

  it('repositories load afresh, forgetting the last save; late answers change nothing', () => {
    integrations
      .given()
      .when({ type: 'integrations/LoadRepos', integrationKey: 'k1' })
      .then(ReposRequested({ requestId: 'c-1', integrationKey: 'k1' }))
    const saved = [
      ReposRequested({ requestId: 'a', integrationKey: 'k1' }),
      ReposLoaded({ requestId: 'a', repositories: [repo] }),
      RepoSelectionSaveStarted({ requestId: 's', integrationKey: 'k1', selected: ['octo/app'] }),
      RepoSelectionSaved({ requestId: 's', repositories: [repo] }),
    ]
    expect(given(...saved).reposSave).toEqual({ status: 'saved', requestId: 's' })
    const again = given(...saved, ReposRequested({ requestId: 'b', integrationKey: 'k1' }))
    expect(again.reposSave).toEqual({ status: 'idle', requestId: '' })
    expect(again.repos).toEqual({ status: 'loading', requestId: 'b' })
    expect(
      given(
        ReposRequested({ requestId: 'b', integrationKey: 'k' }),
        ReposFailed({ requestId: 'b', failure: down }),
      ).repos,
    ).toEqual({
      status: 'failed',
      requestId: 'b',
      failure: down,
    })
    const loading = [ReposRequested({ requestId: 'b', integrationKey: 'k' })]
    expect(given(...loading, ReposLoaded({ requestId: 'a', repositories: [repo] })).repos.status).toBe(
      'loading',
    )
    expect(given(...loading, ReposFailed({ requestId: 'a', failure: down })).repos.status).toBe('loading')
    const done = given(...loading, ReposLoaded({ requestId: 'b', repositories: [repo] }))
    expect(done.repos).toEqual({ status: 'loaded', requestId: 'b', data: [repo] })
    expect(
      integrations.given(
        ...loading,
        ReposLoaded({ requestId: 'b', repositories: [repo] }),
        ReposFailed({ requestId: 'b', failure: down }),
      ).state.repos,
    ).toEqual(done.repos)
    expect(
      integrations.given(
        ...loading,
        ReposLoaded({ requestId: 'b', repositories: [repo] }),
        ReposLoaded({ requestId: 'b', repositories: [] }),
      ).state.repos,
    ).toEqual(done.repos)
  })

  it('a selection is saved once at a time, each name once; the saved list is what the platform says', () => {
    integrations
      .given()
      .when({ type: 'integrations/SaveRepoSelection', integrationKey: 'k1', selected: ['a', 'b', 'a'] })
      .then(RepoSelectionSaveStarted({ requestId: 'c-1', integrationKey: 'k1', selected: ['a', 'b'] }))
    const saving = RepoSelectionSaveStarted({ requestId: 's', integrationKey: 'k1', selected: ['a'] })
    integrations
      .given(saving)
      .when({ type: 'integrations/SaveRepoSelection', integrationKey: 'k1', selected: ['a'] })
      .rejected(/^a save is under way$/)
    expect(given(saving).reposSave).toEqual({ status: 'saving', requestId: 's' })
    const saved = given(saving, RepoSelectionSaved({ requestId: 's', repositories: [repo] }))
    expect(saved.repos).toEqual({ status: 'loaded', requestId: 's', data: [repo] })
    expect(given(saving, RepoSelectionSaveFailed({ requestId: 's', failure: down })).reposSave).toEqual({
      status: 'failed',
      requestId: 's',
    })
    expect(given(saving, RepoSelectionSaved({ requestId: 'x', repositories: [repo] }))).toEqual(given(saving))
    expect(given(saving, RepoSelectionSaveFailed({ requestId: 'x', failure: down }))).toEqual(given(saving))
  })
})

describe('the git modal, beyond the happy path', () => {
  it('edit mode opens with the integration’s fields and no token typed', () => {
    integrations
      .given()
      .when({
        type: 'integrations/OpenGitModal',
        vendor: 'gitlab',
        edit: { integrationKey: 'k9', userName: 'u', integrationName: 'n', url: 'https://gitlab.example/' },
      })
      .then(
        GitModalOpened({
          vendor: 'gitlab',
          integrationKey: 'k9',
          form: { userName: 'u', integrationName: 'n', url: 'https://gitlab.example/', hasToken: false },
        }),
      )
  })

  it('the form is only edited while it is open; typing the same token presence again is nothing new', () => {
    integrations
      .given()
      .when({ type: 'integrations/EditGitForm', field: 'url', value: 'x' })
      .rejected(/not open/)
    integrations
      .given()
      .when({ type: 'integrations/TokenTyped', present: true })
      .rejected(/not open/)
    integrations
      .given(opened)
      .when({ type: 'integrations/TokenTyped', present: true })
      .rejected(/did not change/)
    integrations
      .given(opened)
      .when({ type: 'integrations/EditGitForm', field: 'userName', value: 'hubot' })
      .then(GitFormEdited({ ...filled, userName: 'hubot' }))
    expect(given(opened, GitFormEdited({ ...filled, userName: 'hubot' }))).toMatchObject({
      modal: { form: { userName: 'hubot' } },
    })
    // Editing after a passed test hides the popover with the test.
    expect(given(...tested, GitFormEdited(filled)).modal).toMatchObject({
      test: 'notTested',
      popover: false,
      failure: null,
    })
    // Events for a closed form change nothing.
    expect(
      given(
        GitFormEdited(filled),
        ConnectionTestStarted({ requestId: 't', tokenRef: null, connection: toGithub }),
        PopoverDismissed({}),
        SaveStarted({ requestId: 's', kind: 'create', tokenRef: null, connection: toGithub }),
      ),
    ).toEqual(given())
  })

  it('one test at a time; a new integration’s test needs its token, an edit may use the stored one', () => {
    integrations
      .given(...testing)
      .when({ type: 'integrations/TestConnection', tokenRef: 'tok' })
      .rejected(/under way/)
    integrations
      .given(opened)
      .when({ type: 'integrations/TestConnection' })
      .rejected(/^no token was given$/)
    integrations
      .given(editing)
      .when({ type: 'integrations/TestConnection' })
      .then(ConnectionTestStarted({ requestId: 'c-1', tokenRef: null, connection: toGitlabK9 }))
    expect(given(...testing).modal).toMatchObject({ test: 'testing', failure: null })
  })

  it('the platform asking for the token again says so; an answer to no running test changes nothing', () => {
    expect(
      given(...testing, ConnectionTestFailed({ requestId: 't', failure: tokenRequired })).modal,
    ).toMatchObject({
      test: 'failed',
      failure: 'tokenRequired',
    })
    const s = given(...testing, ConnectionTestFailed({ requestId: 't', failure: down }))
    expect(s.notice).toEqual({ key: 'integrations.testFailed', integrationKey: '' })
    expect(given(opened, ConnectionTestFailed({ requestId: 't', failure: down }))).toEqual(given(opened))
    expect(given(opened, ConnectionTestPassed({ requestId: 't' }))).toEqual(given(opened))
    expect(given(...tested, ConnectionTestFailed({ requestId: 't', failure: down }))).toEqual(
      given(...tested),
    )
  })

  it('a failed test keeps the cause the platform gave until the next test or edit', () => {
    const failed = ConnectionTestFailed({
      requestId: 't',
      failure: { kind: 'status', message: 'the connection test failed' },
      cause: 'unreachable',
    })
    expect(given(...testing, failed).modal).toMatchObject({
      test: 'failed',
      failure: 'testFailed',
      testCause: 'unreachable',
    })
    // The call itself failing says no cause; a new test or an edit forgets the old one.
    expect(
      given(...testing, ConnectionTestFailed({ requestId: 't', failure: down })).modal,
    ).not.toHaveProperty('testCause')
    expect(
      given(
        ...testing,
        failed,
        ConnectionTestStarted({ requestId: 'u', tokenRef: 'tok', connection: toGithub }),
      ).modal,
    ).not.toHaveProperty('testCause')
    expect(given(...testing, failed, GitFormEdited(filled)).modal).not.toHaveProperty('testCause')
  })

  it('the popover is dismissed only when shown', () => {
    integrations
      .given(opened)
      .when({ type: 'integrations/DismissPopover' })
      .rejected(/^no popover is shown$/)
    integrations
      .given(...tested)
      .when({ type: 'integrations/DismissPopover' })
      .then(PopoverDismissed({}))
    expect(given(...tested, PopoverDismissed({})).modal).toMatchObject({ popover: false, test: 'tested' })
  })

  it('one save at a time, of a valid form, with a token for a new integration', () => {
    const saving = [
      ...tested,
      SaveStarted({ requestId: 's', kind: 'create', tokenRef: 'tok', connection: toGithub }),
    ]
    expect(given(...saving).modal).toMatchObject({ saving: true, failure: null })
    integrations
      .given(...saving)
      .when({ type: 'integrations/SaveIntegration', tokenRef: 'tok' })
      .rejected(/under way/)
    integrations
      .given(...tested)
      .when({ type: 'integrations/SaveIntegration' })
      .rejected(/^no token was given$/)
    integrations
      .given(
        ...tested,
        GitFormEdited({ ...filled, url: '' }),
        ConnectionTestStarted({ requestId: 'u', tokenRef: 'tok', connection: toGithub }),
        ConnectionTestPassed({ requestId: 'u' }),
      )
      .when({ type: 'integrations/SaveIntegration', tokenRef: 'tok' })
      .rejected(/^the form is invalid$/)
  })

  it('an edit is saved with the stored token; a refused create and a done update say so', () => {
    const edit = [
      editing,
      ConnectionTestStarted({ requestId: 't', tokenRef: null, connection: toGitlabK9 }),
      ConnectionTestPassed({ requestId: 't' }),
    ]
    integrations
      .given(...edit)
      .when({ type: 'integrations/SaveIntegration' })
      .then(SaveStarted({ requestId: 'c-1', kind: 'update', tokenRef: null, connection: toGitlabK9 }))
    const refused = given(...tested, IntegrationCreateFailed({ requestId: 's', failure: down }))
    expect(refused.notice).toEqual({ key: 'integrations.createFailed', integrationKey: '' })
    const updated = given(...edit, IntegrationUpdated({ requestId: 's', integrationKey: 'k9' }))
    expect(updated.notice).toEqual({ key: 'integrations.updated', integrationKey: 'k9' })
    expect(updated.reloads).toBe(1)
  })

  it('an invalid form names every field at fault', () => {
    integrations
      .given(
        GitModalOpened({
          vendor: 'github',
          integrationKey: null,
          form: { userName: '', integrationName: '', url: '', hasToken: false },
        }),
      )
      .when({ type: 'integrations/TestConnection', tokenRef: 'tok' })
      .rejected(/^the form is invalid: \w+, \w+/)
  })

  it('only a refusal by the platform asks for the token again', () => {
    const noAnswer = { kind: 'network' as const, code: 'TOKEN_REQUIRED', message: 'x' }
    expect(
      given(...testing, ConnectionTestFailed({ requestId: 't', failure: noAnswer })).modal,
    ).toMatchObject({ failure: 'testFailed' })
  })

  it('a refused update keeps the form: the token asked again, or the update failure', () => {
    const saving = [
      editing,
      ConnectionTestStarted({ requestId: 't', tokenRef: null, connection: toGitlabK9 }),
      ConnectionTestPassed({ requestId: 't' }),
      SaveStarted({ requestId: 's', kind: 'update', tokenRef: null, connection: toGitlabK9 }),
    ]
    const needsToken = given(...saving, IntegrationUpdateFailed({ requestId: 's', failure: tokenRequired }))
    expect(needsToken.modal).toMatchObject({ step: 'form', saving: false, failure: 'tokenRequired' })
    expect(needsToken.notice).toEqual({ key: 'integrations.updateFailed', integrationKey: '' })
    expect(given(...saving, IntegrationUpdateFailed({ requestId: 's', failure: down })).modal).toMatchObject({
      failure: 'updateFailed',
    })
  })

  it('a service is chosen only right after a create; a refused delete says which integration', () => {
    integrations
      .given(opened)
      .when({ type: 'integrations/ChooseService', service: 'xray' })
      .rejected(/just created/)
    integrations
      .given()
      .when({ type: 'integrations/DeleteIntegration', integrationKey: 'k1' })
      .then(DeleteStarted({ integrationKey: 'k1' }))
    const s = given(
      DeleteStarted({ integrationKey: 'k1' }),
      IntegrationDeleteFailed({ integrationKey: 'k1', failure: down }),
    )
    expect(s.notice).toEqual({ key: 'integrations.deleteFailed', integrationKey: 'k1' })
    expect(s.reloads).toBe(0)
    // A create answered after the modal closed leaves it closed, and still reloads.
    const late = given(
      opened,
      GitModalClosed({}),
      IntegrationCreated({ requestId: 's', integrationKey: 'k2' }),
    )
    expect(late.modal).toEqual({ step: 'closed' })
    expect(late.reloads).toBe(1)
    expect(given(...tested, ServiceChosen({ service: 'xray', path: '/x' })).modal).toEqual({ step: 'closed' })
  })
})

describe('what follows an outcome on the bus', () => {
  const policies = integrationsArea.policies!
  const on = (event: IntegrationsEvent, state: AppState = foldEvents([])) =>
    policies({ seq: 1, at: meta.now, source: 'effect', corr: 'c', event: event as AppEvent }, state)
  const toast = (kind: string, key: string, integrationKey: string) => ({
    type: 'notifications/Show',
    kind,
    message: { key, integrationKey },
  })

  it('each outcome of the catalogue has its notice (spec 001 error catalogue)', () => {
    expect(on(IntegrationCreated({ requestId: 's', integrationKey: 'k' }))).toEqual([
      toast('info', 'integrations.created', 'k'),
    ])
    expect(on(IntegrationCreateFailed({ requestId: 's', failure: down }))).toEqual([
      toast('error', 'integrations.createFailed', ''),
    ])
    expect(on(IntegrationUpdated({ requestId: 's', integrationKey: 'k' }))).toEqual([
      toast('success', 'integrations.updated', 'k'),
    ])
    expect(on(IntegrationUpdateFailed({ requestId: 's', failure: down }))).toEqual([
      toast('error', 'integrations.updateFailed', ''),
    ])
    expect(on(IntegrationDeleted({ integrationKey: 'k' }))).toEqual([
      toast('success', 'integrations.deleted', 'k'),
    ])
    expect(on(IntegrationDeleteFailed({ integrationKey: 'k', failure: down }))).toEqual([
      toast('error', 'integrations.deleteFailed', 'k'),
    ])
    expect(on(ConnectionTestFailed({ requestId: 't', failure: down }))).toEqual([
      toast('error', 'integrations.testFailed', ''),
    ])
    expect(on(ConnectionTestPassed({ requestId: 't' }))).toEqual([])
    expect(on(CatalogueLoadFailed({ requestId: 'r', failure: down }))).toEqual([])
  })

  it('a failure the open form says is not said again in a toast; after it closed, the toast says it', () => {
    const failedTest = ConnectionTestFailed({ requestId: 't', failure: down })
    expect(on(failedTest, foldEvents([...testing, failedTest]))).toEqual([])
    const failedCreate = IntegrationCreateFailed({ requestId: 's', failure: down })
    expect(on(failedCreate, foldEvents([...tested, failedCreate]))).toEqual([])
    const late = foldEvents([...tested, GitModalClosed({}), failedCreate])
    expect(on(failedCreate, late)).toEqual([toast('error', 'integrations.createFailed', '')])
  })

  it('after a change the open vendor table reloads', () => {
    const table = foldEvents([
      VendorListRequested({ requestId: 'v', vendor: 'gitlab' }),
      VendorListLoaded({
        requestId: 'v',
        list: { vendor: 'gitlab', integrations: [], configuredServices: [] },
      }),
    ])
    for (const e of [
      IntegrationCreated({ requestId: 's', integrationKey: 'k' }),
      IntegrationUpdated({ requestId: 's', integrationKey: 'k' }),
      IntegrationDeleted({ integrationKey: 'k' }),
    ])
      expect(on(e, table)).toContainEqual({ type: 'integrations/LoadVendorList', vendor: 'gitlab' })
    expect(on(IntegrationDeleted({ integrationKey: 'k' }))).toHaveLength(1)
  })

  it('a set-up redirect and a chosen service navigate there', () => {
    expect(on(SetupRedirected({ entryId: 'ldap', path: '/admin/x' }))).toEqual([
      { type: 'navigation/Navigate', to: '/admin/x' },
    ])
    expect(on(ServiceChosen({ service: 'xray', path: '/integrations/y' }))).toEqual([
      { type: 'navigation/Navigate', to: '/integrations/y' },
    ])
  })

  it('applied filters go in the URL of the catalogue page, once', () => {
    const at = (path: string, query: string): AppState => {
      const s = foldEvents([])
      return { ...s, navigation: { ...s.navigation, location: { ...s.navigation.location, path, query } } }
    }
    const applied = FiltersApplied({ categories: ['Security'], vendors: [], search: '' })
    const to = '/integrations?category=Security'
    const shown = on(applied, at('/integrations', ''))
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ type: 'navigation/Navigate', replace: true })
    const url = (shown[0] as { to: string }).to
    expect(url.startsWith('/integrations?')).toBe(true)
    expect(on(applied, at('/integrations', url.slice('/integrations'.length)))).toEqual([])
    expect(on(applied, at('/packages', ''))).toEqual([])
    void to
  })

  it('the signed-in user decides: an admin sets up, an OAuth admin’s tool gets an API key, others are refused', () => {
    const cli = entry('jfrog-cli', {
      type: 'action',
      actionName: 'openCommonIntegrationModal',
      payload: { tool: 'jfrog-cli' },
    })
    const base = foldEvents([
      CatalogueRequested({ requestId: 'r' }),
      CatalogueLoaded({ requestId: 'r', entries: [cli] }),
    ])
    const as = (user: { admin: boolean; realm: string } | null): AppState => ({
      ...base,
      session: { ...base.session, user: user as never },
    })
    const setUp = { type: 'integrations/RunSetupAction', entryId: 'jfrog-cli' } as const
    expect(integrationsArea.decide(setUp, as({ admin: true, realm: 'oauth' }), meta)).toEqual(
      right([ToolOpened({ tool: 'jfrog-cli', requestId: 'c-1', withApiKey: true, userName: '' })]),
    )
    expect(integrationsArea.decide(setUp, as({ admin: true, realm: 'internal' }), meta)).toEqual(
      right([ToolOpened({ tool: 'jfrog-cli', requestId: 'c-1', withApiKey: false, userName: '' })]),
    )
    expect(integrationsArea.decide(setUp, as({ admin: false, realm: 'oauth' }), meta)).toEqual(
      left('only an admin sets up integrations'),
    )
    expect(integrationsArea.decide(setUp, as(null), meta)).toEqual(left('only an admin sets up integrations'))
    // A script calling the decider without an asker is an admin who is not an OAuth user.
    expect(decide(setUp, base.integrations, meta)).toEqual(
      right([ToolOpened({ tool: 'jfrog-cli', requestId: 'c-1', withApiKey: false, userName: '' })]),
    )
  })

  it('asks nothing after another area’s event', () => {
    expect(
      policies(
        {
          seq: 1,
          at: meta.now,
          source: 'effect',
          corr: 'c',
          event: { type: 'session/SignedOut', data: { reason: 'user' } } as AppEvent,
        },
        foldEvents([]),
      ),
    ).toEqual([])
  })

  it('signing out forgets the catalogue, the filters and the modal', () => {
    const s = foldEvents([
      CatalogueRequested({ requestId: 'r' }),
      opened,
      { type: 'session/SignedOut', data: { reason: 'user' } } as AppEvent,
    ])
    expect(s.integrations).toEqual(integrationsDecider.initialState)
  })
})
