/** The integrations decider: given events, when command, then events (the git modal and the filters). */
import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/Either'
import {
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
  gitBaseUrl,
  gitMainButton,
  integrationsDecider,
  type IntegrationsCommand,
  type IntegrationsEvent,
  type IntegrationsState,
} from '../../domain/integrations'
import type { CommandMeta } from '../../domain/shared/area'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', nowMs: 0, id: 'c-1' }
const given = (events: ReadonlyArray<IntegrationsEvent>): IntegrationsState =>
  events.reduce(integrationsDecider.evolve, integrationsDecider.initialState)
const when = (events: ReadonlyArray<IntegrationsEvent>, command: IntegrationsCommand) =>
  integrationsDecider.decide(command, given(events), meta)
const thenEvents = (d: ReturnType<typeof when>) => (isRight(d) ? d.right : d.left)

const filled = { userName: 'octo', integrationName: 'gh-main', url: 'https://api.github.com', hasToken: true }
const opened = GitModalOpened({
  vendor: 'github',
  integrationKey: null,
  form: { ...filled, hasToken: false },
})
const ready = [opened, GitFormEdited(filled)]
const tested = [...ready, ConnectionTestStarted({ requestId: 't' }), ConnectionTestPassed({ requestId: 't' })]

describe('git modal', () => {
  it('opens in create mode with an empty, untested form; the main button is a disabled Test', () => {
    const d = when([], { type: 'integrations/OpenGitModal', vendor: 'github' })
    expect(thenEvents(d)).toEqual([
      GitModalOpened({
        vendor: 'github',
        integrationKey: null,
        form: { userName: '', integrationName: '', url: '', hasToken: false },
      }),
    ])
    const s = given(isRight(d) ? d.right : [])
    expect(s.modal).toMatchObject({ step: 'form', test: 'notTested', popover: false })
    expect(gitMainButton(s.modal)).toEqual({ action: 'test', disabled: true })
  })

  it('an invalid form cannot be tested; a valid one can', () => {
    expect(thenEvents(when([opened], { type: 'integrations/TestConnection' }))).toBe(
      'the form is invalid: token',
    )
    expect(thenEvents(when(ready, { type: 'integrations/TestConnection' }))).toEqual([
      ConnectionTestStarted({ requestId: 'c-1' }),
    ])
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
      ConnectionTestStarted({ requestId: 't' }),
      ConnectionTestFailed({ requestId: 't', failure: { kind: 'status', status: 401, message: 'x' } }),
    ])
    expect(s.modal).toMatchObject({ test: 'failed', failure: 'testFailed', form: filled })
    expect(gitMainButton(s.modal)?.action).toBe('test')
  })

  it('create is refused until the connection test passed', () => {
    expect(thenEvents(when(ready, { type: 'integrations/SaveIntegration' }))).toBe(
      'the connection was not tested',
    )
    expect(thenEvents(when(tested, { type: 'integrations/SaveIntegration' }))).toEqual([
      SaveStarted({ requestId: 'c-1', kind: 'create' }),
    ])
  })

  it('editing a credential after a test asks for a new test; resetting on demand does too', () => {
    const edited = when(tested, {
      type: 'integrations/EditGitForm',
      field: 'url',
      value: 'https://gitlab.example/',
    })
    expect(given([...tested, ...(isRight(edited) ? edited.right : [])]).modal).toMatchObject({
      test: 'notTested',
    })
    const reset = when(tested, { type: 'integrations/ResetConnectionTest' })
    expect(given([...tested, ...(isRight(reset) ? reset.right : [])]).modal).toMatchObject({
      test: 'notTested',
      popover: false,
    })
  })

  it('after create, the select-service step; choosing a service goes to select-repos with vcsType and integrationId', () => {
    const created = [
      ...tested,
      SaveStarted({ requestId: 's', kind: 'create' }),
      IntegrationCreated({ requestId: 's', integrationKey: 'k1' }),
    ]
    const s = given(created)
    expect(s.modal).toEqual({ step: 'selectService', vendor: 'github', integrationKey: 'k1' })
    expect(s.notice).toEqual({ key: 'integrations.created', integrationKey: 'k1' })
    expect(thenEvents(when(created, { type: 'integrations/ChooseService', service: 'xray' }))).toEqual([
      expect.objectContaining({
        type: 'integrations/ServiceChosen',
        data: { service: 'xray', path: '/integrations/select-repos?vcsType=github&integrationId=k1' },
      }),
    ])
  })

  it('a failed create keeps the form, clears saving, and gives the create-failed notice', () => {
    const s = given([
      ...tested,
      SaveStarted({ requestId: 's', kind: 'create' }),
      IntegrationCreateFailed({ requestId: 's', failure: { kind: 'status', status: 409, message: 'x' } }),
    ])
    expect(s.modal).toMatchObject({ step: 'form', saving: false, failure: 'createFailed', form: filled })
    expect(s.notice?.key).toBe('integrations.createFailed')
  })

  it('edit mode saves as update; update and delete reload the integrations', () => {
    const edit = GitModalOpened({ vendor: 'gitlab', integrationKey: 'k9', form: filled })
    const t = [edit, ConnectionTestStarted({ requestId: 't' }), ConnectionTestPassed({ requestId: 't' })]
    expect(gitMainButton(given(t).modal)?.action).toBe('update')
    expect(thenEvents(when(t, { type: 'integrations/SaveIntegration' }))).toEqual([
      SaveStarted({ requestId: 'c-1', kind: 'update' }),
    ])
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
    const d = when([...tested, SaveStarted({ requestId: 's', kind: 'create' })], {
      type: 'integrations/CloseGitModal',
    })
    expect(isRight(d)).toBe(true)
    const s = given([...tested, ...(isRight(d) ? d.right : [])])
    expect(s.modal).toEqual({ step: 'closed' })
    expect(isLeft(when([], { type: 'integrations/CloseGitModal' }))).toBe(true)
  })

  it('events never carry a token, only whether one was typed', () => {
    const d = when(ready, { type: 'integrations/TokenTyped', present: false })
    expect(JSON.stringify(thenEvents(d))).not.toMatch(/"token"/i)
    expect(thenEvents(d)).toEqual([GitFormEdited({ ...filled, hasToken: false })])
  })
})

describe('filters and the base URL', () => {
  it('applying filters canonicalises them (unknown values drop, panel order) and repeats are refused', () => {
    const d = when([], {
      type: 'integrations/ApplyFilters',
      filters: { categories: ['Security', 'Nope', 'Packages'], vendors: ['GCP'], search: 'jf' },
    })
    expect(thenEvents(d)).toEqual([
      FiltersApplied({ categories: ['Packages', 'Security'], vendors: ['GCP'], search: 'jf' }),
    ])
    const again = when(isRight(d) ? d.right : [], {
      type: 'integrations/ApplyFilters',
      filters: { categories: ['Packages', 'Security'], vendors: ['GCP'], search: 'jf' },
    })
    expect(thenEvents(again)).toBe('the filters did not change')
  })

  it('a base URL gets its trailing slash; other text is left as typed', () => {
    expect(gitBaseUrl('https://api.github.com')).toBe('https://api.github.com/')
    expect(gitBaseUrl('https://gitlab.example/api/v4/')).toBe('https://gitlab.example/api/v4/')
    expect(gitBaseUrl('https://host/x?y=1')).toBe('https://host/x?y=1')
    expect(gitBaseUrl('not a url')).toBe('not a url')
  })
})
