/**
 * The rules of the session screens' forms (spec 000 section 5), validated forms as types: each
 * rule gives the value its command takes, or the problem of every field as a message key (worded
 * by the view's catalogue). A password is mandatory when it is empty: spaces are characters of a
 * password (the platform's password rules judge it); a name or an email address needs more than
 * spaces. Loaded with the account screens, not with the login page, like the profile screen's
 * password-unlock rule at the end.
 */
import { left, right, type Either } from 'fp-ts/Either'
import { isEmailAddress } from '../shared/forms'
import type { Message, Problems } from '../shared/messages'

/** The messages these forms give. */
export type SessionFormMessage = Extract<Message, { key: 'mandatory' | 'invalidEmail' | 'passwordsDiffer' }>

declare const checked: unique symbol
/** A text that passed its rule: only these rules make one. */
type Checked<B extends string> = string & { readonly [checked]: B }
/** A user name that is not only spaces (sent as typed). */
export type UserName = Checked<'UserName'>
/** An email address the platform takes, trimmed. */
export type EmailAddress = Checked<'EmailAddress'>
/** A password, typed twice the same where the form asks for a confirmation. */
export type Password = Checked<'Password'>

const MANDATORY: SessionFormMessage = { key: 'mandatory' }
const DIFFER: SessionFormMessage = { key: 'passwordsDiffer' }

type Fields<F extends string> = Readonly<Record<F, string>>
type Rule<F extends string, V> = (form: Fields<F>) => Either<Problems<F, SessionFormMessage>, V>

/** The problems of the fields, leaving out the fields without one; none gives the value. */
function check<F extends string, V>(
  entries: ReadonlyArray<readonly [F, SessionFormMessage | null]>,
  value: () => V,
): Either<Problems<F, SessionFormMessage>, V> {
  const problems: Problems<F, SessionFormMessage> = {}
  for (const [field, problem] of entries) if (problem !== null) problems[field] = problem
  return Object.keys(problems).length === 0 ? right(value()) : left(problems)
}

const nameProblem = (text: string) => (text.trim() === '' ? MANDATORY : null)
const passwordProblem = (text: string) => (text === '' ? MANDATORY : null)
const emailProblem = (text: string) =>
  text.trim() === '' ? MANDATORY : isEmailAddress(text.trim()) ? null : { key: 'invalidEmail' as const }

const newPassword = (f: Fields<'password' | 'confirm'>) =>
  [
    ['password', passwordProblem(f.password)],
    ['confirm', f.confirm === '' ? MANDATORY : f.confirm !== f.password ? DIFFER : null],
  ] as const

export interface Registration {
  readonly user: UserName
  readonly email: EmailAddress
  readonly password: Password
}

export const validateRegistration: Rule<'user' | 'email' | 'password' | 'confirm', Registration> = (f) =>
  check([['user', nameProblem(f.user)], ['email', emailProblem(f.email)], ...newPassword(f)], () => ({
    user: f.user as UserName,
    email: f.email.trim() as EmailAddress,
    password: f.password as Password,
  }))

export interface Invitation {
  readonly user: UserName
  readonly password: Password
}

export const validateInvitation: Rule<'user' | 'password' | 'confirm', Invitation> = (f) =>
  check([['user', nameProblem(f.user)], ...newPassword(f)], () => ({
    user: f.user as UserName,
    password: f.password as Password,
  }))

export const validateResetPassword: Rule<'password' | 'confirm', { readonly password: Password }> = (f) =>
  check(newPassword(f), () => ({ password: f.password as Password }))

export interface PasswordChange {
  readonly userName: UserName
  readonly oldPassword: Password
  readonly password: Password
}

export const validateChangePassword: Rule<
  'userName' | 'oldPassword' | 'password' | 'confirm',
  PasswordChange
> = (f) =>
  check(
    [
      ['userName', nameProblem(f.userName)],
      ['oldPassword', passwordProblem(f.oldPassword)],
      ...newPassword(f),
    ],
    () => ({
      userName: f.userName as UserName,
      oldPassword: f.oldPassword as Password,
      password: f.password as Password,
    }),
  )

export const validateForgotPassword: Rule<'user', { readonly user: UserName }> = (f) =>
  check([['user', nameProblem(f.user)]], () => ({ user: f.user as UserName }))

/** What the profile form changes: the address when it changed (or alone), a new password when typed. */
export interface ProfileUpdate {
  readonly email?: string
  readonly newPassword?: Password
}

/**
 * The profile form, given the address the user has now: the email address stays mandatory; a
 * new password is optional, and when one is typed the confirmation must repeat it (an empty
 * confirmation of it differs). The address is sent when it changed, or when nothing else is.
 */
export const validateProfile =
  (currentEmail: string): Rule<'email' | 'password' | 'confirm', ProfileUpdate> =>
  (f) =>
    check(
      [
        ['email', nameProblem(f.email)],
        ['confirm', f.password !== '' && f.password !== f.confirm ? DIFFER : null],
      ],
      () => ({
        ...(f.email.trim() !== currentEmail || f.password === '' ? { email: f.email.trim() } : {}),
        ...(f.password === '' ? {} : { newPassword: f.password as Password }),
      }),
    )

/** The current password that unlocks the profile or shows the API key. */
export const validateCurrentPassword: Rule<'password', { readonly password: Password }> = (f) =>
  check([['password', passwordProblem(f.password)]], () => ({ password: f.password as Password }))

/** A one-time code, not only spaces; the value is the code trimmed, as it is sent. */
export const validateOtp = (f: Fields<'code'>): Either<Problems<'code', SessionFormMessage>, string> =>
  f.code.trim() === '' ? left({ code: MANDATORY }) : right(f.code.trim())

/** Profile flags that decide whether the profile screen asks for the password (spec 000 section 5). */
export interface ProfileUnlockFlags {
  readonly existsInDB: boolean
  readonly profileUpdatable: boolean
  readonly requireProfilePassword: boolean
  /** Whether the user has already unlocked the profile with the password. */
  readonly unlocked: boolean
}

/**
 * The password-unlock state: a stored profile that requires the password and is still
 * locked, or an updatable profile that requires the password and has been unlocked.
 */
export function profilePasswordUnlockState(f: ProfileUnlockFlags): boolean {
  return (
    (f.existsInDB && f.requireProfilePassword && !f.unlocked) ||
    (f.profileUpdatable && f.requireProfilePassword && f.unlocked)
  )
}
