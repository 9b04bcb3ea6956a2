/**
 * The login page's form rule (spec 000 section 5), a validated form as a type like the account
 * screens' (accountForms.ts): the value the command takes, or each field's problem as a message
 * key. A module of its own, so the login page does not load the account screens' rules (the
 * one-time code's is there too: its screen loads with them).
 */
import { left, right, type Either } from 'fp-ts/Either'

/** Only an empty mandatory field stops the login form. */
export type Mandatory<F extends string> = Partial<Record<F, { readonly key: 'mandatory' }>>

const MANDATORY = { key: 'mandatory' } as const

/** The credentials of a sign-in. */
export interface Credentials {
  readonly user: string
  readonly password: string
}

/** A user name, not only spaces, and a password (spaces are characters of a password). */
export const validateSignIn = <F extends Credentials>(f: F): Either<Mandatory<'user' | 'password'>, F> => {
  const problems: Mandatory<'user' | 'password'> = {
    ...(f.user.trim() === '' ? { user: MANDATORY } : {}),
    ...(f.password === '' ? { password: MANDATORY } : {}),
  }
  return problems.user || problems.password ? left(problems) : right(f)
}
