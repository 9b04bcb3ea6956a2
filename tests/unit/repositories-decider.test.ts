// Given events, when a command, then events: the repositories area's decisions and folds.
import { describe, expect, it } from 'vitest'
import { appSlice, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { repositoriesArea } from '../../domain/repositories/decider'
import * as R from '../../domain/repositories/events'
import { SignedOut } from '../../domain/session/events'
import { left, right } from 'fp-ts/Either'
import {
  emptyRemoteForm,
  emptyRepositoryForm,
  remoteHealth,
  validateRemoteForm,
  type RemoteForm,
  type RemoteStatus,
  type RepositoryForm,
} from '../../domain/repositories'
import { repositorySummary } from '../support/fixtures'
import { evolve, foldEvents, spec } from '../support/decider'

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'id-1' }
const given = (...events: AppEvent[]): AppState => foldEvents(events)
const repositories = spec(appSlice(repositoriesArea), meta)

const repo = repositorySummary
const loaded = [
  R.ListRequested({ requestId: 'l1' }),
  R.ListLoaded({
    requestId: 'l1',
    repositories: [repo('npm-local', 'local'), repo('npm-remote', 'remote'), repo('deb', 'local', 'debian')],
  }),
]
const form = (over: Partial<RepositoryForm>): RepositoryForm =>
  emptyRepositoryForm('local', { key: 'k', ...over })

describe('repositories: the list', () => {
  it('a reload keeps the list shown meanwhile, and an answer to an older request is ignored', () => {
    const reloading = given(...loaded, R.ListRequested({ requestId: 'l2' }))
    expect(reloading.repositories.list).toMatchObject({
      status: 'loading',
      requestId: 'l2',
      previous: expect.any(Array),
    })
    const stale = evolve(
      reloading,
      R.ListFailed({ requestId: 'l1', failure: { kind: 'network', message: 'x' } }),
    )
    expect(stale.repositories.list.status).toBe('loading')
    const failed = evolve(
      reloading,
      R.ListFailed({ requestId: 'l2', failure: { kind: 'network', message: 'x' } }),
    )
    expect(failed.repositories.list.status).toBe('failed')
  })
})

describe('repositories: saving a form', () => {
  it('a form that breaks the rule is rejected with its problems, and nothing is sent', () => {
    repositories
      .given(...loaded)
      .when({ type: 'repositories/Save', create: true, form: form({ key: 'bad key' }) })
      .then(R.SaveRejected({ problems: { key: { key: 'invalidName' } } }))
  })

  it('a virtual repository is checked against the loaded list: members of another type are refused', () => {
    repositories
      .given(...loaded)
      .when({
        type: 'repositories/Save',
        create: true,
        form: form({ key: 'v', kind: 'virtual', members: ['npm-local', 'deb'] }),
      })
      .then(R.SaveRejected({ problems: { members: { key: 'memberTypeDiffers' } } }))
  })

  it('a valid form is requested; a second save while one runs is refused', () => {
    const valid = form({
      key: 'v',
      kind: 'virtual',
      members: ['npm-local', 'npm-remote'],
      defaultDeploymentRepo: 'npm-local',
    })
    const save = repositories.given(...loaded).when({ type: 'repositories/Save', create: true, form: valid })
    save.then(
      R.SaveRequested({ requestId: 'id-1', create: true, form: { ...valid, members: [...valid.members] } }),
    )
    repositories
      .at(save.after())
      .when({ type: 'repositories/Save', create: true, form: valid })
      .rejected('a save is already under way')
  })

  it('a refusal keeps its problems by field; the platform saying saved reloads the list and opens it', () => {
    const pending = given(
      ...loaded,
      R.SaveRequested({ requestId: 's', create: true, form: { ...form({ key: 'npm-local' }), members: [] } }),
    )
    const refused = evolve(
      pending,
      R.SaveFailed({
        requestId: 's',
        failure: { kind: 'status', status: 409, code: 'EXISTS', message: 'taken' },
        problems: { key: { key: 'platformSaid', text: 'taken' } },
      }),
    )
    expect(refused.repositories.problems).toEqual({ key: { key: 'platformSaid', text: 'taken' } })
    expect(refused.repositories.save.status).toBe('failed')
    const saved = R.Saved({ requestId: 's', key: 'k' })
    const commands = appSlice(repositoriesArea).policies!(
      { seq: 1, at: meta.now, source: 'effect', corr: 'c', event: saved },
      evolve(pending, saved),
    )
    expect(commands).toContainEqual({ type: 'repositories/LoadList' })
    expect(commands).toContainEqual({ type: 'navigation/Navigate', to: '/repos' })
  })
})

describe('repositories: signing out', () => {
  it('forgets everything', () => {
    expect(given(...loaded, SignedOut({ reason: 'user' })).repositories).toEqual(initialAppState.repositories)
  })
})

describe('repositories: a client token for set-me-up', () => {
  it('asks once at a time, keeps only the vault reference, and ignores a stale answer', () => {
    repositories
      .given()
      .when({ type: 'repositories/GenerateClientToken' })
      .then(R.ClientTokenRequested({ requestId: 'id-1' }))
    repositories
      .given(R.ClientTokenRequested({ requestId: 't1' }))
      .when({ type: 'repositories/GenerateClientToken' })
      .rejected('a token is already being generated')
    const issued = given(
      R.ClientTokenRequested({ requestId: 't1' }),
      R.ClientTokenIssued({ requestId: 't1', ref: 'secret-1', user: 'dev' }),
    )
    expect(issued.repositories.clientToken).toEqual({
      status: 'issued',
      requestId: 't1',
      ref: 'secret-1',
      user: 'dev',
    })
    const stale = evolve(
      given(R.ClientTokenRequested({ requestId: 't2' })),
      R.ClientTokenIssued({ requestId: 't1', ref: 'secret-1', user: 'dev' }),
    )
    expect(stale.repositories.clientToken).toEqual({ status: 'pending', requestId: 't2' })
    expect(evolve(issued, SignedOut({ reason: 'user' })).repositories.clientToken).toBeUndefined()
  })
})

describe('repositories: a remote upstream', () => {
  const remoteForm = (over: Partial<RemoteForm> = {}): RemoteForm => emptyRemoteForm(over)
  const remoteRepo = { ...form({ key: 'r', kind: 'remote', url: 'http://127.0.0.1:4873' }), members: [] }

  it('saves a remote with its settings, the credentials by vault reference only', () => {
    repositories
      .given(...loaded)
      .when({
        type: 'repositories/Save',
        create: true,
        form: remoteRepo,
        remote: remoteForm({ offline: true, userName: ' ci ', passwordRef: 'secret-1' }),
      })
      .then(
        R.SaveRequested({
          requestId: 'id-1',
          create: true,
          form: remoteRepo,
          remote: {
            offline: true,
            metadataTtlSeconds: 600,
            connectTimeoutMs: 10_000,
            readTimeoutMs: 30_000,
            credentials: { kind: 'basic', userName: 'ci', passwordRef: 'secret-1' },
          },
        }),
      )
  })

  it('refuses periods out of bounds and credentials both ways, with the form problems', () => {
    repositories
      .given(...loaded)
      .when({
        type: 'repositories/Save',
        create: true,
        form: { ...remoteRepo, url: 'ftp://x' },
        remote: remoteForm({
          readTimeoutMs: '5',
          metadataTtlSeconds: '1.5',
          userName: 'ci',
          tokenRef: 's-2',
        }),
      })
      .then(
        R.SaveRejected({
          problems: {
            url: { key: 'invalidUrl' },
            readTimeoutMs: { key: 'wholeNumberBetween', min: 100, max: 600_000 },
            metadataTtlSeconds: { key: 'wholeNumberBetween', min: 0, max: 604_800 },
            token: { key: 'userOrToken' },
          },
        }),
      )
  })

  it('a password without a user name is refused; nothing typed keeps, or removes, the saved credentials', () => {
    expect(validateRemoteForm(remoteForm({ passwordRef: 's' }))).toEqual(
      left({ userName: { key: 'mandatory' } }),
    )
    expect(validateRemoteForm(remoteForm())).toMatchObject(right({ credentials: { kind: 'keep' } }))
    expect(validateRemoteForm(remoteForm({ removeCredentials: true }))).toMatchObject(
      right({ credentials: { kind: 'remove' } }),
    )
    expect(validateRemoteForm(remoteForm({ tokenRef: 't', removeCredentials: true }))).toMatchObject(
      right({ credentials: { kind: 'token', tokenRef: 't' } }),
    )
  })

  it('Test connection asks with the typed address, time-outs and credentials; a bad period does not stop it', () => {
    repositories
      .given(...loaded)
      .when({
        type: 'repositories/TestConnection',
        key: '',
        packageType: 'npm',
        url: ' http://127.0.0.1:4873 ',
        remote: remoteForm({ metadataTtlSeconds: '', tokenRef: 'secret-3', connectTimeoutMs: '500' }),
      })
      .then(
        R.ConnectionTestRequested({
          requestId: 'id-1',
          key: '',
          packageType: 'npm',
          url: 'http://127.0.0.1:4873',
          connectTimeoutMs: 500,
          readTimeoutMs: 30_000,
          credentials: { kind: 'token', tokenRef: 'secret-3' },
        }),
      )
  })

  it('Test connection of a bad address is refused with the field problem; a second test waits for the first', () => {
    repositories
      .given()
      .when({
        type: 'repositories/TestConnection',
        key: '',
        packageType: 'npm',
        url: 'x',
        remote: remoteForm(),
      })
      .then(R.ConnectionTestRejected({ problems: { url: { key: 'invalidUrl' } } }))
    const pending = R.ConnectionTestRequested({
      requestId: 't1',
      key: 'r',
      packageType: 'npm',
      url: 'http://h',
      connectTimeoutMs: 100,
      readTimeoutMs: 100,
      credentials: { kind: 'keep' },
    })
    repositories
      .given(pending)
      .when({
        type: 'repositories/TestConnection',
        key: 'r',
        packageType: 'npm',
        url: 'http://h',
        remote: remoteForm(),
      })
      .rejected('a connection test is already under way')
  })

  it('keeps the answer of the test awaited, and a new form forgets it', () => {
    const asked = R.ConnectionTestRequested({
      requestId: 't1',
      key: '',
      packageType: 'npm',
      url: 'http://h',
      connectTimeoutMs: 100,
      readTimeoutMs: 100,
      credentials: { kind: 'keep' },
    })
    const answer = { result: 'tls' as const, url: 'https://h/-/ping' }
    expect(given(asked, R.ConnectionTested({ requestId: 'other', answer })).repositories.connection).toEqual({
      status: 'pending',
      requestId: 't1',
    })
    const tested = given(asked, R.ConnectionTested({ requestId: 't1', answer }))
    expect(tested.repositories.connection).toEqual({ status: 'tested', requestId: 't1', answer })
    expect(evolve(tested, R.FormReset({})).repositories).not.toHaveProperty('connection')
  })

  it("loads a remote's settings for its form, and ignores an answer about another remote", () => {
    const settings = {
      offline: false,
      metadataTtlSeconds: 60,
      connectTimeoutMs: 1000,
      readTimeoutMs: 2000,
      hasCredentials: true,
      lastFailure: null,
      lastFailureAt: null,
      lastSuccessAt: null,
    }
    const asked = given(R.RemoteRequested({ requestId: 'q1', key: 'npm-remote' }))
    expect(asked.repositories.remote).toEqual({
      key: 'npm-remote',
      settings: { status: 'loading', requestId: 'q1' },
    })
    expect(
      evolve(asked, R.RemoteLoaded({ requestId: 'q0', key: 'npm-remote', settings })).repositories.remote
        ?.settings.status,
    ).toBe('loading')
    expect(
      evolve(asked, R.RemoteLoaded({ requestId: 'q1', key: 'npm-remote', settings })).repositories.remote,
    ).toEqual({ key: 'npm-remote', settings: { status: 'loaded', data: settings } })
  })
})

describe('repositories: a remote upstream state', () => {
  const status = (over: Partial<RemoteStatus>): RemoteStatus => ({
    offline: false,
    lastFailure: null,
    lastFailureAt: null,
    lastSuccessAt: null,
    ...over,
  })
  it.each([
    [status({}), 'notAsked'],
    [status({ offline: true, lastSuccessAt: '2026-01-02T00:00:00.000Z' }), 'offline'],
    [
      status({ lastSuccessAt: '2026-01-02T00:00:00.000Z', lastFailureAt: '2026-01-01T00:00:00.000Z' }),
      'online',
    ],
    [
      status({ lastSuccessAt: '2026-01-01T00:00:00.000Z', lastFailureAt: '2026-01-02T00:00:00.000Z' }),
      'failing',
    ],
    [status({ lastFailureAt: '2026-01-02T00:00:00.000Z' }), 'failing'],
  ] as const)('%o is %s', (s, health) => {
    expect(remoteHealth(s)).toBe(health)
  })
})
