// Given events, when a command, then events: the session area's decisions and folds.
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { initialAppState, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import { sessionArea } from '../../domain/session/decider'
import * as S from '../../domain/session'
import type { SessionCommand } from '../../domain/session/commands'
import { footer, loginData, safePath, user } from '../support/fixtures'
import { InitialDataLoaded } from '../../domain/platform/events'
import { loginGuard } from '../../domain/session/loginGuard'
import { ssoUrlWithTarget } from '../../domain/session/redirect'
import { Navigated } from '../../domain/navigation/events'
import { isAdmin, isSignedIn, loginDialogContent } from '../../domain/session/selectors'
import { evolve, foldEvents, spec } from '../support/decider'

/** The session area's reactions as the app runs them: over the app's state. */
const sessionPolicies = appSlice(sessionArea).policies!

const NOW = Date.parse('2026-01-01T00:00:00.000Z')
const meta = { now: new Date(NOW).toISOString(), id: 'x' }

const session = spec(appSlice(sessionArea), meta)
const given = (...events: AppEvent[]): AppState => foldEvents(events)
const policies = (state: AppState, event: AppEvent): ReadonlyArray<AppCommand> =>
  sessionPolicies({ seq: 1, at: meta.now, source: 'effect', corr: 'c', event }, evolve(state, event))

/** A platform that names its access service. */
const withAccess = InitialDataLoaded({
  version: { version: '7.90.1', revision: '79001' },
  microservices: [{ name: 'access', key: 'jfac', enabled: true }],
  footer: footer(),
  entitlements: [],
})

describe('session: signing in', () => {
  it('records the request with the password reference only, never the password', () => {
    const signIn = session
      .given()
      .when({ type: 'session/SignIn', user: ' admin ', passwordRef: 'secret-1', rememberMe: true })
    signIn.then(
      S.SignInRequested({ user: 'admin', rememberMe: true, redirectTo: null, passwordRef: 'secret-1' }),
    )
    expect(JSON.stringify(signIn.events())).not.toContain('password1')
  })

  it('goes through the access login where the platform names its access service', () => {
    session
      .given(withAccess)
      .when({ type: 'session/SignIn', user: 'admin', passwordRef: 'secret-1', rememberMe: false })
      .then(
        S.SignInRequested({
          user: 'admin',
          rememberMe: false,
          redirectTo: null,
          passwordRef: 'secret-1',
          service: 'access',
        }),
      )
  })

  it('refuses an empty user name and a second login while one runs', () => {
    session
      .given()
      .when({ type: 'session/SignIn', user: '  ', passwordRef: 'r', rememberMe: false })
      .rejected('user: mandatory')
    const requested = S.SignInRequested({ user: 'a', rememberMe: false, redirectTo: null, passwordRef: 'r' })
    const running = given(requested)
    expect(running.session.status).toBe('signingIn')
    expect(running.session.loading).toBe(true)
    session
      .given(requested)
      .when({ type: 'session/SignIn', user: 'a', passwordRef: 'r2', rememberMe: false })
      .rejected('a login is already under way')
  })

  it('Crowd / HTTP SSO: asked once, refused when signed in; a failure goes to login with its code', () => {
    session
      .given()
      .when({ type: 'session/SignInWithSso', kind: 'crowd' })
      .then(S.SsoSignInRequested({ kind: 'crowd' }))
    const running = S.SsoSignInRequested({ kind: 'http' })
    expect(given(running).session).toMatchObject({ status: 'signingIn', loading: true })
    session
      .given(running)
      .when({ type: 'session/SignInWithSso', kind: 'http' })
      .rejected('a login is already under way')
    session
      .given(S.SignedIn({ user: user(), via: 'sso' }))
      .when({ type: 'session/SignInWithSso', kind: 'http' })
      .rejected('already signed in')
    const failed = S.SsoSignInFailed({
      kind: 'http',
      failure: { kind: 'status', status: 403, message: 'x', code: 'untrusted_proxy' },
    })
    expect(given(running, failed).session).toMatchObject({ status: 'anonymous', loading: false })
    expect(given(running, failed).session.forms.signIn).toEqual({ status: 'idle' })
    expect(policies(given(running), failed)).toEqual([
      { type: 'navigation/Navigate', to: '/login?ssoError=untrusted_proxy', replace: true },
    ])
  })

  it('MFA enrol: the state waits for enrolment and the user is sent to the enrolment screen', () => {
    const state = given(
      S.SignInRequested({ user: 'a', rememberMe: false, redirectTo: null, passwordRef: 'r' }),
    )
    const event = S.MfaRequired({ user: 'a', step: 'enroll' })
    const after = evolve(state, event)
    expect(after.session.status).toBe('mfaEnroll')
    expect(after.session.loading).toBe(false)
    expect(policies(state, event)).toEqual([
      { type: 'navigation/Navigate', to: '/login/mfa-enroll', replace: true },
    ])
  })

  it('MFA verify: the authenticator becomes the Google type and the user goes to one-time-code login', () => {
    const event = S.MfaRequired({ user: 'a', step: 'verify' })
    const after = given(event)
    expect(after.session.status).toBe('mfaVerify')
    expect(after.session.login.mfaAuthenticator).toBe('GOOGLE')
    expect(policies(initialAppState, event)).toEqual([
      { type: 'navigation/Navigate', to: '/login/otp-login', replace: true },
    ])
  })

  it('a completed login stores the user, resumes refreshes, restarts the app and asks getting started (then the redirect)', () => {
    const event = S.SignedIn({ user: user({ admin: true }), via: 'password' })
    const state = given(
      S.SignInRequested({ user: 'a', rememberMe: false, redirectTo: null, passwordRef: 'r' }),
      event,
    )
    expect(isSignedIn(state)).toBe(true)
    expect(isAdmin(state)).toBe(true)
    expect(state.session.refreshesPaused).toBe(false)
    expect(state.session.forms.signIn.status).toBe('done')
    expect(policies(initialAppState, event)).toEqual([
      { type: 'platform/Start', reason: 'login' },
      { type: 'gettingStarted/CheckAfterLogin', via: 'password', user: user({ admin: true }) },
    ])
  })

  it('an expired password sends the user to change password with the user name', () => {
    for (const code of ['CREDENTIALS_EXPIRED', 'PASSWORD_EXPIRED']) {
      const event = S.SignInFailed({
        user: 'old user',
        failure: { kind: 'status', status: 403, message: 'expired', code },
      })
      expect(policies(initialAppState, event)).toEqual([
        { type: 'navigation/Navigate', to: '/login/change-password/old%20user', replace: true },
      ])
    }
    const bad = S.SignInFailed({
      user: 'u',
      failure: { kind: 'status', status: 401, message: 'Bad credentials', code: 'BAD_CREDENTIALS' },
    })
    expect(policies(initialAppState, bad)).toEqual([])
    expect(given(bad).session.forms.signIn).toEqual({ status: 'failed', failure: bad.data.failure })
  })

  it('a failed login is dismissed once the user moves on (edits or submits the form again), only then', () => {
    const failed = S.SignInFailed({
      user: 'u',
      failure: {
        kind: 'status',
        status: 401,
        message: 'Wrong username or password',
        code: 'BAD_CREDENTIALS',
      },
    })
    const dismissed = session.given(failed).when({ type: 'session/DismissSignInFailure' })
    dismissed.then(S.SignInFailureDismissed({}))
    expect(given(failed, ...dismissed.events()).session.forms.signIn).toEqual({ status: 'idle' })
    // Nothing failed (or the failure is already gone): nothing to dismiss, nothing recorded.
    session.given().when({ type: 'session/DismissSignInFailure' }).rejected('no failed login')
    session
      .given(failed, S.SignInFailureDismissed({}))
      .when({ type: 'session/DismissSignInFailure' })
      .rejected('no failed login')
  })

  it('a 403 on the one-time code returns to login; another failure stays on the screen', () => {
    const state = given(S.MfaRequired({ user: 'a', step: 'verify' }), S.OtpSubmitted({ otpRef: 'r' }))
    const forbidden = S.OtpFailed({ failure: { kind: 'status', status: 403, message: 'no pending login' } })
    expect(evolve(state, forbidden).session.status).toBe('anonymous')
    expect(policies(state, forbidden)).toEqual([{ type: 'navigation/Navigate', to: '/login', replace: true }])
    const wrong = S.OtpFailed({ failure: { kind: 'status', status: 401, message: 'Invalid code' } })
    expect(evolve(state, wrong).session.status).toBe('mfaVerify')
    expect(policies(state, wrong)).toEqual([])
  })

  it('takes the MFA steps of an access login to the access service; its 403 stays on the screen', () => {
    session
      .given(withAccess, S.MfaRequired({ user: 'a', step: 'enroll' }))
      .when({ type: 'session/LoadMfaEnrollment' })
      .then(S.MfaEnrollmentRequested({ service: 'access' }))
    session
      .given(withAccess, S.MfaRequired({ user: 'a', step: 'verify' }))
      .when({ type: 'session/VerifyOtp', otpRef: 'r' })
      .then(S.OtpSubmitted({ otpRef: 'r', service: 'access' }))
    // Without the access service, the platform's own steps.
    session
      .given(S.MfaRequired({ user: 'a', step: 'verify' }))
      .when({ type: 'session/VerifyOtp', otpRef: 'r' })
      .then(S.OtpSubmitted({ otpRef: 'r' }))
    const state = given(
      withAccess,
      S.MfaRequired({ user: 'a', step: 'verify' }),
      S.OtpSubmitted({ otpRef: 'r' }),
    )
    const refused = S.OtpFailed({
      failure: { kind: 'status', status: 403, message: 'No sign-in is waiting for a one-time code' },
      service: 'access',
    })
    expect(evolve(state, refused).session).toMatchObject({
      status: 'mfaVerify',
      forms: { otp: { status: 'failed' } },
    })
    expect(policies(state, refused)).toEqual([])
  })

  it('refuses a one-time code when no login waits for one', () => {
    session
      .given()
      .when({ type: 'session/VerifyOtp', otpRef: 'r' })
      .rejected('no login is waiting for a one-time code')
  })
})

describe('session: redirect after login', () => {
  const signedIn = (admin = false) => S.SignedIn({ user: user({ admin }), via: 'password' })

  it('goes to the saved path (without the /ui base) and clears it', () => {
    const given = session.given(
      S.PathAfterLoginRestored({ record: { pathAfterLogin: '/ui/packages?q=x', expiration: NOW + 1000 } }),
      signedIn(),
    )
    const { state } = given
    const redirect = given.when({ type: 'session/RedirectAfterLogin' })
    redirect.then(S.RedirectedAfterLogin({ target: 'saved', path: safePath('/packages?q=x') }))
    const events = redirect.events()
    expect(evolve(state, events[0]!).session.savedPath).toBeNull()
    expect(policies(state, events[0]!)).toEqual([
      { type: 'navigation/Navigate', to: '/packages?q=x', replace: true },
    ])
  })

  it('ignores an unsafe, expired or admin-only saved path for a non-admin and goes to the landing', () => {
    for (const record of [
      { pathAfterLogin: '//evil.example/x', expiration: NOW + 1000 },
      { pathAfterLogin: '/%2F%2Fevil.example', expiration: NOW + 1000 },
      { pathAfterLogin: '/ui/packages', expiration: NOW - 1 },
      { pathAfterLogin: '/ui/admin/projects', expiration: NOW + 1000 },
    ]) {
      // Signed in on the login page, which the redirect leaves.
      const onLogin = Navigated({
        location: { path: '/login', query: '' },
        routeName: 'login',
        mode: 'push',
        user: '',
      })
      const given = session.given(onLogin, S.PathAfterLoginRestored({ record }), signedIn(false))
      const { state } = given
      const redirect = given.when({ type: 'session/RedirectAfterLogin' })
      redirect.then(S.PathAfterLoginCleared({}), S.RedirectedAfterLogin({ target: 'landing', path: '' }))
      const events = redirect.events()
      expect(policies(state, events[1]!)).toEqual([{ type: 'navigation/GoToLanding' }])
    }
  })

  it('an admin gets an admin saved path', () => {
    session
      .given(
        S.PathAfterLoginRestored({
          record: { pathAfterLogin: '/ui/admin/projects', expiration: NOW + 1000 },
        }),
        signedIn(true),
      )
      .when({ type: 'session/RedirectAfterLogin' })
      .then(S.RedirectedAfterLogin({ target: 'saved', path: safePath('/admin/projects') }))
  })

  it('an external target comes first, only when same-origin safe', () => {
    const request = (redirectTo: string) =>
      S.SignInRequested({ user: 'a', rememberMe: false, redirectTo, passwordRef: 'r' })
    const redirect = { type: 'session/RedirectAfterLogin' } as const
    session
      .given(request('/access/api/v1/cli?x=1'), signedIn())
      .when(redirect)
      .then(S.RedirectedAfterLogin({ target: 'external', path: safePath('/access/api/v1/cli?x=1') }))
    session
      .given(request('/ui/search'), signedIn())
      .when(redirect)
      .then(S.RedirectedAfterLogin({ target: 'internal', path: safePath('/search') }))
    session
      .given(request('https://evil.example/'), signedIn())
      .when(redirect)
      .then(S.RedirectedAfterLogin({ target: 'landing', path: '' }))
  })

  it('a target that is safe only with the /ui base (/ui//host) goes to the root, never to //host', () => {
    const request = S.SignInRequested({
      user: 'a',
      rememberMe: false,
      redirectTo: '/ui//evil.example',
      passwordRef: 'r',
    })
    session
      .given(request, signedIn())
      .when({ type: 'session/RedirectAfterLogin' })
      .then(S.RedirectedAfterLogin({ target: 'internal', path: safePath('/') }))
  })

  it('is refused before a login completed', () => {
    session
      .given()
      .when({ type: 'session/RedirectAfterLogin' })
      .rejected('no completed login to redirect after')
  })

  it('saves a path for after login only when the rules allow it', () => {
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '/ui/packages' })
      .then(S.PathAfterLoginSaved({ pathAfterLogin: '/ui/packages', expiration: NOW + 8 * 3600 * 1000 }))
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '//evil.example' })
      .rejected('this path is not kept for after login')
    session
      .given()
      .when({ type: 'session/SavePathAfterLogin', path: '/ui/login' })
      .rejected('this path is not kept for after login')
  })
})

describe('session: logout', () => {
  it('pauses refreshes, clears the user and returns to login', () => {
    const given = session.given(S.SignedIn({ user: user(), via: 'password' }))
    const { state } = given
    const signOut = given.when({ type: 'session/SignOut' })
    signOut.then(S.SignOutRequested({ reason: 'logout', providerLogout: null }))
    const out = S.SignedOut({ reason: 'logout' })
    const after = evolve(signOut.after(), out)
    expect(after.session.user).toBeNull()
    expect(after.session.status).toBe('anonymous')
    expect(after.session.refreshesPaused).toBe(true)
    expect(policies(state, out)).toEqual([
      { type: 'session/ResetIdentity' },
      { type: 'navigation/Navigate', to: '/login', replace: true },
    ])
  })
})

describe('session: the login dialog', () => {
  it('shows again once its stored dismissal is forgotten; nothing to do when it was not dismissed', () => {
    session
      .given(S.LoginDialogDismissalRestored({ dismissed: true }))
      .when({ type: 'session/ForgetLoginDialogDismissal' })
      .then(S.LoginDialogDismissalRestored({ dismissed: false }))
    session.given().when({ type: 'session/ForgetLoginDialogDismissal' }).nothing()
  })
})

describe('session: SSO', () => {
  /** Login data naming a SAML provider, an SSO link and an OAuth provider. */
  const loaded = (over: Partial<S.LoginDataLoadedData['settings']> = {}) =>
    loginData({
      ssoProviderLinksSAML: [{ name: 'SAML SSO', url: 'https://idp.example/saml' }],
      ssoProviderLink: 'https://idp.example/sso',
      oauthProviders: [
        { name: 'GitHub', type: 'GitHub', url: 'https://github.example/oauth', icon: 'github' },
      ],
      loginDialogSettingsContent: { content: 'Authorised use only', permanent: false },
      ...over,
    })

  it('goes only to providers the platform named', () => {
    session
      .given(loaded())
      .when({ type: 'session/GoToSso', url: 'https://github.example/oauth' })
      .then(S.SsoRedirectRequested({ url: 'https://github.example/oauth', signOutFirst: false }))
    session
      .given(loaded())
      .when({ type: 'session/GoToSso', url: 'https://evil.example/' })
      .rejected('not an SSO provider of this platform')
  })

  // Spec 000 section 4: the page asked for before signing in survives the provider's round trip.
  describe('the saved path after login rides the platform SSO start', () => {
    const samlStart = 'http://127.0.0.1:8082/ui/api/v1/ui/auth/sso/saml/start'
    const oidcStart = 'http://127.0.0.1:8082/ui/api/v1/ui/auth/sso/oidc/start'
    const platformLinks = loaded({
      ssoProviderLinksSAML: [{ name: 'SAML SSO', url: samlStart }],
      ssoProviderLink: oidcStart,
    })
    const saved = S.PathAfterLoginSaved({ pathAfterLogin: '/ui/builds?q=a%20b', expiration: NOW + 60_000 })

    it('SAML: the start carries the saved path as redirectTo, and the record is spent', () => {
      session
        .given(platformLinks, saved)
        .when({ type: 'session/GoToSso', url: samlStart })
        .then(
          S.PathAfterLoginCleared({}),
          S.SsoRedirectRequested({
            url: `${samlStart}?redirectTo=${encodeURIComponent('/ui/builds?q=a%20b')}`,
            signOutFirst: false,
          }),
        )
    })

    it('OIDC auto-redirect too', () => {
      const events = session
        .given(loaded({ autoRedirectLogin: true, ssoProviderLink: oidcStart }), saved)
        .when({ type: 'session/AutoRedirectToSso' })
        .events()
      expect(events).toContainEqual(
        S.SsoRedirectRequested({
          url: `${oidcStart}?redirectTo=%2Fui%2Fbuilds%3Fq%3Da%2520b`,
          signOutFirst: true,
        }),
      )
    })

    it('without a saved path, an expired one, or for a provider of its own, the address is unchanged', () => {
      session
        .given(platformLinks)
        .when({ type: 'session/GoToSso', url: samlStart })
        .then(S.SsoRedirectRequested({ url: samlStart, signOutFirst: false }))
      session
        .given(platformLinks, S.PathAfterLoginSaved({ pathAfterLogin: '/ui/builds', expiration: NOW - 1 }))
        .when({ type: 'session/GoToSso', url: samlStart })
        .then(S.SsoRedirectRequested({ url: samlStart, signOutFirst: false }))
      session
        .given(loaded(), saved)
        .when({ type: 'session/GoToSso', url: 'https://github.example/oauth' })
        .then(S.SsoRedirectRequested({ url: 'https://github.example/oauth', signOutFirst: false }))
    })

    it('never carries a path that could leave the origin', () => {
      const evils = [
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example/ui/',
        '/ui/%0a//evil.example',
      ]
      for (const evil of evils) expect(ssoUrlWithTarget(samlStart, evil as never)).not.toContain('evil')
      // The rule that reads the record refuses them in the first place.
      const planted = S.PathAfterLoginSaved({
        pathAfterLogin: '//evil.example/ui/x',
        expiration: NOW + 60_000,
      })
      session
        .given(platformLinks, planted)
        .when({ type: 'session/GoToSso', url: samlStart })
        .then(S.SsoRedirectRequested({ url: samlStart, signOutFirst: false }))
    })
  })

  it('auto-redirect logs out first, and only when the platform asks', () => {
    session
      .given(loaded())
      .when({ type: 'session/AutoRedirectToSso' })
      .rejected('the platform does not ask for an SSO redirect to a usable address')
    session
      .given(loaded({ autoRedirectLogin: true }))
      .when({ type: 'session/AutoRedirectToSso' })
      .then(S.SsoRedirectRequested({ url: 'https://idp.example/sso', signOutFirst: true }))
  })

  it('auto-redirect needs an address the browser can follow (else login stays; it used to loop)', () => {
    const unusable = session.given(loaded({ autoRedirectLogin: true, ssoProviderLink: '\'EF"3JXI' }))
    unusable
      .when({ type: 'session/AutoRedirectToSso' })
      .rejected('the platform does not ask for an SSO redirect to a usable address')
    expect(loginGuard(unusable.state, '/login', {}).kind).not.toBe('cancel')
  })

  it('login dialog: shown, hidden once dismissed, shown again when permanent', () => {
    expect(loginDialogContent(given(loaded()))).toBe('Authorised use only')
    expect(loginDialogContent(given(loaded(), S.LoginDialogDismissed({})))).toBeNull()
    expect(
      loginDialogContent(
        given(
          loaded({ loginDialogSettingsContent: { content: 'Hi', permanent: true } }),
          S.LoginDialogDismissed({}),
        ),
      ),
    ).toBe('Hi')
  })

  it('login guard: plain login auto-redirects to SSO, the logout flag signs out first', () => {
    const state = given(loaded({ autoRedirectLogin: true }))
    expect(loginGuard(state, '/login', {})).toEqual({
      kind: 'cancel',
      commands: [{ type: 'session/AutoRedirectToSso' }],
    })
    expect(loginGuard(state, '/login', { logout: 'true' })).toEqual({
      kind: 'allow',
      commands: [{ type: 'session/SignOut', reason: 'logout' }],
    })
    expect(loginGuard(state, '/login/forgot-password', {})).toEqual({ kind: 'allow', commands: [] })
  })

  it('login data saying auto-redirect asks the guard again on the login page (it ran before the data came)', () => {
    const on = (path: string, query = '') =>
      given(
        Navigated({
          location: { path, query },
          routeName: 'login',
          mode: 'push',
          user: 'anonymous',
        }),
      )
    const redirect = [{ type: 'session/AutoRedirectToSso' }]
    expect(policies(on('/login'), loaded({ autoRedirectLogin: true }))).toEqual(redirect)
    expect(policies(on('/login', '?local=true'), loaded({ autoRedirectLogin: true }))).toEqual([])
    expect(policies(on('/login', '?ssoError=denied'), loaded({ autoRedirectLogin: true }))).toEqual([])
    expect(policies(on('/login'), loaded())).toEqual([])
    expect(policies(on('/packages'), loaded({ autoRedirectLogin: true }))).toEqual([])
  })

  it('the registration screen is offered only where registration is enabled (spec 000 section 3)', () => {
    const off = given(loaded())
    const on = given(loaded({ registrationEnabled: true }))
    for (const path of ['/login/registration', '/auth/registration'])
      expect(loginGuard(off, path, {})).toEqual({ kind: 'redirect', to: '/login', commands: [] })
    expect(loginGuard(on, '/login/registration', {})).toEqual({ kind: 'allow', commands: [] })
    // Before the login data says, the screen waits for it rather than bouncing.
    expect(loginGuard(given(), '/login/registration', {})).toEqual({ kind: 'allow', commands: [] })
    // …and when it arrives the guard is asked again.
    const at = given(
      Navigated({
        location: { path: '/login/registration', query: '' },
        routeName: 'registration',
        mode: 'push',
        user: 'anonymous',
      }),
    )
    expect(policies(at, loaded())).toEqual([{ type: 'navigation/Navigate', to: '/login', replace: true }])
    expect(policies(at, loaded({ registrationEnabled: true }))).toEqual([])
  })

  it('the forgotten-password screen is reachable only while the platform offers it', () => {
    const off = given(loaded({ forgotPassword: false }))
    for (const path of ['/login/forgot-password', '/auth/forgot-password'])
      expect(loginGuard(off, path, {})).toEqual({ kind: 'redirect', to: '/login', commands: [] })
    expect(loginGuard(given(loaded()), '/login/forgot-password', {})).toEqual({ kind: 'allow', commands: [] })
    const at = given(
      Navigated({
        location: { path: '/login/forgot-password', query: '' },
        routeName: 'forgotPassword',
        mode: 'push',
        user: 'anonymous',
      }),
    )
    expect(policies(at, loaded({ forgotPassword: false }))).toEqual([
      { type: 'navigation/Navigate', to: '/login', replace: true },
    ])
  })

  it('login guard: ?local=true keeps the local form, and a provider error stays on the page', () => {
    const state = given(loaded({ autoRedirectLogin: true }))
    expect(loginGuard(state, '/login', { local: 'true' })).toEqual({ kind: 'allow', commands: [] })
    expect(loginGuard(state, '/login', { ssoError: 'denied' })).toEqual({ kind: 'allow', commands: [] })
    expect(loginGuard(state, '/login', { local: 'false' }).kind).toBe('cancel')
  })
})

describe('session: login guard', () => {
  it('a signed-in user opening a login screen goes to the landing (not from CLI registration)', () => {
    const state = given(S.SignedIn({ user: user(), via: 'password' }))
    expect(loginGuard(state, '/login', {}).kind).toBe('landing')
    expect(loginGuard(state, '/auth/otp-login', {}).kind).toBe('landing')
    expect(loginGuard(state, '/login/cli-registration', {}).kind).toBe('allow')
    expect(loginGuard(given(), '/login', {}).kind).toBe('allow')
  })

  it('invitation without a token (or with a rejected one) goes to login with logout', () => {
    const out = {
      kind: 'redirect',
      to: '/login',
      commands: [{ type: 'session/SignOut', reason: 'invitation' }],
    }
    expect(loginGuard(given(), '/login/invitation', {})).toEqual(out)
    expect(loginGuard(given(), '/login/invitation', { token: 'abc' }).kind).toBe('allow')
    const rejected = given(
      S.InvitationRejected({ failure: { kind: 'status', status: 404, message: 'gone' } }),
    )
    expect(loginGuard(rejected, '/login/invitation', { token: 'abc' })).toEqual(out)
  })

  it('CLI screens need the stored client session (verify: or an SSO api version)', () => {
    const out = { kind: 'redirect', to: '/login', commands: [{ type: 'session/SignOut', reason: 'cli' }] }
    expect(loginGuard(given(), '/plugs/extension/cli', {})).toEqual(out)
    expect(loginGuard(given(), '/plugs/extension/cli', { jfClientSession: 's' }).kind).toBe('allow')
    expect(loginGuard(given(), '/plugs/extension/cli/verify', { ssoApiVersion: '2' }).kind).toBe('allow')
    const stored = given(S.CliSessionRestored({ stored: true, clientName: 'jf' }))
    expect(loginGuard(stored, '/plugs/extension/cli/verify', {}).kind).toBe('allow')
  })

  it('leaves other paths alone', () => {
    expect(loginGuard(given(), '/packages', {})).toEqual({ kind: 'allow', commands: [] })
  })
})

describe('session: password flows', () => {
  it('forgot, reset and change record their progress and failures as facts', () => {
    const failure = { kind: 'status' as const, status: 400, message: 'Key expired' }
    expect(given(S.PasswordResetRequested({ user: 'u' })).session.forms.forgot.status).toBe('pending')
    expect(
      given(S.PasswordResetRequested({ user: 'u' }), S.PasswordResetMailed({})).session.forms.forgot.status,
    ).toBe('done')
    expect(given(S.ResetKeyValidated({ user: 'u' })).session.resetKey).toEqual({ status: 'valid', user: 'u' })
    expect(given(S.ResetKeyRejected({ failure })).session.resetKey).toEqual({ status: 'invalid', failure })
    expect(given(S.PasswordChangeFailed({ failure })).session.forms.change).toEqual({
      status: 'failed',
      failure,
    })
  })

  it('accepting an invitation needs a valid invitation', () => {
    const cmd: SessionCommand = {
      type: 'session/AcceptInvitation',
      tokenRef: 't',
      user: 'n',
      passwordRef: 'p',
    }
    session.given().when(cmd).rejected('the invitation is not valid')
    session
      .given(S.InvitationChecked({ email: 'a@b.c' }))
      .when(cmd)
      .then(S.InvitationAcceptRequested({ user: 'n', tokenRef: 't', passwordRef: 'p' }))
  })
})
