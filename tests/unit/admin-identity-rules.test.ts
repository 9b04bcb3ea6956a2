/** Rules of the identity pages (users, groups, permissions) and the decider's checks on them. */
import { describe, expect, it } from 'vitest'
import { savedUser } from '../support/fixtures'
import { appSlice, type AppCommand } from '../../domain/app'
import {
  MANDATORY,
  adminArea,
  memberProblems,
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
import { adminText } from '../../ui/admin/messages'
import type { AdminMessage } from '../../domain/admin'

const NAME_RULE: AdminMessage = { key: 'invalidName' }
const EMAIL_RULE: AdminMessage = { key: 'invalidEmail' }

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'r-1' }
const admin = spec(appSlice(adminArea), meta)

describe('user rules', () => {
  const ok = { name: 'dev-1.x_y', email: 'dev@example.com', password: 'long enough', create: true }

  it('accepts a complete new user', () => {
    expect(validateUser(ok)).toEqual({})
  })

  it('gives the spec messages for a missing or bad name, a bad email and a short password', () => {
    expect(validateUser({ ...ok, name: '  ' }).name).toEqual(MANDATORY)
    expect(validateUser({ ...ok, name: 'a b' }).name).toEqual(NAME_RULE)
    expect(validateUser({ ...ok, name: 'x'.repeat(65) }).name).toEqual({ key: 'nameTooLong', max: 64 })
    expect(validateUser({ ...ok, email: '' }).email).toEqual(MANDATORY)
    for (const email of ['dev', 'dev@host', 'a b@c.d', 'x@y.z>', '"q"@x.y'])
      expect(validateUser({ ...ok, email }).email, email).toEqual(EMAIL_RULE)
    expect(validateUser({ ...ok, password: '' }).password).toEqual(MANDATORY)
    expect(validateUser({ ...ok, password: 'short' }).password).toEqual({ key: 'passwordTooShort', min: 8 })
    expect(validateUser({ ...ok, password: 'p'.repeat(257) }).password).toEqual({
      key: 'passwordTooLong',
      max: 256,
    })
  })

  it('on a change the name is fixed and the password optional, but a typed one must still be long enough', () => {
    expect(validateUser({ ...ok, name: '', password: '', create: false })).toEqual({})
    expect(validateUser({ ...ok, password: 'short', create: false }).password).toEqual({
      key: 'passwordTooShort',
      min: 8,
    })
  })

  it('invitations need a valid email', () => {
    expect(validateInvitation({ email: 'new@example.com' })).toEqual({})
    expect(validateInvitation({ email: '' }).email).toEqual(MANDATORY)
    expect(validateInvitation({ email: 'nobody' }).email).toEqual(EMAIL_RULE)
  })

  it('filters users by name or email, literally and case-insensitively', () => {
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
    expect(validateGroup({ name: '', description: '' }).name).toEqual(MANDATORY)
    expect(validateGroup({ name: 'the readers', description: '' }).name).toEqual(NAME_RULE)
    expect(validateGroup({ name: 'r', description: 'd'.repeat(1001) }).description).toEqual({
      key: 'descriptionTooLong',
      max: 1000,
    })
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
    expect(validatePermission({ ...draft, name: '' }).name).toEqual(MANDATORY)
    expect(validatePermission({ ...draft, name: 'a/b' }).name).toEqual(NAME_RULE)
    expect(validatePermission({ ...draft, repositories: ['r'.repeat(129)] }).repositories).toEqual({
      key: 'entryTooLong',
      max: 128,
    })
    expect(
      validatePermission({ ...draft, includePatterns: Array.from({ length: 101 }, (_, i) => `p${i}`) })
        .includePatterns,
    ).toEqual({ key: 'tooManyEntries', max: 100, what: 'patterns' })
    expect(validatePermission({ ...draft, users: { alice: [] } }).principals).toEqual({
      key: 'chooseAction',
      principal: 'user',
      name: 'alice',
    })
    expect(validatePermission({ ...draft, groups: { readers: ['fly'] } }).principals).toEqual({
      key: 'unknownAction',
      action: 'fly',
    })
  })
})

describe('project members', () => {
  it('a member to add is named and not one already', () => {
    const members = [{ name: 'Alice' }]
    expect(memberProblems('bob', members)).toEqual({})
    expect(memberProblems('  ', members)).toEqual({ name: MANDATORY })
    expect(memberProblems(' alice ', members)).toEqual({ name: { key: 'alreadyMember', name: 'alice' } })
  })
})

describe("the admin pages' catalogue", () => {
  it.each<[AdminMessage, string]>([
    [{ key: 'serverNameTooLong', max: 100 }, 'Server name must be at most 100 characters'],
    [{ key: 'invalidHost' }, 'Enter a valid host name'],
    [{ key: 'portRange', min: 1, max: 65535 }, 'Port must be a number from 1 to 65535'],
    [{ key: 'projectKeyLength', max: 128 }, 'Project key must be at most 128 characters'],
    [{ key: 'projectKeyStart' }, 'Project key must start with a lowercase character'],
    [{ key: 'nameTooLong', max: 64 }, 'Name must be at most 64 characters'],
    [{ key: 'passwordTooShort', min: 8 }, 'Password must be at least 8 characters'],
    [{ key: 'passwordTooLong', max: 256 }, 'Password must be at most 256 characters'],
    [{ key: 'descriptionTooLong', max: 1000 }, 'Description must be at most 1000 characters'],
    [{ key: 'tooManyEntries', max: 100, what: 'patterns' }, 'At most 100 patterns'],
    [{ key: 'entryTooLong', max: 128 }, 'Each entry must be at most 128 characters'],
    [{ key: 'chooseAction', principal: 'user', name: 'alice' }, 'Choose at least one action for user alice'],
    [{ key: 'unknownAction', action: 'fly' }, 'Unknown action fly'],
    [{ key: 'notAGeneralConfig' }, 'The file does not hold a general configuration'],
    [{ key: 'alreadyMember', name: 'bob' }, 'bob is already a member'],
    [{ key: 'passwordLost' }, 'The password was lost: type it again'],
    [{ key: 'requiresService', service: 'xray' }, 'Requires the xray service'],
    [{ key: 'invalidEmail' }, 'Enter a valid email address'],
    [{ key: 'mandatory' }, 'This field is mandatory'],
  ])('words %o as %s', (message, text) => {
    expect(adminText(message)).toBe(text)
  })
})

describe('the admin decider on identity saves', () => {
  const user = savedUser()

  it('refuses to create a user without a password reference', () => {
    admin
      .given()
      .when({ type: 'admin/Save', form: 'user', op: { kind: 'saveUser', create: true, user } })
      .rejected(/^invalid form: password: mandatory$/)
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

  it('refuses a bad email, a bad group name and a principal without actions', () => {
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
