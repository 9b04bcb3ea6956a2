/**
 * The login page's form rules (spec 000 section 5), as the account screens' (accountForms.ts):
 * each field's problem a message key, no problem means the form may be sent. A module of its
 * own, so the login page does not load the account screens' rules.
 */

/** Only an empty mandatory field stops the login page's forms. */
type Mandatory<F extends string> = Partial<Record<F, 'mandatory'>>

/** No problem: the form may be sent (every session form's rule). */
export const canSend = (problems: Readonly<Record<string, unknown>>): boolean =>
  Object.keys(problems).length === 0

/** A user name, not only spaces, and a password (spaces are characters of a password). */
export const signInProblems = (f: {
  readonly user: string
  readonly password: string
}): Mandatory<'user' | 'password'> => ({
  ...(f.user.trim() === '' ? { user: 'mandatory' } : {}),
  ...(f.password === '' ? { password: 'mandatory' } : {}),
})

/** A one-time code, not only spaces (it is sent trimmed). */
export const otpProblems = (f: { readonly code: string }): Mandatory<'code'> =>
  f.code.trim() === '' ? { code: 'mandatory' } : {}
