/**
 * The session screens' form rules (domain/session/accountForms.ts): each field's problem as a
 * message key, and whether the form may be sent.
 */
import { describe, expect, it } from 'vitest'
import {
  canSend,
  changePasswordProblems,
  invitationProblems,
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
})
