/**
 * The rules of the session screens' forms (spec 000 section 5): each returns the problem of
 * every field as a message key (worded by the view's catalogue), and no problem means the form
 * may be sent. A password is mandatory when it is empty: spaces are characters of a password
 * (the platform's password rules judge it); a name or an e-mail address needs more than spaces.
 * Loaded with the account screens, not with the login page.
 */
import { isEmailAddress } from '../shared/forms'

export type FormProblem = 'mandatory' | 'invalidEmail' | 'passwordsDiffer'
export type FormProblems<F extends string> = Partial<Record<F, FormProblem>>

const blank = (text: string) => text.trim() === ''

/** Problems of the fields, in the order given, leaving out the fields without one. */
function only<F extends string>(entries: ReadonlyArray<readonly [F, FormProblem | null]>): FormProblems<F> {
  const problems: FormProblems<F> = {}
  for (const [field, problem] of entries) if (problem !== null) problems[field] = problem
  return problems
}

const newPassword = (password: string, confirm: string) =>
  [
    ['password', password === '' ? 'mandatory' : null],
    ['confirm', confirm === '' ? 'mandatory' : confirm !== password ? 'passwordsDiffer' : null],
  ] as const

export { canSend } from './loginForms'

export const registrationProblems = (f: {
  readonly user: string
  readonly email: string
  readonly password: string
  readonly confirm: string
}): FormProblems<'user' | 'email' | 'password' | 'confirm'> =>
  only<'user' | 'email' | 'password' | 'confirm'>([
    ['user', blank(f.user) ? 'mandatory' : null],
    ['email', blank(f.email) ? 'mandatory' : isEmailAddress(f.email.trim()) ? null : 'invalidEmail'],
    ...newPassword(f.password, f.confirm),
  ])

export const invitationProblems = (f: {
  readonly user: string
  readonly password: string
  readonly confirm: string
}): FormProblems<'user' | 'password' | 'confirm'> =>
  only<'user' | 'password' | 'confirm'>([
    ['user', blank(f.user) ? 'mandatory' : null],
    ...newPassword(f.password, f.confirm),
  ])

export const resetPasswordProblems = (f: {
  readonly password: string
  readonly confirm: string
}): FormProblems<'password' | 'confirm'> => only<'password' | 'confirm'>(newPassword(f.password, f.confirm))

export const changePasswordProblems = (f: {
  readonly userName: string
  readonly oldPassword: string
  readonly password: string
  readonly confirm: string
}): FormProblems<'userName' | 'oldPassword' | 'password' | 'confirm'> =>
  only<'userName' | 'oldPassword' | 'password' | 'confirm'>([
    ['userName', blank(f.userName) ? 'mandatory' : null],
    ['oldPassword', f.oldPassword === '' ? 'mandatory' : null],
    ...newPassword(f.password, f.confirm),
  ])

export const forgotPasswordProblems = (f: { readonly user: string }): FormProblems<'user'> =>
  only<'user'>([['user', blank(f.user) ? 'mandatory' : null]])

/**
 * The profile form: the e-mail address stays mandatory; a new password is optional, and
 * when one is typed the confirmation must repeat it (an empty confirmation of it differs).
 */
export const profileProblems = (f: {
  readonly email: string
  readonly password: string
  readonly confirm: string
}): FormProblems<'email' | 'confirm'> =>
  only<'email' | 'confirm'>([
    ['email', blank(f.email) ? 'mandatory' : null],
    ['confirm', f.password !== '' && f.password !== f.confirm ? 'passwordsDiffer' : null],
  ])

/** The current password that unlocks the profile or shows the API key. */
export const currentPasswordProblems = (f: { readonly password: string }): FormProblems<'password'> =>
  only<'password'>([['password', f.password === '' ? 'mandatory' : null]])
