// The token forms' and requests' limits at their edges, and the token screens' answers that
// come late or fail (domain/tokens), as a user of the form or a script sending commands sees them.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { appSlice } from '../../domain/app'
import * as T from '../../domain/tokens'
import { foldEvents, spec } from '../support/decider'

const tokens = spec(appSlice(T.tokensArea))
const down = { kind: 'network' as const, message: 'down' }
const form = (over: Partial<T.TokenFormFields> = {}): T.TokenFormFields => ({
  description: '',
  days: '30',
  reach: 'all',
  repositories: '',
  access: 'read',
  ...over,
})
const request: T.TokenRequest = { description: 'ci', expiresInDays: 7, repositories: null, access: 'read' }

describe('a new token’s form', () => {
  it('takes whole days from 1 to the maximum, typed with spaces around, of any number of digits', () => {
    const days = (typed: string, max = 90) => T.validateTokenForm(form({ days: typed }), max)
    expect(days(' 1 ')).toEqual(
      right({ description: '', expiresInDays: 1, repositories: null, access: 'read' }),
    )
    expect(days('90')).toMatchObject(right({ expiresInDays: 90 }))
    expect(days('365', 3650)).toMatchObject(right({ expiresInDays: 365 }))
    for (const bad of ['0', '91', '1.5', '-3', '3 0', 'x'])
      expect(days(bad)).toEqual(left({ days: { key: 'wholeDays', min: 1, max: 90 } }))
    expect(days('  ')).toEqual(left({ days: { key: 'mandatory' } }))
  })

  it('a description of exactly 200 characters is taken, 201 is too long', () => {
    expect(T.validateTokenForm(form({ description: 'd'.repeat(200) }), 90)).toMatchObject(
      right({ description: 'd'.repeat(200) }),
    )
    expect(T.validateTokenForm(form({ description: 'd'.repeat(201) }), 90)).toEqual(
      left({ description: { key: 'tooLong', max: 200 } }),
    )
  })

  it('a chosen repository key is letters, digits, dot, dash and underscore only, the whole key', () => {
    const chosen = (repositories: string) => T.validateTokenForm(form({ reach: 'chosen', repositories }), 90)
    expect(chosen('npm-local, docker_1.x')).toMatchObject(
      right({ repositories: ['npm-local', 'docker_1.x'] }),
    )
    expect(chosen('npm-local/../x')).toEqual(
      left({ repositories: { key: 'badRepositoryKey', entry: 'npm-local/../x' } }),
    )
    expect(chosen('a$')).toEqual(left({ repositories: { key: 'badRepositoryKey', entry: 'a$' } }))
  })
})

describe('the admins’ maximum lifetime form', () => {
  it('is whole days from 1 to 3650', () => {
    expect(T.validatePolicyForm({ maxDays: ' 3650 ' })).toEqual(right(3650))
    expect(T.validatePolicyForm({ maxDays: '1' })).toEqual(right(1))
    for (const bad of ['0', '3651', '2.5'])
      expect(T.validatePolicyForm({ maxDays: bad })).toEqual(
        left({ maxDays: { key: 'wholeDays', min: 1, max: 3650 } }),
      )
    expect(T.validatePolicyForm({ maxDays: '' })).toEqual(left({ maxDays: { key: 'mandatory' } }))
  })
})

describe('a script’s request for a token', () => {
  it('is checked as the form would have made it', () => {
    expect(T.requestProblem(request, undefined)).toBeUndefined()
    expect(T.requestProblem({ ...request, expiresInDays: 100_000 }, undefined)).toBeUndefined()
    expect(T.requestProblem({ ...request, expiresInDays: 90 }, 90)).toBeUndefined()
    expect(T.requestProblem({ ...request, expiresInDays: 1 }, 90)).toBeUndefined()
    expect(T.requestProblem({ ...request, expiresInDays: 91 }, 90)).toBe('expiresInDays must be at most 90')
    for (const days of [0, 1.5, -1])
      expect(T.requestProblem({ ...request, expiresInDays: days }, 90)).toBe(
        'expiresInDays must be a whole number of days, at least 1',
      )
    expect(T.requestProblem({ ...request, description: 'd'.repeat(200) }, 90)).toBeUndefined()
    expect(T.requestProblem({ ...request, description: 'd'.repeat(201) }, 90)).toBe('description is too long')
    expect(T.requestProblem({ ...request, repositories: [] }, 90)).toBe(
      'repositories: choose at least one, or null for all',
    )
    expect(T.requestProblem({ ...request, repositories: ['npm-local'] }, 90)).toBeUndefined()
  })

  it('a command’s request goes as sent: all repositories stay null, chosen ones stay listed', () => {
    tokens
      .given()
      .when({ type: 'tokens/Create', ...request })
      .then(T.CreateRequested({ requestId: 'id-1', request }))
    const chosen = { ...request, repositories: ['npm-local'] }
    tokens
      .given()
      .when({ type: 'tokens/Create', ...chosen })
      .then(T.CreateRequested({ requestId: 'id-1', request: chosen }))
  })

  it('the maximum set by an admin is a whole number from 1 to 3650, both ends included', () => {
    for (const maxDays of [1, 3650])
      tokens
        .given()
        .when({ type: 'tokens/SetPolicy', maxDays })
        .then(T.PolicyRequested({ requestId: 'id-1', maxDays }))
    tokens
      .given()
      .when({ type: 'tokens/SetPolicy', maxDays: 3651 })
      .rejected(/from 1 to 3650/)
  })
})

describe('answers that fail or come late', () => {
  it('an answer for another request leaves a pending token, revocation or maximum pending', () => {
    const token = {
      id: 't9',
      user: 'dev',
      description: 'x',
      scope: { repositories: null, access: 'read' as const },
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-08T00:00:00.000Z',
    }
    const pending = foldEvents([
      T.CreateRequested({ requestId: 'c', request }),
      T.RevokeRequested({ requestId: 'r', owner: 'mine', id: 't1' }),
      T.PolicyRequested({ requestId: 'p', maxDays: 14 }),
    ])
    const late = foldEvents(
      [
        T.Created({ requestId: 'x', token, secretRef: 's' }),
        T.RevokeFailed({ requestId: 'x', owner: 'mine', id: 't1', failure: down }),
        T.PolicySaved({ requestId: 'x', maxDays: 20 }),
      ],
      pending,
    )
    expect(late.tokens.create).toEqual(pending.tokens.create)
    expect(late.tokens.revoke).toEqual(pending.tokens.revoke)
    expect(late.tokens.policy).toEqual(pending.tokens.policy)
  })

  it('a failed list says why; an answer to another load changes nothing', () => {
    const asked = T.ListRequested({ requestId: 'r', owner: 'mine' })
    expect(
      foldEvents([asked, T.ListFailed({ requestId: 'r', owner: 'mine', failure: down })]).tokens.lists.mine,
    ).toEqual({ status: 'failed', failure: down })
    expect(
      foldEvents([asked, T.ListFailed({ requestId: 'x', owner: 'mine', failure: down })]).tokens.lists.mine
        .status,
    ).toBe('loading')
  })

  it('a refused token says why; a late answer to a token already made changes nothing', () => {
    const asked = T.CreateRequested({ requestId: 'c', request })
    expect(foldEvents([asked, T.CreateFailed({ requestId: 'c', failure: down })]).tokens.create).toEqual({
      status: 'failed',
      requestId: 'c',
      failure: down,
    })
    expect(foldEvents([asked, T.CreateFailed({ requestId: 'x', failure: down })]).tokens.create.status).toBe(
      'pending',
    )
    const token = {
      id: 't1',
      user: 'dev',
      description: 'ci',
      scope: { repositories: null, access: 'read' as const },
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-08T00:00:00.000Z',
    }
    const created = foldEvents([asked, T.Created({ requestId: 'c', token, secretRef: 's' })])
    expect(foldEvents([T.CreateFailed({ requestId: 'c', failure: down })], created).tokens.create).toEqual(
      created.tokens.create,
    )
    expect(
      foldEvents([T.Created({ requestId: 'c', token, secretRef: 's2' })], created).tokens.create,
    ).toEqual(created.tokens.create)
    // Dismissing the secret of a token not made changes nothing.
    const failed = foldEvents([asked, T.CreateFailed({ requestId: 'c', failure: down })])
    expect(foldEvents([T.SecretDismissed({})], failed).tokens.create).toEqual(failed.tokens.create)
    tokens.at(failed).when({ type: 'tokens/DismissSecret' }).nothing()
  })

  it('one revocation at a time per list; a late answer to another changes nothing', () => {
    tokens
      .given()
      .when({ type: 'tokens/Revoke', owner: 'all', id: 't1' })
      .then(T.RevokeRequested({ requestId: 'id-1', owner: 'all', id: 't1' }))
    tokens
      .given(T.RevokeRequested({ requestId: 'r', owner: 'all', id: 't1' }))
      .when({ type: 'tokens/Revoke', owner: 'all', id: 't2' })
      .rejected(/already being revoked/)
    tokens
      .given(T.RevokeRequested({ requestId: 'r', owner: 'mine', id: 't1' }))
      .when({ type: 'tokens/Revoke', owner: 'all', id: 't2' })
      .then(T.RevokeRequested({ requestId: 'id-1', owner: 'all', id: 't2' }))
    const pending = foldEvents([T.RevokeRequested({ requestId: 'r', owner: 'mine', id: 't1' })])
    for (const late of [
      T.Revoked({ requestId: 'x', owner: 'mine', id: 't9' }),
      T.RevokeFailed({ requestId: 'x', owner: 'mine', id: 't9', failure: down }),
    ])
      expect(foldEvents([late], pending).tokens.revoke).toEqual(pending.tokens.revoke)
    const failed = foldEvents(
      [T.RevokeFailed({ requestId: 'r', owner: 'mine', id: 't1', failure: down })],
      pending,
    )
    expect(
      foldEvents([T.RevokeFailed({ requestId: 'r', owner: 'mine', id: 't1', failure: down })], failed).tokens
        .revoke,
    ).toEqual(failed.tokens.revoke)
    expect(
      foldEvents([T.Revoked({ requestId: 'r', owner: 'mine', id: 't1' })], failed).tokens.revoke,
    ).toEqual(failed.tokens.revoke)
  })

  it('a refused maximum says why; a late answer changes nothing', () => {
    const asked = T.PolicyRequested({ requestId: 'p', maxDays: 14 })
    expect(foldEvents([asked, T.PolicyFailed({ requestId: 'p', failure: down })]).tokens.policy).toEqual({
      status: 'failed',
      requestId: 'p',
      failure: down,
    })
    expect(foldEvents([asked, T.PolicyFailed({ requestId: 'x', failure: down })]).tokens.policy.status).toBe(
      'pending',
    )
    const saved = foldEvents([asked, T.PolicySaved({ requestId: 'p', maxDays: 14 })])
    for (const late of [
      T.PolicySaved({ requestId: 'p', maxDays: 20 }),
      T.PolicyFailed({ requestId: 'p', failure: down }),
      T.PolicySaved({ requestId: 'x', maxDays: 20 }),
    ])
      expect(foldEvents([late], saved).tokens.policy).toEqual(saved.tokens.policy)
  })
})
