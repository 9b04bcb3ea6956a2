/** Rules of the identity pages (users, groups, permissions) and the decider's checks on them. */
import { describe, expect, it } from 'vitest'
import type { AppCommand } from '../../domain/app'
import {
  EMAIL_RULE,
  MANDATORY,
  NAME_RULE,
  adminArea,
  filterUsers,
  permissionDraft,
  permissionFormValues,
  splitList,
  validateGroup,
  validateInvitation,
  validatePermission,
  validateUser,
  type Permission,
} from '../../domain/admin'
import { SaveRequested } from '../../domain/admin/events'
import type { CommandMeta } from '../../domain/shared/area'
import { spec } from '../support/decider'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'r-1' }
const admin = spec(adminArea, meta)

describe('user rules', () => {
  const ok = { name: 'dev-1.x_y', email: 'dev@example.com', password: 'long enough', create: true }

  it('accepts a complete new user', () => {
    expect(validateUser(ok)).toEqual({})
  })

  it('gives the spec messages for a missing or bad name, a bad e-mail and a short password', () => {
    expect(validateUser({ ...ok, name: '  ' }).name).toBe(MANDATORY)
    expect(validateUser({ ...ok, name: 'a b' }).name).toBe(NAME_RULE)
    expect(validateUser({ ...ok, name: 'x'.repeat(65) }).name).toBe('Name must be at most 64 characters')
    expect(validateUser({ ...ok, email: '' }).email).toBe(MANDATORY)
    for (const email of ['dev', 'dev@host', 'a b@c.d', 'x@y.z>', '"q"@x.y'])
      expect(validateUser({ ...ok, email }).email, email).toBe(EMAIL_RULE)
    expect(validateUser({ ...ok, password: '' }).password).toBe(MANDATORY)
    expect(validateUser({ ...ok, password: 'short' }).password).toBe('Password must be at least 8 characters')
    expect(validateUser({ ...ok, password: 'p'.repeat(257) }).password).toBe(
      'Password must be at most 256 characters',
    )
  })

  it('on a change the name is fixed and the password optional, but a typed one must still be long enough', () => {
    expect(validateUser({ ...ok, name: '', password: '', create: false })).toEqual({})
    expect(validateUser({ ...ok, password: 'short', create: false }).password).toBe(
      'Password must be at least 8 characters',
    )
  })

  it('invitations need a valid e-mail', () => {
    expect(validateInvitation({ email: 'new@example.com' })).toEqual({})
    expect(validateInvitation({ email: '' }).email).toBe(MANDATORY)
    expect(validateInvitation({ email: 'nobody' }).email).toBe(EMAIL_RULE)
  })

  it('filters users by name or e-mail, literally and case-insensitively', () => {
    const users = [
      { name: 'alice', email: 'alice@corp.example' },
      { name: 'bob', email: 'bob@home.example' },
      { name: 'a.*', email: 'regex@corp.example' },
    ]
    expect(filterUsers(users, '').map((u) => u.name)).toEqual(['alice', 'bob', 'a.*'])
    expect(filterUsers(users, 'CORP').map((u) => u.name)).toEqual(['alice', 'a.*'])
    expect(filterUsers(users, ' bob ').map((u) => u.name)).toEqual(['bob'])
    expect(filterUsers(users, '.*').map((u) => u.name)).toEqual(['a.*'])
  })
})

describe('group rules', () => {
  it('checks the name and the description length', () => {
    expect(validateGroup({ name: 'readers', description: '' })).toEqual({})
    expect(validateGroup({ name: '', description: '' }).name).toBe(MANDATORY)
    expect(validateGroup({ name: 'the readers', description: '' }).name).toBe(NAME_RULE)
    expect(validateGroup({ name: 'r', description: 'd'.repeat(1001) }).description).toBe(
      'Description must be at most 1000 characters',
    )
  })
})

describe('permission rules', () => {
  const stored: Permission = {
    name: 'deployers',
    repositories: ['npm-local', 'docker-local'],
    includePatterns: ['org/**'],
    excludePatterns: ['**/*.tmp'],
    users: { alice: ['read', 'deploy'] },
    groups: { readers: ['read'] },
    createdAt: '2026-01-01T00:00:00.000Z',
  }

  it('splits lists on lines and commas, dropping blanks and repeats', () => {
    expect(splitList(' a \n\nb, c\na\n ')).toEqual(['a', 'b', 'c'])
    expect(splitList('')).toEqual([])
  })

  it('a stored permission goes through its form values and back unchanged', () => {
    const { createdAt: _createdAt, ...rest } = stored
    expect(permissionDraft(permissionFormValues(stored))).toEqual(rest)
  })

  it('a new permission includes everything by default', () => {
    expect(permissionFormValues()).toEqual({
      name: '',
      repositories: '',
      includePatterns: '**',
      excludePatterns: '',
      principals: [],
    })
  })

  it('needs a name, bounded lists and at least one allowed action per principal', () => {
    const draft = permissionDraft(permissionFormValues(stored))
    expect(validatePermission(draft)).toEqual({})
    expect(validatePermission({ ...draft, name: '' }).name).toBe(MANDATORY)
    expect(validatePermission({ ...draft, name: 'a/b' }).name).toBe(NAME_RULE)
    expect(validatePermission({ ...draft, repositories: ['r'.repeat(129)] }).repositories).toBe(
      'Each entry must be at most 128 characters',
    )
    expect(
      validatePermission({ ...draft, includePatterns: Array.from({ length: 101 }, (_, i) => `p${i}`) })
        .includePatterns,
    ).toBe('At most 100 patterns')
    expect(validatePermission({ ...draft, users: { alice: [] } }).principals).toBe(
      'Choose at least one action for user alice',
    )
    expect(validatePermission({ ...draft, groups: { readers: ['fly'] } }).principals).toBe(
      'Unknown action fly',
    )
  })
})

describe('the admin decider on identity saves', () => {
  const user = {
    name: 'dev',
    email: 'dev@example.com',
    admin: false,
    mfaRequired: false,
    passwordExpired: false,
    credentialsExpired: false,
    groups: [],
  }

  it('refuses to create a user without a password reference', () => {
    admin
      .given()
      .when({ type: 'admin/Save', form: 'user', op: { kind: 'saveUser', create: true, user } })
      .rejected(/^invalid form: password: This field is mandatory$/)
  })

  it('accepts a new user whose password is in the vault, and a change without one', () => {
    const create = { kind: 'saveUser', create: true, user: { ...user, passwordRef: 'secret-1' } } as const
    admin
      .given()
      .when({ type: 'admin/Save', form: 'user', op: create })
      .then(SaveRequested({ form: 'user', requestId: 'r-1', op: create }))
    const change = { kind: 'saveUser', create: false, user } as const
    admin
      .given()
      .when({ type: 'admin/Save', form: 'user', op: change })
      .then(SaveRequested({ form: 'user', requestId: 'r-1', op: change }))
  })

  it('refuses a bad e-mail, a bad group name and a principal without actions', () => {
    const bad = [
      { kind: 'saveUser', create: false, user: { ...user, email: 'nope' } },
      { kind: 'inviteUser', email: '' },
      {
        kind: 'saveGroup',
        create: true,
        group: { name: 'a b', description: '', autoJoin: false, members: [] },
      },
      {
        kind: 'savePermission',
        create: true,
        permission: {
          name: 'p',
          repositories: [],
          includePatterns: ['**'],
          excludePatterns: [],
          users: { dev: [] },
          groups: {},
        },
      },
    ] as const
    for (const op of bad)
      admin
        .given()
        .when({ type: 'admin/Save', form: 'user', op } as AppCommand)
        .rejected(/^invalid form: /)
  })
})
