/**
 * The session area's chunk (lazily loaded): the login family under /login (alias /auth),
 * /logout, /auth-provider/:type, the account-portal redirect, the CLI extension screens and
 * the user profile. It routes its own screens, by full path or relative to a nested base.
 */
import { useEffect, useRef, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import { LoginScreen } from './LoginScreen'
import { MfaEnrollScreen, OtpLoginScreen } from './MfaScreens'
import { ChangePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from './PasswordScreens'
import {
  CliExtensionScreen,
  CliRegistrationScreen,
  InvitationScreen,
  RegistrationScreen,
} from './AccountScreens'
import { AccountPortalScreen, AuthProviderScreen, LogoutScreen, SsoLoginScreen } from './RedirectScreens'
import { UserProfileScreen } from './ProfileScreen'

/** Child screens of /login and /auth (spec 000 section 2). */
const LOGIN_CHILDREN: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/otp-login', OtpLoginScreen],
  ['/mfa-enroll', MfaEnrollScreen],
  ['/forgot-password', ForgotPasswordScreen],
  ['/reset-password', ResetPasswordScreen],
  ['/change-password/:userName?', ChangePasswordScreen],
  ['/registration', RegistrationScreen],
  ['/invitation', InvitationScreen],
  ['/cli-registration', CliRegistrationScreen],
  ['/sso/:ssoLoginType', SsoLoginScreen],
]

const OTHER: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/logout', LogoutScreen],
  ['/auth-provider/:type', AuthProviderScreen],
  ['/user/my-jfrog-redirect', AccountPortalScreen],
  ['/user_profile', UserProfileScreen],
  ['/plugs/extension/cli/verify', CliExtensionScreen],
  ['/plugs/extension/cli', CliExtensionScreen],
]

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

export default function SessionArea() {
  useLoginData()
  return (
    <Switch>
      {OTHER.map(([pattern, Screen]) => (
        <Route key={pattern} path={pattern} component={Screen} />
      ))}
      {LOGIN_CHILDREN.flatMap(([child, Screen]) =>
        ['/login', '/auth', ''].map((base) => (
          <Route key={`${base}${child}`} path={`${base}${child}`} component={Screen} />
        )),
      )}
      <Route component={LoginScreen} />
    </Switch>
  )
}
