// The tokens area, clause by clause: loads per owner, a token made once with its value named by
// reference, revocations, the admins' maximum; and the form rules that feed the commands.
import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/Either'
import { appSlice } from '../../domain/app'
import * as T from '../../domain/tokens'
import * as S from '../../domain/session'
import { spec } from '../support/decider'

const tokens = spec(appSlice(T.tokensArea))
const made = (id: string, over: Partial<T.ClientToken> = {}): T.ClientToken => ({
  id,
  user: 'dev',
  description: id,
  scope: { repositories: null, access: 'deploy' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-31T00:00:00.000Z',
  ...over,
})
const list = (...items: T.ClientToken[]): T.TokenList => ({ tokens: items, defaultDays: 30, maxDays: 90 })
const request: T.TokenRequest = {
  description: 'ci',
  expiresInDays: 7,
  repositories: ['npm-local'],
  access: 'read',
}

describe('tokens decider', () => {
  it('a load asks for the owner’s list', () => {
    tokens
      .given()
      .when({ type: 'tokens/Load', owner: 'all' })
      .then(T.ListRequested({ requestId: 'id-1', owner: 'all' }))
  })

  it('an answer to a superseded load changes nothing', () => {
    const state = tokens.given(
      T.ListRequested({ requestId: 'r1', owner: 'mine' }),
      T.ListRequested({ requestId: 'r2', owner: 'mine' }),
      T.ListLoaded({ requestId: 'r1', owner: 'mine', list: list(made('old')) }),
    ).state
    expect(state.tokens.lists.mine.status).toBe('loading')
  })

  it('a token is asked for with the validated request', () => {
    tokens
      .given(T.ListLoaded({ requestId: 'x', owner: 'mine', list: list() }))
      .when({ type: 'tokens/Create', ...request })
      .then(T.CreateRequested({ requestId: 'id-1', request }))
  })

  it('a lifetime beyond the known maximum is refused', () => {
    tokens
      .given(
        T.ListRequested({ requestId: 'x', owner: 'mine' }),
        T.ListLoaded({ requestId: 'x', owner: 'mine', list: list() }),
      )
      .when({ type: 'tokens/Create', ...request, expiresInDays: 91 })
      .rejected(/at most 90/)
  })

  it('no second token while one is being made', () => {
    tokens
      .given(T.CreateRequested({ requestId: 'r', request }))
      .when({ type: 'tokens/Create', ...request })
      .rejected(/already being made/)
  })

  it('a made token joins the list; its value is only a reference, forgotten when dismissed', () => {
    const after = tokens.given(
      T.ListRequested({ requestId: 'x', owner: 'mine' }),
      T.ListLoaded({ requestId: 'x', owner: 'mine', list: list() }),
      T.CreateRequested({ requestId: 'r', request }),
      T.Created({ requestId: 'r', token: made('t1'), secretRef: 'token-7' }),
    )
    expect(after.state.tokens.create).toMatchObject({ status: 'created', secretRef: 'token-7' })
    expect(after.state.tokens.lists.mine).toMatchObject({ status: 'loaded', data: { tokens: [made('t1')] } })
    after.when({ type: 'tokens/DismissSecret' }).then(T.SecretDismissed({}))
    expect(after.when({ type: 'tokens/DismissSecret' }).after().tokens.create.status).toBe('idle')
  })

  it('a revoked token leaves every list that shows it', () => {
    const state = tokens.given(
      T.ListRequested({ requestId: 'a', owner: 'mine' }),
      T.ListLoaded({ requestId: 'a', owner: 'mine', list: list(made('t1'), made('t2')) }),
      T.ListRequested({ requestId: 'b', owner: 'all' }),
      T.ListLoaded({ requestId: 'b', owner: 'all', list: list(made('t1'), made('t3')) }),
      T.RevokeRequested({ requestId: 'r', owner: 'all', id: 't1' }),
      T.Revoked({ requestId: 'r', owner: 'all', id: 't1' }),
    ).state
    expect(state.tokens.lists.mine).toMatchObject({ data: { tokens: [made('t2')] } })
    expect(state.tokens.lists.all).toMatchObject({ data: { tokens: [made('t3')] } })
    expect(state.tokens.revoke.all.status).toBe('idle')
  })

  it('a refused revocation is kept with its token and failure', () => {
    const failure = { kind: 'status' as const, status: 404, message: 'No such token' }
    const state = tokens.given(
      T.RevokeRequested({ requestId: 'r', owner: 'mine', id: 't1' }),
      T.RevokeFailed({ requestId: 'r', owner: 'mine', id: 't1', failure }),
    ).state
    expect(state.tokens.revoke.mine).toEqual({
      status: 'failed',
      requestId: 'r',
      owner: 'mine',
      id: 't1',
      failure,
    })
  })

  it('the maximum is a whole number of days from 1 to 3650', () => {
    tokens
      .given()
      .when({ type: 'tokens/SetPolicy', maxDays: 0 })
      .rejected(/1 to 3650/)
    tokens
      .given()
      .when({ type: 'tokens/SetPolicy', maxDays: 1.5 })
      .rejected(/1 to 3650/)
    tokens
      .given()
      .when({ type: 'tokens/SetPolicy', maxDays: 14 })
      .then(T.PolicyRequested({ requestId: 'id-1', maxDays: 14 }))
  })

  it('a saved maximum bounds the loaded lists', () => {
    const state = tokens.given(
      T.ListRequested({ requestId: 'b', owner: 'all' }),
      T.ListLoaded({ requestId: 'b', owner: 'all', list: list() }),
      T.PolicyRequested({ requestId: 'p', maxDays: 14 }),
      T.PolicySaved({ requestId: 'p', maxDays: 14 }),
    ).state
    expect(state.tokens.lists.all).toMatchObject({ data: { maxDays: 14, defaultDays: 14 } })
    expect(state.tokens.policy).toEqual({ status: 'saved', requestId: 'p', maxDays: 14 })
  })

  it('signing out forgets everything', () => {
    const state = tokens.given(
      T.CreateRequested({ requestId: 'r', request }),
      S.SignedOut({ reason: 'logout' }),
    ).state
    expect(state.tokens).toEqual(T.initialTokensState)
  })
})

describe('token form rules', () => {
  const fields: T.TokenFormFields = {
    description: ' ci ',
    days: '7',
    reach: 'all',
    repositories: '',
    access: 'deploy',
  }

  it('gives the request: trimmed description, whole days, all repositories as null', () => {
    const checked = T.validateTokenForm(fields, 30)
    expect(isRight(checked) && checked.right).toEqual({
      description: 'ci',
      expiresInDays: 7,
      repositories: null,
      access: 'deploy',
    })
  })

  it.each([
    ['', { key: 'mandatory' }],
    ['0', { key: 'wholeDays', min: 1, max: 30 }],
    ['31', { key: 'wholeDays', min: 1, max: 30 }],
    ['1.5', { key: 'wholeDays', min: 1, max: 30 }],
    ['-3', { key: 'wholeDays', min: 1, max: 30 }],
    ['1e2', { key: 'wholeDays', min: 1, max: 30 }],
  ])('refuses %j days', (days, problem) => {
    const checked = T.validateTokenForm({ ...fields, days }, 30)
    expect(isLeft(checked) && checked.left).toEqual({ days: problem })
  })

  it('chosen repositories: split on commas and spaces, repeats dropped, keys checked', () => {
    const chosen = { ...fields, reach: 'chosen' as const }
    const ok = T.validateTokenForm({ ...chosen, repositories: 'npm-local, generic-local npm-local' }, 30)
    expect(isRight(ok) && ok.right.repositories).toEqual(['npm-local', 'generic-local'])
    const none = T.validateTokenForm({ ...chosen, repositories: ' , ' }, 30)
    expect(isLeft(none) && none.left).toEqual({ repositories: { key: 'chooseRepository' } })
    const bad = T.validateTokenForm({ ...chosen, repositories: 'npm-local ../etc' }, 30)
    expect(isLeft(bad) && bad.left).toEqual({ repositories: { key: 'badRepositoryKey', entry: '../etc' } })
  })

  it('a description of at most 200 characters', () => {
    const checked = T.validateTokenForm({ ...fields, description: 'x'.repeat(201) }, 30)
    expect(isLeft(checked) && checked.left).toEqual({ description: { key: 'tooLong', max: 200 } })
  })
})
