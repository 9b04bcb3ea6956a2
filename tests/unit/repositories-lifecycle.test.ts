/**
 * The repositories decider past the form: loading the list and a remote, deleting, creating
 * quickly, the client token's failure, the connection test's failure and refusal, a new form,
 * and what each outcome asks for next (a reload, a toast, the list's page).
 */
import { describe, expect, it } from 'vitest'
import { appSlice, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { repositoriesArea } from '../../domain/repositories/decider'
import * as R from '../../domain/repositories/events'
import { emptyRemoteForm, emptyRepositoryForm } from '../../domain/repositories'
import { foldEvents, spec } from '../support/decider'

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'id-1' }
const fold = (...events: AppEvent[]): AppState => foldEvents(events)
const repositories = spec(appSlice(repositoriesArea), meta)
const failure = { kind: 'network', message: 'down' } as const
const policiesOf = (event: AppEvent) =>
  appSlice(repositoriesArea).policies!(
    { seq: 1, at: meta.now, source: 'effect', corr: 'c', event } as never,
    initialAppState,
  )

const settings = {
  offline: false,
  metadataTtlSeconds: 60,
  connectTimeoutMs: 1000,
  readTimeoutMs: 2000,
  hasCredentials: false,
  lastFailure: null,
  lastFailureAt: null,
  lastSuccessAt: null,
}
const testAsked = R.ConnectionTestRequested({
  requestId: 't1',
  key: 'r',
  packageType: 'npm',
  url: 'http://h',
  connectTimeoutMs: 100,
  readTimeoutMs: 100,
  credentials: { kind: 'keep' },
})

describe('repositories: loading', () => {
  it('asks for the list and for a remote by key', () => {
    repositories
      .given()
      .when({ type: 'repositories/LoadList' })
      .then(R.ListRequested({ requestId: 'id-1' }))
    repositories
      .given()
      .when({ type: 'repositories/LoadRemote', key: 'npm-remote' })
      .then(R.RemoteRequested({ requestId: 'id-1', key: 'npm-remote' }))
  })

  it('a list answer to an older request is ignored', () => {
    const s = fold(
      R.ListRequested({ requestId: 'l1' }),
      R.ListRequested({ requestId: 'l2' }),
      R.ListLoaded({ requestId: 'l1', repositories: [] }),
    )
    expect(s.repositories.list).toEqual({ status: 'loading', requestId: 'l2' })
  })

  it("a remote's failure is shown; answers about no remote asked, or another, change nothing", () => {
    const asked = R.RemoteRequested({ requestId: 'q1', key: 'npm-remote' })
    expect(
      fold(asked, R.RemoteLoadFailed({ requestId: 'q1', key: 'npm-remote', failure })).repositories.remote,
    ).toEqual({
      key: 'npm-remote',
      settings: { status: 'failed', failure },
    })
    for (const answer of [
      R.RemoteLoaded({ requestId: 'q1', key: 'other-remote', settings }),
      R.RemoteLoadFailed({ requestId: 'q1', key: 'other-remote', failure }),
    ]) {
      expect(fold(answer).repositories).toEqual(initialAppState.repositories)
      expect(fold(asked, answer).repositories).toEqual(fold(asked).repositories)
    }
  })

  it("asking for the same remote again keeps its settings shown; another remote's start empty", () => {
    const loaded = [
      R.RemoteRequested({ requestId: 'q1', key: 'npm-remote' }),
      R.RemoteLoaded({ requestId: 'q1', key: 'npm-remote', settings }),
    ]
    expect(
      fold(...loaded, R.RemoteRequested({ requestId: 'q2', key: 'npm-remote' })).repositories.remote,
    ).toEqual({
      key: 'npm-remote',
      settings: { status: 'loading', requestId: 'q2', previous: settings },
    })
    expect(
      fold(...loaded, R.RemoteRequested({ requestId: 'q2', key: 'maven-remote' })).repositories.remote,
    ).toEqual({
      key: 'maven-remote',
      settings: { status: 'loading', requestId: 'q2' },
    })
  })
})

describe('repositories: saving', () => {
  const local = { ...emptyRepositoryForm('local', { key: 'k' }), members: [] }

  it('a local form sends no remote part, even if one was typed', () => {
    repositories
      .given()
      .when({
        type: 'repositories/Save',
        create: true,
        form: local,
        remote: emptyRemoteForm({ connectTimeoutMs: 'abc' }),
      })
      .then(R.SaveRequested({ requestId: 'id-1', create: true, form: local }))
  })

  it("a remote form whose own fields are good is refused for its remote part's problems", () => {
    const remote = {
      ...emptyRepositoryForm('remote', { key: 'r', url: 'http://127.0.0.1:4873' }),
      members: [],
    }
    repositories
      .given()
      .when({
        type: 'repositories/Save',
        create: true,
        form: remote,
        remote: emptyRemoteForm({ connectTimeoutMs: 'abc' }),
      })
      .then(
        R.SaveRejected({
          problems: { connectTimeoutMs: { key: 'wholeNumberBetween', min: 100, max: 300_000 } },
        }),
      )
  })

  it('saved, the form is done, the list is asked again, the user told and taken to the list', () => {
    const s = fold(
      R.SaveRequested({ requestId: 's1', create: true, form: local }),
      R.Saved({ requestId: 's1', key: 'k' }),
    )
    expect(s.repositories.save).toEqual({ status: 'done', requestId: 's1' })
    expect(policiesOf(R.Saved({ requestId: 's1', key: 'k' }))).toEqual([
      { type: 'repositories/LoadList' },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'saved', subject: 'repository', name: 'k' },
      },
      { type: 'navigation/Navigate', to: '/repos' },
    ])
  })
})

describe('repositories: deleting', () => {
  it('asks for one deletion at a time, and shows how it ended', () => {
    repositories
      .given()
      .when({ type: 'repositories/Delete', key: 'k' })
      .then(R.DeleteRequested({ requestId: 'id-1', key: 'k' }))
    const asked = R.DeleteRequested({ requestId: 'd1', key: 'k' })
    expect(fold(asked).repositories.deletion).toEqual({ status: 'pending', requestId: 'd1' })
    repositories
      .given(asked)
      .when({ type: 'repositories/Delete', key: 'j' })
      .rejected('a deletion is already under way')
    const done = R.Deleted({ requestId: 'd1', key: 'k' })
    expect(fold(asked, done).repositories.deletion).toEqual({ status: 'done', requestId: 'd1' })
    repositories
      .given(asked, done)
      .when({ type: 'repositories/Delete', key: 'j' })
      .then(R.DeleteRequested({ requestId: 'id-1', key: 'j' }))
    expect(fold(asked, R.DeleteFailed({ requestId: 'd1', key: 'k', failure })).repositories.deletion).toEqual(
      {
        status: 'failed',
        requestId: 'd1',
        failure,
      },
    )
  })

  it('deleted, the list is asked again and the user told', () => {
    expect(policiesOf(R.Deleted({ requestId: 'd1', key: 'k' }))).toEqual([
      { type: 'repositories/LoadList' },
      {
        type: 'notifications/Show',
        kind: 'success',
        message: { key: 'deleted', subject: 'repository', name: 'k' },
      },
    ])
    expect(policiesOf(R.DeleteFailed({ requestId: 'd1', key: 'k', failure }))).toEqual([])
  })
})

describe('repositories: creating quickly', () => {
  it('needs a package type, and asks for those chosen', () => {
    repositories
      .given()
      .when({ type: 'repositories/CreateQuickly', packageTypes: [] })
      .rejected('choose at least one package type')
    repositories
      .given()
      .when({ type: 'repositories/CreateQuickly', packageTypes: ['npm', 'maven'] })
      .then(R.QuickCreationRequested({ requestId: 'id-1', packageTypes: ['npm', 'maven'] }))
  })

  it('shows what was created and what existed, or the failure; created, the list is asked again', () => {
    const asked = R.QuickCreationRequested({ requestId: 'q1', packageTypes: ['npm'] })
    expect(fold(asked).repositories.quick).toEqual({ status: 'pending', requestId: 'q1' })
    const created = R.QuickCreated({ requestId: 'q1', created: ['npm-local'], existing: ['npm-remote'] })
    const s = fold(asked, created)
    expect(s.repositories.quick).toEqual({ status: 'done', requestId: 'q1' })
    expect(s.repositories.quickResult).toEqual({ created: ['npm-local'], existing: ['npm-remote'] })
    expect(fold(asked, R.QuickCreationFailed({ requestId: 'q1', failure })).repositories.quick).toEqual({
      status: 'failed',
      requestId: 'q1',
      failure,
    })
    expect(policiesOf(created)).toEqual([{ type: 'repositories/LoadList' }])
  })
})

describe('repositories: a new form', () => {
  it("forgets the last form's save, problems, quick creation, deletion and connection test", () => {
    repositories.given().when({ type: 'repositories/ResetForm' }).then(R.FormReset({}))
    const s = fold(
      R.SaveRejected({ problems: { key: { key: 'mandatory' } } }),
      R.QuickCreationRequested({ requestId: 'q1', packageTypes: ['npm'] }),
      R.DeleteRequested({ requestId: 'd1', key: 'k' }),
      testAsked,
      R.FormReset({}),
    )
    expect(s.repositories.save).toEqual({ status: 'idle' })
    expect(s.repositories.problems).toEqual({})
    expect(s.repositories.quick).toEqual({ status: 'idle' })
    expect(s.repositories.deletion).toEqual({ status: 'idle' })
    expect(s.repositories).not.toHaveProperty('connection')
  })
})

describe('repositories: the client token and the connection test, failing', () => {
  it("a token's failure is shown; an answer for no request, or another, changes nothing", () => {
    const asked = R.ClientTokenRequested({ requestId: 't1' })
    expect(fold(asked, R.ClientTokenFailed({ requestId: 't1', failure })).repositories.clientToken).toEqual({
      status: 'failed',
      requestId: 't1',
      failure,
    })
    for (const answer of [
      R.ClientTokenIssued({ requestId: 't0', ref: 'secret-1', user: 'dev' }),
      R.ClientTokenFailed({ requestId: 't0', failure }),
    ]) {
      expect(fold(answer).repositories).toEqual(initialAppState.repositories)
      expect(fold(asked, answer).repositories).toEqual(fold(asked).repositories)
    }
  })

  it("a test's failure is shown; an answer for no test, or another, changes nothing", () => {
    expect(
      fold(testAsked, R.ConnectionTestFailed({ requestId: 't1', failure })).repositories.connection,
    ).toEqual({
      status: 'failed',
      requestId: 't1',
      failure,
    })
    const answer = { result: 'tls' as const, url: 'https://h/-/ping' }
    for (const late of [
      R.ConnectionTested({ requestId: 't0', answer }),
      R.ConnectionTestFailed({ requestId: 't0', failure }),
    ]) {
      expect(fold(late).repositories).toEqual(initialAppState.repositories)
      expect(fold(testAsked, late).repositories).toEqual(fold(testAsked).repositories)
    }
  })

  it("a refused test shows the form's problems and forgets the last test's answer", () => {
    const s = fold(
      testAsked,
      R.ConnectionTestFailed({ requestId: 't1', failure }),
      R.ConnectionTestRejected({ problems: { url: { key: 'invalidUrl' } } }),
    )
    expect(s.repositories.problems).toEqual({ url: { key: 'invalidUrl' } })
    expect(s.repositories).not.toHaveProperty('connection')
  })
})
