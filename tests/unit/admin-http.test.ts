/** The admin adapter's identity calls: paths, methods and bodies as server/API.md says, answers decoded. */
import { describe, expect, it } from 'vitest'
import { createAdminApi } from '../../adapters/http/admin'
import { createHttpClient } from '../../adapters/http/client'

const T0 = '2026-01-01T00:00:00.000Z'
const wireUser = {
  name: 'tess',
  email: 'tess@example.com',
  admin: false,
  realm: 'internal',
  mfaRequired: false,
  mfaEnrolled: true,
  passwordExpired: false,
  credentialsExpired: false,
  disabled: false,
  groups: ['qa'],
  createdAt: T0,
  lastLoginAt: null,
  // A field the console does not know: it must not reach the domain.
  internalId: 42,
}

/** A fetch that answers each request with the next answer and records what was sent. */
function recording(answers: Array<{ status: number; body?: unknown }>) {
  const sent: Array<{ url: string; method: string; body: unknown }> = []
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    })
    const next = answers.shift() ?? { status: 500, body: { message: 'no answer scripted' } }
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
  return { api: createAdminApi(createHttpClient({ fetch: fetchFn, retries: 0 })), sent }
}

const input = {
  name: 'tess',
  email: 'tess@example.com',
  admin: false,
  mfaRequired: false,
  passwordExpired: false,
  credentialsExpired: false,
  disabled: false,
  groups: ['qa'],
}

describe('admin adapter: identity calls', () => {
  it('creates a user with POST and its name, changes one with PUT to its path without it', async () => {
    const { api, sent } = recording([
      { status: 201, body: wireUser },
      { status: 200, body: wireUser },
    ])
    const created = await api.saveUser(true, { ...input, password: 'secret-pass', resetMfa: true })
    expect(created).toEqual({ _tag: 'Right', right: expect.not.objectContaining({ internalId: 42 }) })
    await api.saveUser(false, { ...input, name: 'a b/c', resetMfa: true })
    expect(sent).toEqual([
      {
        url: '/ui/api/v1/ui/admin/users',
        method: 'POST',
        // resetMfa means nothing for a new user: it is not sent.
        body: { ...input, password: 'secret-pass' },
      },
      {
        url: '/ui/api/v1/ui/admin/users/a%20b%2Fc',
        method: 'PUT',
        // No password typed: none is sent, so the stored one stays.
        body: { ...input, name: undefined, resetMfa: true },
      },
    ])
  })

  it('lists users, groups and permissions, and deletes by encoded name', async () => {
    const { api, sent } = recording([
      { status: 200, body: [wireUser] },
      {
        status: 200,
        body: [{ name: 'qa', description: '', autoJoin: true, members: ['tess'], createdAt: T0 }],
      },
      {
        status: 200,
        body: [
          {
            name: 'p',
            repositories: [],
            includePatterns: ['**'],
            excludePatterns: [],
            users: { tess: ['read'] },
            groups: {},
            createdAt: T0,
          },
        ],
      },
      { status: 204 },
      { status: 409, body: { message: 'The last administrator cannot be deleted' } },
    ])
    const users = await api.users()
    expect(users._tag === 'Right' && users.right[0]).toEqual({
      name: 'tess',
      email: 'tess@example.com',
      admin: false,
      realm: 'internal',
      mfaRequired: false,
      mfaEnrolled: true,
      passwordExpired: false,
      credentialsExpired: false,
      disabled: false,
      groups: ['qa'],
      createdAt: T0,
      lastLoginAt: null,
    })
    expect((await api.groups())._tag).toBe('Right')
    expect((await api.permissions())._tag).toBe('Right')
    expect(await api.deleteGroup('q a')).toEqual({ _tag: 'Right', right: undefined })
    expect(await api.deleteUser('admin')).toEqual({
      _tag: 'Left',
      left: { kind: 'status', status: 409, message: 'The last administrator cannot be deleted' },
    })
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /ui/api/v1/ui/admin/users',
      'GET /ui/api/v1/ui/admin/groups',
      'GET /ui/api/v1/ui/admin/permissions',
      'DELETE /ui/api/v1/ui/admin/groups/q%20a',
      'DELETE /ui/api/v1/ui/admin/users/admin',
    ])
  })

  it('refuses an answer of the wrong shape as a decode failure', async () => {
    const { api } = recording([{ status: 200, body: [{ ...wireUser, groups: 'qa' }] }])
    const users = await api.users()
    expect(users._tag === 'Left' && users.left.kind).toBe('decode')
  })

  it('sends invitations and permission changes as the API describes', async () => {
    const { api, sent } = recording([
      { status: 201, body: { email: 'new@example.com', expiresAt: T0 } },
      {
        status: 200,
        body: {
          name: 'p',
          repositories: ['npm-local'],
          includePatterns: ['**'],
          excludePatterns: [],
          users: {},
          groups: { qa: ['read', 'deploy'] },
          createdAt: T0,
        },
      },
    ])
    expect(await api.invite('new@example.com')).toEqual({
      _tag: 'Right',
      right: { email: 'new@example.com', expiresAt: T0 },
    })
    await api.savePermission(false, {
      name: 'p',
      repositories: ['npm-local'],
      includePatterns: ['**'],
      excludePatterns: [],
      users: {},
      groups: { qa: ['read', 'deploy'] },
    })
    expect(sent).toEqual([
      { url: '/ui/api/v1/ui/admin/invitations', method: 'POST', body: { email: 'new@example.com' } },
      {
        url: '/ui/api/v1/ui/admin/permissions/p',
        method: 'PUT',
        body: {
          repositories: ['npm-local'],
          includePatterns: ['**'],
          excludePatterns: [],
          users: {},
          groups: { qa: ['read', 'deploy'] },
        },
      },
    ])
  })
})
