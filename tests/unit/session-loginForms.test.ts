/** The login page's form rules (spec 000 section 5): the value sent, or what stops the form. */
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { validateSignIn } from '../../domain/session/loginForms'
import { validateOtp } from '../../domain/session/accountForms'

const mandatory = { key: 'mandatory' }

describe('the login form', () => {
  it.each([
    [
      'a user and a password',
      { user: 'dev', password: 'secret' },
      right({ user: 'dev', password: 'secret' }),
    ],
    ['no user', { user: '  ', password: 'secret' }, left({ user: mandatory })],
    ['no password', { user: 'dev', password: '' }, left({ password: mandatory })],
    // Spaces are characters of a password: the platform judges it.
    ['a password of spaces', { user: 'dev', password: '   ' }, right({ user: 'dev', password: '   ' })],
    ['nothing', { user: '', password: '' }, left({ user: mandatory, password: mandatory })],
  ] as const)('%s', (_, form, expected) => {
    expect(validateSignIn(form)).toEqual(expected)
  })

  it('passes the other fields of the form on (remember me)', () => {
    expect(validateSignIn({ user: 'dev', password: 'p', rememberMe: true })).toEqual(
      right({ user: 'dev', password: 'p', rememberMe: true }),
    )
  })
})

describe('the one-time code form', () => {
  it.each([
    ['a code, sent trimmed', ' 123456 ', right('123456')],
    ['only spaces', '  ', left({ code: mandatory })],
    ['nothing', '', left({ code: mandatory })],
  ] as const)('%s', (_, code, expected) => {
    expect(validateOtp({ code })).toEqual(expected)
  })
})
