/**
 * The session screens' form rules (domain/session/accountForms.ts): the value the command takes,
 * or each field's problem as a message key.
 */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import {
  validateChangePassword,
  validateCurrentPassword,
  validateForgotPassword,
  validateInvitation,
  validateProfile,
  validateRegistration,
  validateResetPassword,
} from '../../domain/session/accountForms'

const mandatory = { key: 'mandatory' }
const differ = { key: 'passwordsDiffer' }
const registration = { user: 'dev', email: 'dev@example.org', password: 'Passw0rd!', confirm: 'Passw0rd!' }

describe('registration', () => {
  it('gives the registration when every field is right (the address trimmed)', () => {
    expect(validateRegistration({ ...registration, email: ' dev@example.org ' })).toEqual(
      right({ user: 'dev', email: 'dev@example.org', password: 'Passw0rd!' }),
    )
  })

  it.each([
    ['no user name', { user: '  ' }, { user: mandatory }],
    ['no email address', { email: '' }, { email: mandatory }],
    ['an address the platform refuses', { email: 'dev@example' }, { email: { key: 'invalidEmail' } }],
    ['no password', { password: '', confirm: '' }, { password: mandatory, confirm: mandatory }],
    ['passwords that differ', { confirm: 'other' }, { confirm: differ }],
  ] as const)('names the problem of %s', (_, over, expected) => {
    expect(validateRegistration({ ...registration, ...over })).toEqual(left(expected))
  })

  it('takes a password of spaces as a password (the platform judges it)', () => {
    expect(validateRegistration({ ...registration, password: '   ', confirm: '   ' })).toEqual(
      right({ user: 'dev', email: 'dev@example.org', password: '   ' }),
    )
  })
})

describe('the other account forms', () => {
  it.each([
    [
      'invitation',
      validateInvitation({ user: 'dev', password: 'p', confirm: 'p' }),
      right({ user: 'dev', password: 'p' }),
    ],
    [
      'invitation without a user, passwords differing',
      validateInvitation({ user: '', password: 'p', confirm: 'q' }),
      left({ user: mandatory, confirm: differ }),
    ],
    ['reset', validateResetPassword({ password: 'p', confirm: 'p' }), right({ password: 'p' })],
    [
      'reset without a password',
      validateResetPassword({ password: '', confirm: 'p' }),
      left({ password: mandatory, confirm: differ }),
    ],
    [
      'change',
      validateChangePassword({ userName: 'dev', oldPassword: 'old', password: 'new', confirm: 'new' }),
      right({ userName: 'dev', oldPassword: 'old', password: 'new' }),
    ],
    [
      'change without user or current password',
      validateChangePassword({ userName: ' ', oldPassword: '', password: 'new', confirm: 'new' }),
      left({ userName: mandatory, oldPassword: mandatory }),
    ],
    ['forgot password', validateForgotPassword({ user: 'dev' }), right({ user: 'dev' })],
    ['forgot password, only spaces', validateForgotPassword({ user: '  ' }), left({ user: mandatory })],
    ['current password', validateCurrentPassword({ password: '  ' }), right({ password: '  ' })],
    ['no current password', validateCurrentPassword({ password: '' }), left({ password: mandatory })],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected)
  })
})

describe('profile', () => {
  const now = 'dev@example.com'
  it.each([
    ['the address alone, unchanged', { email: now, password: '', confirm: '' }, right({ email: now })],
    [
      'a confirmed new password, address unchanged',
      { email: now, password: 'p', confirm: 'p' },
      right({ newPassword: 'p' }),
    ],
    [
      'a changed address and a new password',
      { email: ' new@example.com ', password: 'p', confirm: 'p' },
      right({ email: 'new@example.com', newPassword: 'p' }),
    ],
    ['no address', { email: ' ', password: '', confirm: '' }, left({ email: mandatory })],
    ['a new password not repeated', { email: now, password: 'p', confirm: '' }, left({ confirm: differ })],
    // A confirmation alone is no new password: nothing to check.
    ['a confirmation without a password', { email: now, password: '', confirm: 'p' }, right({ email: now })],
  ] as const)('%s', (_, form, expected) => {
    expect(validateProfile(now)(form)).toEqual(expected)
  })
})
