/** The login page's form rules (spec 000 section 5): what stops the login and one-time-code forms. */
import { describe, expect, it } from 'vitest'
import { canSend, otpProblems, signInProblems } from '../../domain/session/loginForms'

describe('the login form', () => {
  it.each([
    ['a user and a password', { user: 'dev', password: 'secret' }, {}],
    ['no user', { user: '  ', password: 'secret' }, { user: 'mandatory' }],
    ['no password', { user: 'dev', password: '' }, { password: 'mandatory' }],
    // Spaces are characters of a password: the platform judges it.
    ['a password of spaces', { user: 'dev', password: '   ' }, {}],
    ['nothing', { user: '', password: '' }, { user: 'mandatory', password: 'mandatory' }],
  ] as const)('%s', (_, form, expected) => {
    expect(signInProblems(form)).toEqual(expected)
    expect(canSend(signInProblems(form))).toBe(Object.keys(expected).length === 0)
  })
})

describe('the one-time code form', () => {
  it('needs a code, not only spaces', () => {
    expect(otpProblems({ code: ' 123456 ' })).toEqual({})
    expect(otpProblems({ code: '  ' })).toEqual({ code: 'mandatory' })
  })
})
