// Given events, when a command, then events: the repositories area's decisions and folds.
import { describe, expect, it } from 'vitest'
import { initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { repositoriesArea } from '../../domain/repositories/decider'
import * as R from '../../domain/repositories/events'
import { SignedOut } from '../../domain/session/events'
import { emptyRepositoryForm, type RepositoryForm } from '../../domain/repositories'
import { repositorySummary } from '../support/fixtures'
import { evolve, foldEvents, spec } from '../support/decider'

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'id-1' }
const given = (...events: AppEvent[]): AppState => foldEvents(events)
const repositories = spec(repositoriesArea, meta)

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
    const commands = repositoriesArea.policies!(
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
