// Given events, when a command, then events: the login page's part of the session area as the
// user sees it: the login data it waits for, the authenticator enrolment, a CLI login waiting
// to be registered, the login dialog, and the account screens' commands before they load.
import { describe, expect, it } from 'vitest'
import { isLeft } from 'fp-ts/Either'
import { appSlice, type AppEvent } from '../../domain/app'
import { sessionArea } from '../../domain/session/decider'
import { sessionLoginArea } from '../../domain/session/loginDecider'
import * as S from '../../domain/session'
import * as P from '../../domain/platform/events'
import { spec } from '../support/decider'
import { anonymous, loginData, safePath, user } from '../support/fixtures'

const session = spec(appSlice(sessionArea))
const state = (...events: AppEvent[]) => session.given(...events).state.session
const failure = { kind: 'network', message: 'offline' } as const
const signedIn = S.SignedIn({ user: user(), via: 'password' })

describe('the login page waits for its data', () => {
  it('is loading from the request (or the start-up) until the data or its failure comes', () => {
    session.given().when({ type: 'session/LoadLoginData' }).then(S.LoginDataRequested({}))
    expect(state(S.LoginDataRequested({})).loading).toBe(true)
    expect(state(P.StartRequested({ reason: 'boot', onPremMetricsSent: false })).loading).toBe(true)
    const loaded = state(S.LoginDataRequested({}), loginData({ forgotPassword: false }))
    expect(loaded).toMatchObject({ loading: false, loginDataLoaded: true })
    expect(loaded.login.forgotPassword).toBe(false)
    expect(state(S.LoginDataRequested({}), S.LoginDataFailed({ failure })).loading).toBe(false)
    expect(state(S.LoginDataRequested({}), S.LoginDataFailed({ failure })).loginDataLoaded).toBe(false)
  })

  it('a start-up that failed before the data came stops the wait; a later one keeps the data', () => {
    const started = P.StartRequested({ reason: 'boot', onPremMetricsSent: false })
    const startFailed = P.StartFailed({ step: 'loginData', failure })
    expect(state(started, startFailed).loading).toBe(false)
    // The data already there: a restart does not wait for it again, nor does its failure change it.
    const restarted = state(
      started,
      loginData(),
      S.SignInRequested({ user: 'a', rememberMe: false, redirectTo: null, passwordRef: 'r' }),
      started,
    )
    expect(restarted.loading).toBe(true)
    const after = state(started, loginData(), started)
    expect(after.loading).toBe(false)
    expect(state(started, loginData(), started, startFailed).loginDataLoaded).toBe(true)
    // A sign-in under way (loading) is not ended by a failed start-up once the data is there.
    const signingIn = S.SignInRequested({ user: 'a', rememberMe: false, redirectTo: null, passwordRef: 'r' })
    expect(state(loginData(), signingIn, startFailed).loading).toBe(true)
    expect(state(startFailed).loading).toBe(false)
  })

  it('asked again once loaded, the login page waits for the data again', () => {
    expect(state(loginData(), S.LoginDataRequested({})).loading).toBe(true)
  })

  it('keeps the authenticator type the login asked for when the data comes again', () => {
    const verify = S.MfaRequired({ user: 'a', step: 'verify' })
    expect(state(verify, loginData()).login.mfaAuthenticator).toBe('GOOGLE')
  })

  it('keeps the SAML logout address the platform gives', () => {
    expect(
      state(loginData(), S.SamlLogoutUrlLoaded({ logoutUrl: 'https://idp.example/logout' })).login,
    ).toMatchObject({
      samlLogoutUrl: 'https://idp.example/logout',
      forgotPassword: true,
    })
  })
})

describe('the user data the platform answers', () => {
  it('an anonymous answer leaves the user signed out with refreshes paused; a user signs in', () => {
    expect(state(S.UserDataLoaded({ user: anonymous() }))).toMatchObject({
      status: 'anonymous',
      refreshesPaused: true,
    })
    expect(state(S.UserDataLoaded({ user: user() }))).toMatchObject({
      status: 'signedIn',
      refreshesPaused: false,
    })
  })

  it('an anonymous answer during the second factor does not undo the login under way', () => {
    for (const step of ['enroll', 'verify'] as const) {
      const s = state(S.MfaRequired({ user: 'a', step }), S.UserDataLoaded({ user: anonymous() }))
      expect(s.status).toBe(step === 'enroll' ? 'mfaEnroll' : 'mfaVerify')
      expect(s.user?.anonymous).toBe(true)
    }
  })

  it('a confirmed session takes the fresh data only for the same user still signed in', () => {
    const fresh = user({ admin: true })
    expect(state(signedIn, S.SessionConfirmed({ user: fresh })).user).toEqual(fresh)
    expect(state(signedIn, S.SessionConfirmed({ user: user({ name: 'other', admin: true }) })).user).toEqual(
      user(),
    )
    expect(
      state(signedIn, S.SignedOut({ reason: 'logout' }), S.SessionConfirmed({ user: fresh })).user,
    ).toBeNull()
    const signingOut = S.SignOutRequested({ reason: 'logout', providerLogout: null })
    expect(state(signedIn, signingOut, S.SessionConfirmed({ user: fresh })).user).toEqual(user())
  })
})

describe('a login by an authenticator', () => {
  const enroll = S.MfaRequired({ user: 'a', step: 'enroll' })

  it('loads the enrolment once, only while an enrolment waits', () => {
    session.given(enroll).when({ type: 'session/LoadMfaEnrollment' }).then(S.MfaEnrollmentRequested({}))
    session
      .given(enroll, S.MfaEnrollmentRequested({}))
      .when({ type: 'session/LoadMfaEnrollment' })
      .rejected('enrolment data is already loading')
    session
      .given(S.MfaRequired({ user: 'a', step: 'verify' }))
      .when({ type: 'session/LoadMfaEnrollment' })
      .rejected('no login is waiting for an authenticator enrolment')
    // Loaded or failed, it may be asked again.
    session
      .given(enroll, S.MfaEnrollmentRequested({}), S.MfaEnrollmentFailed({ failure }))
      .when({ type: 'session/LoadMfaEnrollment' })
      .then(S.MfaEnrollmentRequested({}))
  })

  it('shows the enrolment by reference, or why it failed; a new login starts it over', () => {
    expect(state(enroll, S.MfaEnrollmentRequested({})).mfaEnrollment).toEqual({ status: 'loading' })
    expect(
      state(enroll, S.MfaEnrollmentRequested({}), S.MfaEnrollmentLoaded({ ref: 'secret-ref' })).mfaEnrollment,
    ).toEqual({
      status: 'ready',
      ref: 'secret-ref',
    })
    expect(
      state(enroll, S.MfaEnrollmentRequested({}), S.MfaEnrollmentFailed({ failure })).mfaEnrollment,
    ).toEqual({
      status: 'failed',
      failure,
    })
    expect(
      state(enroll, S.MfaEnrollmentLoaded({ ref: 'x' }), S.MfaRequired({ user: 'a', step: 'enroll' }))
        .mfaEnrollment,
    ).toEqual({
      status: 'idle',
    })
    expect(
      state(enroll, S.MfaEnrollmentLoaded({ ref: 'x' }), S.SignedIn({ user: user(), via: 'otp' }))
        .mfaEnrollment,
    ).toEqual({
      status: 'idle',
    })
  })

  it('takes a code during enrolment too, one at a time', () => {
    session
      .given(enroll)
      .when({ type: 'session/VerifyOtp', otpRef: 'c' })
      .then(S.OtpSubmitted({ otpRef: 'c' }))
    session
      .given(enroll, S.OtpSubmitted({ otpRef: 'c' }))
      .when({ type: 'session/VerifyOtp', otpRef: 'c2' })
      .rejected('a code is already being checked')
    expect(state(enroll, S.OtpSubmitted({ otpRef: 'c' }))).toMatchObject({
      loading: true,
      forms: { otp: { status: 'pending' } },
    })
    const wrong = state(
      enroll,
      S.OtpSubmitted({ otpRef: 'c' }),
      S.OtpFailed({ failure: { kind: 'status', status: 401, message: 'Invalid code' } }),
    )
    expect(wrong).toMatchObject({ loading: false, status: 'mfaEnroll', forms: { otp: { status: 'failed' } } })
    const gone = state(
      enroll,
      S.MfaEnrollmentLoaded({ ref: 'x' }),
      S.OtpSubmitted({ otpRef: 'c' }),
      S.OtpFailed({ failure: { kind: 'status', status: 403, message: 'gone' } }),
    )
    expect(gone).toMatchObject({ status: 'anonymous', pendingUser: null, mfaEnrollment: { status: 'idle' } })
  })

  it('completes the login with the form of the flow that completed it', () => {
    expect(
      state(enroll, S.OtpSubmitted({ otpRef: 'c' }), S.SignedIn({ user: user(), via: 'otp' })).forms.otp,
    ).toEqual({ status: 'done' })
    expect(state(S.SignedIn({ user: user(), via: 'register' })).forms.register).toEqual({ status: 'done' })
    expect(state(S.SignedIn({ user: user(), via: 'invitation' })).forms.invitation).toEqual({
      status: 'done',
    })
    expect(state(S.SignedIn({ user: user(), via: 'sso' })).forms.signIn).toEqual({ status: 'done' })
    expect(state(S.SignedIn({ user: user(), via: 'sso' })).forms.otp).toEqual({ status: 'idle' })
    expect(state(enroll, S.SignedIn({ user: user(), via: 'otp' }))).toMatchObject({
      pendingUser: null,
      loading: false,
      refreshesPaused: false,
    })
  })
})

describe('signing out', () => {
  it('once: a second request while it runs is refused, and the reason defaults to a logout', () => {
    session
      .given(signedIn)
      .when({ type: 'session/SignOut' })
      .then(S.SignOutRequested({ reason: 'logout', providerLogout: null }))
    session
      .given(signedIn)
      .when({ type: 'session/SignOut', reason: 'expired' })
      .then(S.SignOutRequested({ reason: 'expired', providerLogout: null }))
    const requested = S.SignOutRequested({ reason: 'logout', providerLogout: null })
    expect(state(signedIn, requested)).toMatchObject({
      status: 'signingOut',
      refreshesPaused: true,
      forms: { signOut: { status: 'pending' } },
    })
    session.given(signedIn, requested).when({ type: 'session/SignOut' }).rejected('already signing out')
  })

  it('signed out, nothing of the login is left: no user, forms, saved target, authenticator', () => {
    const s = state(
      loginData({ samlLogoutUrl: 'https://idp/out' }),
      S.MfaRequired({ user: 'a', step: 'verify' }),
      S.OtpSubmitted({ otpRef: 'c' }),
      S.SignedIn({ user: user(), via: 'otp' }),
      S.SignOutRequested({ reason: 'logout', providerLogout: null }),
      S.SignedOut({ reason: 'logout' }),
    )
    expect(s).toMatchObject({
      status: 'anonymous',
      user: null,
      pendingUser: null,
      loading: false,
      refreshesPaused: true,
      redirectTo: null,
      setMeUpStale: true,
      mfaEnrollment: { status: 'idle' },
      resetKey: { status: 'idle' },
      invitation: { status: 'idle' },
    })
    expect(s.forms).toEqual(S.initialSessionState.forms)
    expect(s.login.mfaAuthenticator).toBeNull()
    expect(s.login.samlLogoutUrl).toBe('https://idp/out')
  })
})

describe('a CLI login waiting to be registered', () => {
  const stored = S.CliSessionStored({ clientName: 'jf', sessionRef: 's', codeRef: null })

  it('is stored with its client name, by reference', () => {
    session.given().when({ type: 'session/StoreCliSession', clientName: 'jf', sessionRef: 's' }).then(stored)
    session
      .given()
      .when({ type: 'session/StoreCliSession', clientName: 'jf', sessionRef: 's', codeRef: 'c' })
      .then(S.CliSessionStored({ clientName: 'jf', sessionRef: 's', codeRef: 'c' }))
    expect(state(stored).cli).toEqual({ stored: true, clientName: 'jf', registered: false })
    expect(state(S.CliSessionRestored({ stored: true, clientName: 'npm' })).cli).toEqual({
      stored: true,
      clientName: 'npm',
      registered: false,
    })
  })

  it('is registered by a signed-in user only, and says when it is done or failed', () => {
    session
      .given(stored)
      .when({ type: 'session/RegisterCliSession' })
      .rejected('sign in before registering a CLI session')
    session.given(signedIn).when({ type: 'session/RegisterCliSession' }).rejected('no CLI session is waiting')
    session
      .given(signedIn, stored)
      .when({ type: 'session/RegisterCliSession' })
      .then(S.CliRegistrationRequested({}))
    expect(state(signedIn, stored, S.CliRegistrationRequested({})).forms.cli).toEqual({ status: 'pending' })
    const done = state(signedIn, stored, S.CliRegistrationRequested({}), S.CliSessionRegistered({}))
    expect(done.forms.cli).toEqual({ status: 'done' })
    expect(done.cli).toEqual({ stored: true, clientName: 'jf', registered: true })
    const failed = state(
      signedIn,
      stored,
      S.CliRegistrationRequested({}),
      S.CliRegistrationFailed({ failure }),
    )
    expect(failed.forms.cli).toEqual({ status: 'failed', failure })
    expect(failed.cli.registered).toBe(false)
  })
})

describe('the login dialog and identity', () => {
  it('is dismissed, and the dismissal forgotten', () => {
    session.given().when({ type: 'session/DismissLoginDialog' }).then(S.LoginDialogDismissed({}))
    expect(state(S.LoginDialogDismissed({})).loginDialogDismissed).toBe(true)
    expect(
      state(S.LoginDialogDismissed({}), S.LoginDialogDismissalRestored({ dismissed: false }))
        .loginDialogDismissed,
    ).toBe(false)
  })

  it('keeps the identity with its lifetime, from when it was recorded', () => {
    const set = S.IdentitySet({ user: 'u-1', expiresIn: 3600 })
    expect(state(set).identity).toEqual({ user: 'u-1', expiresIn: 3600, at: '2026-01-01T00:00:00.000Z' })
    expect(state(set, S.IdentityReset({})).identity).toBeNull()
  })

  it('forgets the path kept for after login', () => {
    session.given().when({ type: 'session/ClearPathAfterLogin' }).then(S.PathAfterLoginCleared({}))
  })
})

describe('the login page alone, before the account screens load', () => {
  it('refuses their commands and decides its own', () => {
    const decided = sessionLoginArea.decide(
      { type: 'session/RequestPasswordReset', user: 'a' } as never,
      S.initialSessionState,
      { tour: false } as never,
      { now: '2026-01-01T00:00:00.000Z', id: 'x' },
    )
    expect(isLeft(decided) && decided.left).toBe('the account screens are not loaded')
    expect(
      sessionLoginArea.decide(
        { type: 'session/LoadLoginData' },
        S.initialSessionState,
        { tour: false } as never,
        {
          now: '2026-01-01T00:00:00.000Z',
          id: 'x',
        },
      ),
    ).toEqual({ _tag: 'Right', right: [S.LoginDataRequested({})] })
  })
})

describe('the login commands a script sends', () => {
  const NOW = Date.parse('2026-01-01T00:00:00.000Z')

  it('says which field of the login is blank', () => {
    session
      .given()
      .when({ type: 'session/SignIn', user: 'admin', passwordRef: ' ', rememberMe: false })
      .rejected('password: mandatory')
    session
      .given()
      .when({
        type: 'session/SignIn',
        user: 'admin',
        passwordRef: 'r',
        rememberMe: false,
        redirectTo: '/ui/builds',
      })
      .then(
        S.SignInRequested({ user: 'admin', rememberMe: false, redirectTo: '/ui/builds', passwordRef: 'r' }),
      )
  })

  it('takes a one-time code when the login waits for one (verify or enrol)', () => {
    session
      .given(S.MfaRequired({ user: 'a', step: 'verify' }))
      .when({ type: 'session/VerifyOtp', otpRef: 'c' })
      .then(S.OtpSubmitted({ otpRef: 'c' }))
    session
      .given(signedIn)
      .when({ type: 'session/VerifyOtp', otpRef: 'c' })
      .rejected('no login is waiting for a one-time code')
  })

  it('may force keeping a login screen for after login, never an unsafe path', () => {
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '/ui/login', force: true })
      .then(S.PathAfterLoginSaved({ pathAfterLogin: '/ui/login', expiration: NOW + 8 * 3600 * 1000 }))
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '/ui/login', force: false })
      .rejected('this path is not kept for after login')
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '//evil.example', force: true })
      .rejected('this path is not kept for after login')
  })

  it('goes to no SSO address when the platform named none (an empty link is no provider)', () => {
    session
      .given(loginData())
      .when({ type: 'session/GoToSso', url: '' })
      .rejected('not an SSO provider of this platform')
  })

  it('checks no session while it is being signed out', () => {
    session
      .given(signedIn, S.SignOutRequested({ reason: 'logout', providerLogout: null }))
      .when({ type: 'session/CheckSession', idleMs: 24 * 3600 * 1000 })
      .rejected('no signed-in session to check')
    session
      .given(S.MfaRequired({ user: 'a', step: 'verify' }))
      .when({ type: 'session/CheckSession', idleMs: 24 * 3600 * 1000 })
      .rejected('no signed-in session to check')
  })
})

describe('what the login leaves in the session', () => {
  const requested = S.SignInRequested({
    user: 'a',
    rememberMe: false,
    redirectTo: '/ui/builds',
    passwordRef: 'r',
  })
  const refused = S.SignInFailed({
    user: 'a',
    failure: { kind: 'status', status: 401, message: 'Bad credentials' },
  })

  it('a login under way names its user and target; refused, the user is signed out and not waiting', () => {
    expect(state(requested)).toMatchObject({
      status: 'signingIn',
      loading: true,
      pendingUser: 'a',
      redirectTo: '/ui/builds',
    })
    expect(state(requested, refused)).toMatchObject({ status: 'anonymous', loading: false })
    expect(state(S.SsoSignInRequested({ kind: 'crowd' }))).toMatchObject({
      status: 'signingIn',
      loading: true,
      forms: { signIn: { status: 'pending' } },
    })
  })

  it('a second factor asked: the login waits, not loading, with its form done', () => {
    expect(state(requested, S.MfaRequired({ user: 'a', step: 'enroll' }))).toMatchObject({
      status: 'mfaEnroll',
      loading: false,
      pendingUser: 'a',
      forms: { signIn: { status: 'done' } },
      login: { mfaAuthenticator: null },
    })
  })

  it('the path kept for after login is forgotten once used, and only then', () => {
    const saved = S.PathAfterLoginSaved({ pathAfterLogin: '/ui/builds', expiration: 1 })
    expect(state(saved).savedPath).toEqual({ pathAfterLogin: '/ui/builds', expiration: 1 })
    expect(state(saved, S.PathAfterLoginCleared({})).savedPath).toBeNull()
    expect(state(S.PathAfterLoginCleared({})).savedPath).toBeNull()
    expect(
      state(S.PathAfterLoginRestored({ record: { pathAfterLogin: '/ui/x', expiration: 2 } })).savedPath,
    ).toEqual({
      pathAfterLogin: '/ui/x',
      expiration: 2,
    })
    const toSaved = state(
      requested,
      saved,
      S.RedirectedAfterLogin({ target: 'saved', path: safePath('/builds') }),
    )
    expect(toSaved).toMatchObject({ savedPath: null, redirectTo: null })
    const toLanding = state(requested, saved, S.RedirectedAfterLogin({ target: 'landing', path: '' }))
    expect(toLanding).toMatchObject({ savedPath: { pathAfterLogin: '/ui/builds' }, redirectTo: null })
  })
})
