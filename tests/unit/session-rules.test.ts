import { describe, expect, it } from 'vitest'
import { isNone, isSome, none, some } from 'fp-ts/Option'
import { isRight } from 'fp-ts/Either'
import { eventSpecs } from '../../domain/app'
import {
  CLI_LOGIN_PATH,
  PATH_AFTER_LOGIN_KEY,
  PATH_AFTER_LOGIN_TTL_MS,
  isSafeInternalPath,
  loginDialogRule,
  isLoginDialogSuppressed,
  loginOutcome,
  pathAfterLogin,
  percentDecodeOnce,
  profilePasswordUnlockState,
  savePathAfterLogin,
} from '../../domain/session'

const NOW = Date.UTC(2026, 0, 1, 12)
const HOUR = 3_600_000

describe('isSafeInternalPath', () => {
  it.each([
    '/',
    '/ui/packages',
    '/ui/search?q=%22a%20b%22',
    '/packages/npm%3A%2F%2Freact/18.2.0',
    '/packages/npm://react',
    '/ui/admin/management/users?tab=1#top',
    '/ui/search?q=caf%C3%A9',
  ])('accepts the ordinary path %s', (p) => {
    expect(isSafeInternalPath(p)).toBe(true)
  })

  it.each([
    '',
    'ui/packages',
    '//evil.example',
    '/\\evil.example',
    '/\tevil',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%5cevil.example',
    '/%09/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/.//evil.example',
    '/a\nb',
    '/a\u0000',
    '/\u2028',
    ' /ui',
    '/https://evil.example',
    '/javascript:alert(1)',
    '/%6a%61vascript:alert(1)',
  ])('rejects %j', (p) => {
    expect(isSafeInternalPath(p)).toBe(false)
  })
})

describe('savePathAfterLogin', () => {
  it('saves an ordinary path for 8 hours under path_after_login', () => {
    expect(PATH_AFTER_LOGIN_KEY).toBe('path_after_login')
    expect(savePathAfterLogin('/ui/packages?x=1', NOW)).toEqual(
      some({ pathAfterLogin: '/ui/packages?x=1', expiration: NOW + 8 * HOUR }),
    )
    expect(PATH_AFTER_LOGIN_TTL_MS).toBe(8 * HOUR)
  })

  it.each([
    '/login',
    '/ui/login/otp-login',
    '/auth',
    '/logout',
    '/ui/404',
    '/406/abc',
    '/500',
    '/authorization',
    '/ui/%6Cogin',
  ])('does not save the blocked path %s unless forced', (p) => {
    expect(savePathAfterLogin(p, NOW)).toEqual(none)
    expect(isSome(savePathAfterLogin(p, NOW, { force: true }))).toBe(true)
  })

  it('always saves the CLI login path', () => {
    expect(savePathAfterLogin(CLI_LOGIN_PATH, NOW)).toEqual(
      some({ pathAfterLogin: CLI_LOGIN_PATH, expiration: NOW + 8 * HOUR }),
    )
    expect(isSome(savePathAfterLogin('/ui/login/cli-registration?code=1', NOW))).toBe(true)
  })

  it('rewrites hash paths to the ui hash form', () => {
    expect(savePathAfterLogin('#/packages', NOW)).toEqual(
      some({ pathAfterLogin: '/ui/#/packages', expiration: NOW + 8 * HOUR }),
    )
    expect(savePathAfterLogin('/#/builds/x', NOW)).toEqual(
      some({ pathAfterLogin: '/ui/#/builds/x', expiration: NOW + 8 * HOUR }),
    )
  })

  it('never saves an unsafe path, even forced', () => {
    expect(savePathAfterLogin('//evil.example', NOW, { force: true })).toEqual(none)
    expect(savePathAfterLogin('/%2F%2Fevil.example', NOW, { force: true })).toEqual(none)
  })
})

describe('pathAfterLogin', () => {
  const rec = (pathAfterLogin: string, expiration = NOW + HOUR) => ({ pathAfterLogin, expiration })

  it('returns a live saved path', () => {
    expect(pathAfterLogin(rec('/ui/packages'), { nowMs: NOW, isAdmin: false })).toEqual(some('/ui/packages'))
    expect(pathAfterLogin(JSON.stringify(rec('/ui/packages')), { nowMs: NOW, isAdmin: false })).toEqual(
      some('/ui/packages'),
    )
  })

  it('ignores expired paths and records claiming more than 8 hours', () => {
    expect(pathAfterLogin(rec('/ui/packages', NOW), { nowMs: NOW, isAdmin: false })).toEqual(none)
    expect(pathAfterLogin(rec('/ui/packages', NOW - 1), { nowMs: NOW, isAdmin: false })).toEqual(none)
    expect(pathAfterLogin(rec('/ui/packages', NOW + 9 * HOUR), { nowMs: NOW, isAdmin: false })).toEqual(none)
  })

  it('honours admin paths only for admins', () => {
    expect(pathAfterLogin(rec('/ui/admin/projects'), { nowMs: NOW, isAdmin: false })).toEqual(none)
    expect(pathAfterLogin(rec('/admin'), { nowMs: NOW, isAdmin: false })).toEqual(none)
    expect(pathAfterLogin(rec('/%61dmin/x'), { nowMs: NOW, isAdmin: false })).toEqual(none)
    expect(pathAfterLogin(rec('/ui/admin/projects'), { nowMs: NOW, isAdmin: true })).toEqual(
      some('/ui/admin/projects'),
    )
    expect(pathAfterLogin(rec('/ui/administrator-guide'), { nowMs: NOW, isAdmin: false })).toEqual(
      some('/ui/administrator-guide'),
    )
  })

  it('allows the CLI login path', () => {
    expect(pathAfterLogin(rec(CLI_LOGIN_PATH), { nowMs: NOW, isAdmin: false })).toEqual(some(CLI_LOGIN_PATH))
  })

  it('never returns an unsafe or malformed record', () => {
    for (const bad of [
      rec('//evil.example'),
      rec('https://evil.example'),
      null,
      undefined,
      42,
      'not json',
      { pathAfterLogin: 1, expiration: NOW + HOUR },
      { pathAfterLogin: '/x', expiration: 'soon' },
    ]) {
      expect(isNone(pathAfterLogin(bad, { nowMs: NOW, isAdmin: true }))).toBe(true)
    }
  })
})

describe('loginOutcome', () => {
  it('maps the MFA status', () => {
    expect(loginOutcome('enroll')).toBe('enroll')
    expect(loginOutcome('VERIFY')).toBe('verify')
    expect(loginOutcome('none')).toBe('complete')
    expect(loginOutcome(undefined)).toBe('complete')
    expect(loginOutcome('')).toBe('complete')
  })
})

describe('login dialog suppression', () => {
  it('suppresses only when dismissed and not permanent; permanent clears the dismissal', () => {
    expect(loginDialogRule({ storedDismissal: 'true', permanent: false })).toEqual({
      suppressed: true,
      clearStoredDismissal: false,
    })
    expect(loginDialogRule({ storedDismissal: 'true', permanent: true })).toEqual({
      suppressed: false,
      clearStoredDismissal: true,
    })
    expect(isLoginDialogSuppressed(null, false)).toBe(false)
    expect(isLoginDialogSuppressed('', false)).toBe(false)
  })
})

describe('profilePasswordUnlockState', () => {
  // The full truth table of the rule in spec 000 section 5 (all 16 cases, written out): true for
  // a stored profile that needs the password and is locked, or an updatable one that needs it and is unlocked.
  it.each([
    [false, false, false, false, false],
    [false, false, false, true, false],
    [false, false, true, false, false],
    [false, false, true, true, false],
    [false, true, false, false, false],
    [false, true, false, true, false],
    [false, true, true, false, false],
    [false, true, true, true, true],
    [true, false, false, false, false],
    [true, false, false, true, false],
    [true, false, true, false, true],
    [true, false, true, true, false],
    [true, true, false, false, false],
    [true, true, false, true, false],
    [true, true, true, false, true],
    [true, true, true, true, true],
  ])(
    'existsInDB=%s updatable=%s requires=%s unlocked=%s → %s',
    (existsInDB, profileUpdatable, requireProfilePassword, unlocked, expected) => {
      expect(
        profilePasswordUnlockState({ existsInDB, profileUpdatable, requireProfilePassword, unlocked }),
      ).toBe(expected)
    },
  )
})

describe('the path kept for after login, at its edges', () => {
  /** `/a b` percent-encoded `times` times over (`/a%20b`, `/a%2520b`, …). */
  const encoded = (times: number): string => {
    let p = '/a%20b'
    for (let i = 1; i < times; i++) p = p.replace(/%/g, '%25')
    return p
  }

  it('accepts a path that settles within eight decodings, refuses one still encoded after them', () => {
    expect(isSafeInternalPath(encoded(1))).toBe(true)
    expect(isSafeInternalPath(encoded(7))).toBe(true)
    expect(isSafeInternalPath(encoded(8))).toBe(false)
  })

  it('keeps nothing at a time that is no time', () => {
    expect(savePathAfterLogin('/ui/packages', Number.NaN)).toEqual(none)
    expect(savePathAfterLogin('/ui/packages', Number.POSITIVE_INFINITY)).toEqual(none)
  })

  it('reads a blocked screen with its hash, and the CLI login path with a trailing slash', () => {
    expect(savePathAfterLogin('/ui/logout#top', NOW)).toEqual(none)
    expect(savePathAfterLogin('/ui/login/cli-registration/', NOW)).toEqual(
      some({ pathAfterLogin: '/ui/login/cli-registration/', expiration: NOW + PATH_AFTER_LOGIN_TTL_MS }),
    )
  })

  it('reads the MFA status whatever its case and blanks', () => {
    expect(loginOutcome(' ENROLL ')).toBe('enroll')
    expect(loginOutcome('Verify')).toBe('verify')
  })
})

describe('a redirect after login read back from a log', () => {
  const codec = eventSpecs.get('session/RedirectedAfterLogin')!.codec
  const line = (path: unknown) => ({
    type: 'session/RedirectedAfterLogin',
    data: { target: 'internal', path },
  })

  it('takes a path inside the console, and refuses one that leaves it or is no text', () => {
    expect(isRight(codec.decode(line('/ui/packages')))).toBe(true)
    expect(codec.is(line('/ui/packages'))).toBe(true)
    for (const path of ['//evil.example', '/%2F%2Fevil.example', 42, null]) {
      expect(isRight(codec.decode(line(path))), String(path)).toBe(false)
      expect(codec.is(line(path)), String(path)).toBe(false)
    }
    // A script may hand the rule anything: what is no text is no path.
    expect(isSafeInternalPath(42 as unknown as string)).toBe(false)
  })
})

describe('the safe-path rule at each of its checks', () => {
  it('refuses DEL, the C1 controls at both ends and the line and paragraph separators', () => {
    for (const c of ['\u007f', '\u0080', '\u0085', '\u009f', '\u2028', '\u2029'])
      expect(isSafeInternalPath(`/a${c}b`), JSON.stringify(c)).toBe(false)
    // The characters just outside those ranges are ordinary text in a path.
    for (const c of ['~', '\u00a0', '\u2027', '\u202a'])
      expect(isSafeInternalPath(`/a${c}b`), JSON.stringify(c)).toBe(true)
  })

  it('reads a colon as a scheme only in the first segment', () => {
    expect(isSafeInternalPath('/a:b')).toBe(false)
    for (const p of ['/a/:b', '/a?:b', '/a#:b', '/packages/npm/a:b'])
      expect(isSafeInternalPath(p), p).toBe(true)
  })

  it('keeps a path with an escape that is no UTF-8 as typed, and still decodes its ASCII escapes', () => {
    // A Latin-1 `é` is no UTF-8: the path is kept as it is, and is safe.
    expect(isSafeInternalPath('/caf%E9')).toBe(true)
    expect(percentDecodeOnce('/caf%E9')).toBe('/caf%E9')
    // Beside it, the ASCII escapes decode, so what they hide is judged.
    expect(percentDecodeOnce('/caf%E9%2Fx%41')).toBe('/caf%E9/xA')
    expect(percentDecodeOnce('/%E9%7F%80')).toBe('/%E9\u007f%80')
    expect(percentDecodeOnce('/%E9%4')).toBe('/%E9%4')
    // Only a `%` starts an escape: digits after a slash are digits.
    expect(percentDecodeOnce('/caf%E9/2024')).toBe('/caf%E9/2024')
    expect(isSafeInternalPath('/caf%E9%0A')).toBe(false)
    expect(isSafeInternalPath('/caf%E9/%5C%5Cevil.example')).toBe(false)
  })

  it('does not keep a blocked screen asked with a query and a hash, or with a trailing slash', () => {
    expect(savePathAfterLogin('/ui/login?x=1#top', NOW)).toEqual(none)
    expect(savePathAfterLogin('/ui/logout/', NOW)).toEqual(none)
    expect(savePathAfterLogin('/ui/packages?x=1#top', NOW)).toEqual(
      some({ pathAfterLogin: '/ui/packages?x=1#top', expiration: NOW + PATH_AFTER_LOGIN_TTL_MS }),
    )
  })

  it('keeps nothing for a path that is no text (a script may hand it anything)', () => {
    expect(savePathAfterLogin(42 as unknown as string, NOW)).toEqual(none)
    expect(savePathAfterLogin(null as unknown as string, NOW)).toEqual(none)
  })
})
