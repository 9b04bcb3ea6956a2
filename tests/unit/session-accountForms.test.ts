/**
 * The session screens' form rules (domain/session/accountForms.ts): each field's problem as a
 * message key, and whether the form may be sent.
 */
import { describe, expect, it } from 'vitest'
import {
  canSend,
  changePasswordProblems,
  currentPasswordProblems,
  forgotPasswordProblems,
  invitationProblems,
  profileProblems,
  registrationProblems,
  resetPasswordProblems,
} from '../../domain/session/accountForms'

const registration = { user: 'dev', email: 'dev@example.org', password: 'Passw0rd!', confirm: 'Passw0rd!' }

describe('registration', () => {
  it('may be sent when every field is right', () => {
    expect(registrationProblems(registration)).toEqual({})
    expect(canSend(registrationProblems(registration))).toBe(true)
  })

  it.each([
    ['no user name', { user: '  ' }, { user: 'mandatory' }],
    ['no e-mail address', { email: '' }, { email: 'mandatory' }],
    ['an address the platform refuses', { email: 'dev@example' }, { email: 'invalidEmail' }],
    ['no password', { password: '', confirm: '' }, { password: 'mandatory', confirm: 'mandatory' }],
    ['passwords that differ', { confirm: 'other' }, { confirm: 'passwordsDiffer' }],
  ] as const)('names the problem of %s', (_, over, expected) => {
    const problems = registrationProblems({ ...registration, ...over })
    expect(problems).toEqual(expected)
    expect(canSend(problems)).toBe(false)
  })

  it('takes a password of spaces as a password (the platform judges it)', () => {
    expect(registrationProblems({ ...registration, password: '   ', confirm: '   ' })).toEqual({})
  })
})

describe('the other account forms', () => {
  it('invitation: a user name and a confirmed password', () => {
    expect(invitationProblems({ user: 'dev', password: 'p', confirm: 'p' })).toEqual({})
    expect(invitationProblems({ user: '', password: 'p', confirm: 'q' })).toEqual({
      user: 'mandatory',
      confirm: 'passwordsDiffer',
    })
  })

  it('reset: a confirmed new password', () => {
    expect(resetPasswordProblems({ password: 'p', confirm: 'p' })).toEqual({})
    expect(resetPasswordProblems({ password: '', confirm: 'p' })).toEqual({
      password: 'mandatory',
      confirm: 'passwordsDiffer',
    })
  })

  it('change: the user, the current password and a confirmed new one', () => {
    const ok = { userName: 'dev', oldPassword: 'old', password: 'new', confirm: 'new' }
    expect(changePasswordProblems(ok)).toEqual({})
    expect(changePasswordProblems({ ...ok, userName: ' ', oldPassword: '' })).toEqual({
      userName: 'mandatory',
      oldPassword: 'mandatory',
    })
  })

  it('forgot password: a user name, not only spaces', () => {
    expect(forgotPasswordProblems({ user: 'dev' })).toEqual({})
    expect(forgotPasswordProblems({ user: '  ' })).toEqual({ user: 'mandatory' })
  })

  it.each([
    ['an address and no new password', { email: 'dev@example.com', password: '', confirm: '' }, {}],
    ['a confirmed new password', { email: 'dev@example.com', password: 'p', confirm: 'p' }, {}],
    ['no address', { email: ' ', password: '', confirm: '' }, { email: 'mandatory' }],
    [
      'a new password not repeated',
      { email: 'dev@example.com', password: 'p', confirm: '' },
      { confirm: 'passwordsDiffer' },
    ],
    // A confirmation alone is no new password: nothing to check.
    ['a confirmation without a password', { email: 'dev@example.com', password: '', confirm: 'p' }, {}],
  ] as const)('profile: %s', (_, form, expected) => {
    expect(profileProblems(form)).toEqual(expected)
  })

  it('current password (unlock, API key): present; spaces are a password', () => {
    expect(currentPasswordProblems({ password: '' })).toEqual({ password: 'mandatory' })
    expect(currentPasswordProblems({ password: '  ' })).toEqual({})
  })
})
