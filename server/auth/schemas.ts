/**
 * JSON schemas shared by the auth, platform and admin routes: validation answers 400 with a
 * clear message, and the OpenAPI document is built from them.
 */
import { EMAIL_PATTERN } from '../../domain/shared/forms'

export const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message'],
} as const

/** Error answers a route documents, by status code. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorSchema]))

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const

const bool = { type: 'boolean' } as const
const str = { type: 'string' } as const

export const userDataSchema = {
  type: 'object',
  properties: {
    name: str,
    anonymous: bool,
    admin: bool,
    realm: str,
    mfaStatus: { type: 'string', enum: ['NONE', 'ENROLL', 'VERIFY'] },
    firstLogin: bool,
    freeTier: bool,
    hasSeenGettingStarted: bool,
    quickDeployEnabled: bool,
    wizardClosed: bool,
    newOnboarding: bool,
    existsInDB: bool,
    profileUpdatable: bool,
    requireProfilePassword: bool,
    requireProfileUnlock: bool,
    email: str,
    projectAdmin: bool,
  },
  required: [
    'name',
    'anonymous',
    'admin',
    'realm',
    'mfaStatus',
    'firstLogin',
    'freeTier',
    'hasSeenGettingStarted',
    'quickDeployEnabled',
    'wizardClosed',
    'newOnboarding',
    'existsInDB',
    'profileUpdatable',
    'requireProfilePassword',
    'requireProfileUnlock',
    'email',
    'projectAdmin',
  ],
} as const

/** User and group names: letters, digits, dash, underscore and period (the spec's name rule). */
export const NAME_PATTERN = '^[A-Za-z0-9._-]+$'
export const nameSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: NAME_PATTERN } as const
/**
 * Deliberately plain: no spaces, quotes, angle brackets or line breaks (it goes into mail
 * headers). The console's rule (domain/shared/forms.ts), so both accept the same addresses.
 */
export const emailSchema = { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN.source } as const
/** Bounded before hashing; the length rule itself gives a clearer message in the handler. */
export const passwordSchema = { type: 'string', minLength: 1, maxLength: 256 } as const
export const tokenSchema = { type: 'string', minLength: 1, maxLength: 200 } as const

// Routes describe themselves for the OpenAPI document (server/openapi.ts reads `summary`).
declare module 'fastify' {
  interface FastifySchema {
    summary?: string
  }
}
