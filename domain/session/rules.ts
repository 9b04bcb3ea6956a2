/**
 * Pure session rules (spec 000 sections 4–5, 9): safe redirect targets, the path saved for
 * after login, the outcome of a login by MFA status and login-dialog suppression (the profile's
 * password-unlock state loads with the account screens: accountForms.ts). No clock, no storage:
 * time comes in as `nowMs`.
 */
import * as t from 'io-ts'
import { none, some, type Option } from 'fp-ts/Option'
import type { SafeInternalPath } from './types'

/**
 * An idle session that becomes active after this long asks the server whether it is still
 * valid (spec 000 section 9; the same limit as the navigation area's IDLE_CHECK_MS).
 */
export const SESSION_IDLE_LIMIT_MS = 60_000

/** Session-storage key of the saved post-login path (spec 000 section 9). */
export const PATH_AFTER_LOGIN_KEY = 'path_after_login'

/** A saved post-login path lives 8 hours (spec 000 section 9). */
export const PATH_AFTER_LOGIN_TTL_MS = 8 * 60 * 60 * 1000

/** The CLI login screen: saved even though it is in the login family, so `jf login` can finish. */
export const CLI_LOGIN_PATH = '/login/cli-registration'

/**
 * Screens that make no sense to return to after logging in: the login family (and its alias
 * /auth), logout, and the error/authorization pages (they would greet the user with an error).
 * Matched as the whole path or a prefix followed by `/`, with or without the `/ui` base.
 */
export const PATH_AFTER_LOGIN_BLOCKED: ReadonlyArray<string> = [
  '/login',
  '/auth',
  '/auth-provider',
  '/logout',
  '/404',
  '/406',
  '/500',
  '/authorization',
]

const JUDGE_ORIGIN = 'https://console.example'
const MAX_DECODING_LEVELS = 8

/**
 * True only for a path that starts with exactly one `/` and stays same-origin at every level
 * of percent-decoding. Servers, proxies and later code may decode a path once more than we
 * expect, so every decoded form must be as harmless as the raw one.
 */
export function isSafeInternalPath(path: string): path is SafeInternalPath {
  if (typeof path !== 'string') return false
  let current = path
  for (let level = 0; level < MAX_DECODING_LEVELS; level++) {
    if (!isSafeAtThisLevel(current)) return false
    const decoded = percentDecodeOnce(current)
    if (decoded === current) return true
    current = decoded
  }
  // Still changing after this many decodings: no ordinary path is encoded that deeply.
  return false
}

/** Decodes a `SafeInternalPath` at a boundary (an event's data, a command): the rule above, nothing else. */
export const SafeInternalPathC = new t.Type<SafeInternalPath, string, unknown>(
  'SafeInternalPath',
  (u): u is SafeInternalPath => typeof u === 'string' && isSafeInternalPath(u),
  (u, c) => (typeof u === 'string' && isSafeInternalPath(u) ? t.success(u) : t.failure(u, c)),
  (p) => p,
)

function isSafeAtThisLevel(p: string): boolean {
  if (p.length === 0 || p.charCodeAt(0) !== 0x2f) return false
  const second = p.charCodeAt(1)
  // `//host` and `/\host` are authorities to a browser.
  if (second === 0x2f || second === 0x5c) return false
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i)
    // Browsers drop tab/newline inside URLs and treat `\` as `/`, which can turn a path into
    // an authority; other control characters have no business in a path either.
    if (c < 0x20 || c === 0x5c || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return false
  }
  // No scheme: a colon in the first segment (`/javascript:…`, `/https://…`) is a URL that lost
  // its slash-stripping step away from being absolute; no route of ours looks like that.
  const firstSegmentEnd = firstSegmentEndIndex(p)
  if (p.lastIndexOf(':', firstSegmentEnd - 1) > 0) return false
  let url: URL
  try {
    url = new URL(p, JUDGE_ORIGIN)
  } catch {
    return false
  }
  // `/.//evil.example` resolves to the pathname `//evil.example`, an authority if reused as a URL.
  return url.origin === JUDGE_ORIGIN && !url.pathname.startsWith('//')
}

function firstSegmentEndIndex(p: string): number {
  for (let i = 1; i < p.length; i++) {
    const c = p.charCodeAt(i)
    if (c === 0x2f || c === 0x3f || c === 0x23) return i
  }
  return p.length
}

const HEX = /^[0-9a-fA-F]{2}$/

/**
 * One level of percent-decoding. Well-formed UTF-8 decodes fully; malformed input still has
 * its ASCII escapes decoded, because those are the ones (`%2F`, `%5C`, `%09`) that matter.
 */
export function percentDecodeOnce(s: string): string {
  if (s.indexOf('%') < 0) return s
  try {
    return decodeURIComponent(s)
  } catch {
    let out = ''
    for (let i = 0; i < s.length; i++) {
      const ch = s[i]
      const hex = s.slice(i + 1, i + 3)
      if (ch === '%' && HEX.test(hex)) {
        const code = parseInt(hex, 16)
        if (code < 0x80) {
          out += String.fromCharCode(code)
          i += 2
          continue
        }
      }
      out += ch
    }
    return out
  }
}

/** The saved record, as stored in session storage under `path_after_login`. */
export interface PathAfterLoginRecord {
  readonly pathAfterLogin: string
  readonly expiration: number
}

/** The path without the `/ui` base, query and hash: what the route rules look at. */
function routePart(path: string): string {
  let end = path.length
  const q = path.indexOf('?')
  if (q >= 0) end = q
  const h = path.indexOf('#')
  if (h >= 0 && h < end) end = h
  let p = path.slice(0, end)
  if (p === '/ui') return '/'
  if (p.startsWith('/ui/')) p = p.slice(3)
  // Trailing slashes do not make another route.
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p.toLowerCase()
}

function underPrefix(route: string, prefix: string): boolean {
  return route === prefix || route.startsWith(prefix + '/')
}

/** The path and each of its percent-decoded forms (the router may see any of them). */
function decodingLevels(path: string): string[] {
  const levels = [path]
  let current = path
  for (let i = 0; i < MAX_DECODING_LEVELS; i++) {
    const next = percentDecodeOnce(current)
    if (next === current) break
    levels.push(next)
    current = next
  }
  return levels
}

function isCliLoginPath(path: string): boolean {
  return routePart(path) === CLI_LOGIN_PATH
}

/** True when the path (in any decoded form) is a blocked screen; the CLI login path never is. */
export function isBlockedPathAfterLogin(path: string): boolean {
  if (isCliLoginPath(path)) return false
  return decodingLevels(path).some((level) => {
    const route = routePart(level)
    return PATH_AFTER_LOGIN_BLOCKED.some((prefix) => underPrefix(route, prefix))
  })
}

/** Admin screens (`/admin…`, with or without the base, in any decoded form) are for admins only. */
export function isAdminPath(path: string): boolean {
  return decodingLevels(path).some((level) => underPrefix(routePart(level), '/admin'))
}

/**
 * Old hash links (`#/packages`, `/#/packages`, `/ui#/packages`) are rewritten to the ui hash
 * form `/ui/#/packages`, which the navigation rules then map to a history route.
 */
export function rewriteHashPath(path: string): string {
  for (const prefix of ['#/', '/#/', '/ui#/', '/ui/#/']) {
    if (path.startsWith(prefix)) return '/ui/#/' + path.slice(prefix.length)
  }
  return path
}

/**
 * The record to save before sending the user to login, or none when the path must not be
 * returned to: unsafe paths never, blocked screens unless forced (the CLI login path always).
 */
export function savePathAfterLogin(
  path: string,
  nowMs: number,
  options?: { readonly force?: boolean },
): Option<PathAfterLoginRecord> {
  if (typeof path !== 'string' || !Number.isFinite(nowMs)) return none
  const rewritten = rewriteHashPath(path)
  if (!isSafeInternalPath(rewritten)) return none
  if (!options?.force && isBlockedPathAfterLogin(rewritten)) return none
  return some({ pathAfterLogin: rewritten, expiration: nowMs + PATH_AFTER_LOGIN_TTL_MS })
}

function decodeRecord(record: unknown): PathAfterLoginRecord | undefined {
  let value = record
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return undefined
    }
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { pathAfterLogin, expiration } = value as Record<string, unknown>
  if (typeof pathAfterLogin !== 'string' || typeof expiration !== 'number' || !Number.isFinite(expiration)) {
    return undefined
  }
  return { pathAfterLogin, expiration }
}

/**
 * Where to go after login, from what session storage held (the record or its JSON text).
 * None when the record is malformed, expired, claims a longer life than we ever give (not
 * written by us), unsafe, or an admin path for a non-admin.
 */
export function pathAfterLogin(
  record: unknown,
  ctx: { readonly nowMs: number; readonly isAdmin: boolean },
): Option<SafeInternalPath> {
  const decoded = decodeRecord(record)
  if (!decoded || !Number.isFinite(ctx.nowMs)) return none
  if (decoded.expiration <= ctx.nowMs) return none
  if (decoded.expiration - ctx.nowMs > PATH_AFTER_LOGIN_TTL_MS) return none
  const path = rewriteHashPath(decoded.pathAfterLogin)
  if (!isSafeInternalPath(path)) return none
  if (!ctx.isAdmin && isAdminPath(path)) return none
  return some(path)
}

/** What a successful login leads to, by the user's MFA status (spec 000 section 4). */
export type LoginOutcome = 'enroll' | 'verify' | 'complete'

export function loginOutcome(mfaStatus: string | null | undefined): LoginOutcome {
  const status = typeof mfaStatus === 'string' ? mfaStatus.trim().toLowerCase() : ''
  if (status === 'enroll') return 'enroll'
  if (status === 'verify') return 'verify'
  return 'complete'
}

/**
 * The login dialog stays hidden when the user dismissed it (a stored value) and the dialog
 * settings are not permanent; a permanent setting clears the stored dismissal instead.
 */
export function loginDialogRule(input: {
  readonly storedDismissal: string | null | undefined
  readonly permanent: boolean
}): { readonly suppressed: boolean; readonly clearStoredDismissal: boolean } {
  const dismissed = typeof input.storedDismissal === 'string' && input.storedDismissal !== ''
  return {
    suppressed: dismissed && !input.permanent,
    clearStoredDismissal: input.permanent && dismissed,
  }
}

export function isLoginDialogSuppressed(
  storedDismissal: string | null | undefined,
  permanent: boolean,
): boolean {
  return loginDialogRule({ storedDismissal, permanent }).suppressed
}
