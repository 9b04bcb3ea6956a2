/**
 * Password hashing with scrypt (node:crypto): a random salt per password, parameters stored
 * with the hash so they can be raised later, and a constant-time comparison.
 */
import {
  randomBytes,
  scrypt as scryptCallback,
  scryptSync,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64
/** Longer passwords are refused before hashing: scrypt's cost must not be the caller's choice. */
export const MAX_PASSWORD_LENGTH = 256
export const MIN_PASSWORD_LENGTH = 8

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

const encode = (salt: Buffer, key: Buffer) =>
  `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  return encode(salt, await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P }))
}

/** For seeding at start-up, before the server accepts requests. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16)
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P }))
}

// Verifying against this when the user does not exist keeps the answer time the same.
const DUMMY_HASH = hashPasswordSync(randomBytes(12).toString('hex'))

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(keyText, 'base64')
  const actual = await scrypt(
    password.slice(0, MAX_PASSWORD_LENGTH),
    Buffer.from(saltText, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    },
  )
  return timingSafeEqual(actual, expected) && stored !== undefined
}

/** The password rules of Administration → Security Settings → General. */
export interface PasswordPolicy {
  readonly minLength: number
  readonly requireUppercase: boolean
  readonly requireDigit: boolean
  readonly requireSpecial: boolean
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: MIN_PASSWORD_LENGTH,
  requireUppercase: false,
  requireDigit: false,
  requireSpecial: false,
}

/** A reason the password is refused, or undefined when it is acceptable. */
export function passwordProblem(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | undefined {
  if (password.length < policy.minLength) return `Password must be at least ${policy.minLength} characters`
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return 'Password must contain an uppercase letter'
  if (policy.requireDigit && !/\d/.test(password)) return 'Password must contain a digit'
  if (policy.requireSpecial && !/[^\p{L}\p{N}]/u.test(password))
    return 'Password must contain a special character'
  return undefined
}
