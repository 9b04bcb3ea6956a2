/**
 * The session area's chunk (lazily loaded): the login family under /login (alias /auth),
 * /logout, /auth-provider/:type, the account-portal redirect, the CLI extension screens and
 * the user profile. It routes its own screens, by full path or relative to a nested base.
 */
import { Suspense, useEffect, useMemo, useRef, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'
import { LoginScreen } from './LoginScreen'
import { ScreenSkeleton } from './kit'
import type * as Screens from './SessionScreens'

type ScreenModule = typeof Screens
type ScreenName = keyof ScreenModule

/** Child screens of /login and /auth (spec 000 section 2). */
const LOGIN_CHILDREN: ReadonlyArray<readonly [string, ScreenName]> = [
  ['/otp-login', 'OtpLoginScreen'],
  ['/mfa-enroll', 'MfaEnrollScreen'],
  ['/forgot-password', 'ForgotPasswordScreen'],
  ['/reset-password', 'ResetPasswordScreen'],
  ['/change-password/:userName?', 'ChangePasswordScreen'],
  ['/registration', 'RegistrationScreen'],
  ['/invitation', 'InvitationScreen'],
  ['/cli-registration', 'CliRegistrationScreen'],
  ['/sso/:ssoLoginType', 'SsoLoginScreen'],
]

const OTHER: ReadonlyArray<readonly [string, ScreenName]> = [
  ['/logout', 'LogoutScreen'],
  ['/auth-provider/:type', 'AuthProviderScreen'],
  ['/user/my-jfrog-redirect', 'AccountPortalScreen'],
  ['/user_profile', 'UserProfileScreen'],
  ['/plugs/extension/cli/verify', 'CliExtensionScreen'],
  ['/plugs/extension/cli', 'CliExtensionScreen'],
]

const SCREEN_NAMES = [...new Set([...LOGIN_CHILDREN, ...OTHER].map(([, name]) => name))]

/**
 * Every screen but login comes from one chunk (SessionScreens), loaded when one is opened, so
 * the login page loads only the login screen. Made once per app, like the routes' areas.
 */
function useScreens(loaded?: ScreenModule): ReadonlyMap<ScreenName, ComponentType> {
  const app = useApp()
  return useMemo(() => {
    if (loaded) return new Map(SCREEN_NAMES.map((name) => [name, loaded[name]]))
    const report = (command: Parameters<typeof app.dispatch>[0]) => app.dispatch(command, 'ui')
    return new Map(
      SCREEN_NAMES.map((name) => [
        name,
        lazyArea('session', () => import('./SessionScreens').then((m) => ({ default: m[name] })), report),
      ]),
    )
  }, [app, loaded])
}

/** The login page's data is loaded once (start-up usually has it already). */
function useLoginData() {
  const session = useQuery({ type: 'session/State' })
  const dispatch = useDispatch()
  const asked = useRef(false)
  const needed = !session.loginDataLoaded && !session.loading
  useEffect(() => {
    // Once per mount: a failed load leaves the catalogue's defaults rather than retrying in a loop.
    if (needed && !asked.current) {
      asked.current = true
      dispatch({ type: 'session/LoadLoginData' })
    }
  }, [needed, dispatch])
}

/** `screens`: the SessionScreens module already loaded (component tests render synchronously). */
export default function SessionArea({ screens: loaded }: { readonly screens?: ScreenModule } = {}) {
  useLoginData()
  const screens = useScreens(loaded)
  // The boundary is inside the area so that the area itself mounts while a screen loads: its
  // lazily made screens (useScreens) are kept, not made again on every attempt.
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <Switch>
        {OTHER.map(([pattern, name]) => (
          <Route key={pattern} path={pattern} component={screens.get(name)} />
        ))}
        {LOGIN_CHILDREN.flatMap(([child, name]) =>
          ['/login', '/auth', ''].map((base) => (
            <Route key={`${base}${child}`} path={`${base}${child}`} component={screens.get(name)} />
          )),
        )}
        <Route component={LoginScreen} />
      </Switch>
    </Suspense>
  )
}
