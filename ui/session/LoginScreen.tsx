// The login screen: internal credentials and/or SSO providers (by the platform's view mode),
// remember-me, the password autocomplete setting and the login dialog.
import { Suspense, createElement, lazy, useMemo, useState } from 'react'
import { useDispatch, useApp, useQuery } from '../shared/appContext'
import {
  Checkbox,
  ErrorMessage,
  Field,
  Form,
  FormSkeleton,
  NavLink,
  Screen,
  Submit,
  failureOf,
  useQueryParams,
} from './kit'
import { validateSignIn } from '../../domain/session/loginForms'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { lazyArea } from '../shared/lazyArea'
import { useValidatedForm } from '../shared/forms'
import { NOT_AUTHORIZED_MESSAGE } from '../shared/notAuthorized'
import { NO_LICENCE_ERROR, UI_BLOCKED_ERROR } from '../../domain/session/loginGuard'
import styles from './session.module.css'
import { FailureNote } from '../shared/kit/LoadFailure'
import { likelyLanding, preloadSignIn } from '../routePreload'

/** Why the guard sent the user here (`?error=`), in words; other values say nothing. */
const ARRIVAL_ERRORS: Readonly<Record<string, string>> = {
  notAuthorized: NOT_AUTHORIZED_MESSAGE,
  [UI_BLOCKED_ERROR]: 'Your subscription does not allow access to the console. Contact your administrator.',
  [NO_LICENCE_ERROR]: 'The platform has no licence installed. Ask your administrator to install one.',
}

// Radix Dialog and its layers (~14 KB gzip) load only when the platform sets a login notice.
function LoginDialog() {
  const app = useApp()
  const content = useQuery({ type: 'session/LoginDialog' })
  const Notice = useMemo(
    () =>
      lazyArea(
        'session',
        () => import('./LoginDialog'),
        (command) => app.dispatch(command, 'ui'),
      ),
    [app],
  )
  if (content === null) return null
  // Made once per app (useMemo), like the routes' area chunks.
  return <Suspense fallback={null}>{createElement(Notice)}</Suspense>
}

function Providers() {
  const login = useQuery({ type: 'session/LoginSettings' })
  const dispatch = useDispatch()
  if (login.loginViewMode.isProvidersHidden) return null
  // SAML links first, then OAuth providers (with their icon): one list of buttons.
  const providers: ReadonlyArray<{ readonly name: string; readonly url: string; readonly icon?: string }> = [
    ...login.ssoProviderLinksSAML,
    ...login.oauthProviders,
  ]
  if (providers.length === 0) return null
  return (
    <nav aria-label="Single sign-on">
      <ul className={styles.providers}>
        {providers.map((p, i) => (
          <li key={`${i}${p.url}`}>
            <button
              type="button"
              className={`${styles.secondary} ${styles.provider}`}
              data-icon={p.icon}
              onClick={() => dispatch({ type: 'session/GoToSso', url: p.url })}
            >
              {p.icon ? (
                <span className={styles.icon} aria-hidden="true" data-testid={`icon-${p.icon}`}>
                  {p.icon.slice(0, 1)}
                </span>
              ) : null}
              {`Sign in with ${p.name}`}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}

// The provider-error messages load only when the platform sent the browser back with one.
const SsoErrorMessage = lazy(() => import('./SsoErrorMessage'))

function SsoError() {
  const code = useQueryParams().ssoError
  if (!code) return null
  return (
    <Suspense fallback={null}>
      <SsoErrorMessage code={code} />
    </Suspense>
  )
}

function CredentialsForm() {
  const app = useApp()
  const dispatch = useDispatch()
  const login = useQuery({ type: 'session/LoginSettings' })
  const forms = useQuery({ type: 'session/Forms' })
  const query = useQueryParams()
  const { values, set, bind, submit } = useValidatedForm(
    { user: '', password: '', rememberMe: false },
    validateSignIn,
    () => MANDATORY_MESSAGE,
  )
  const busy = forms.signIn.status === 'pending'
  // Own keys only: `?error=constructor` must not print an object's inherited member.
  const arrivalError =
    query.error !== undefined && Object.hasOwn(ARRIVAL_ERRORS, query.error)
      ? ARRIVAL_ERRORS[query.error]
      : undefined
  const failure = failureOf(forms.signIn)

  return (
    <Form
      label="Log in"
      // A failed login was the earlier attempt's: editing the form or submitting it again moves on.
      onEdit={() => failure && dispatch({ type: 'session/DismissSignInFailure' })}
      onSubmit={submit(({ user, password, rememberMe }) => {
        preloadSignIn(likelyLanding(query.redirectTo))
        dispatch({
          type: 'session/SignIn',
          user,
          passwordRef: app.stashSecret(password),
          rememberMe: login.rememberMeEnabled && rememberMe,
          ...(query.redirectTo ? { redirectTo: query.redirectTo } : {}),
        })
      })}
    >
      {arrivalError !== undefined ? <FailureNote>{arrivalError}</FailureNote> : null}
      <Field label="Username" autoComplete="username" required {...bind('user')} />
      <Field
        label="Password"
        type="password"
        autoComplete={login.passwordAutocompleteEnabled ? 'current-password' : 'off'}
        required
        {...bind('password')}
      />
      {login.rememberMeEnabled ? (
        <Checkbox
          label="Remember me"
          checked={values.rememberMe}
          onChange={(rememberMe) => set({ rememberMe })}
        />
      ) : null}
      <ErrorMessage failure={failure} fallback="Login failed" />
      <Submit busy={busy} label="Log in" busyLabel="Logging in…" />
    </Form>
  )
}

// Headed "Log in", as its button and the user menu say it (the specification's verb); the
// browser's title stays the specification's page title, Login (domain/navigation/routes.ts).
export function LoginScreen() {
  const login = useQuery({ type: 'session/LoginSettings' })
  const session = useQuery({ type: 'session/State' })
  const query = useQueryParams()
  const [showInternal, setShowInternal] = useState(false)
  // `?local=true`: the local form even when the platform offers SSO only (the provider is down).
  const external = login.loginViewMode.mode === 'external' && query.local !== 'true'
  if (!session.loginDataLoaded && session.loading) {
    return (
      <Screen title="Log in">
        <FormSkeleton />
      </Screen>
    )
  }
  return (
    <Screen title="Log in">
      <LoginDialog />
      <SsoError />
      {external ? (
        <>
          <Providers />
          {showInternal ? (
            <CredentialsForm />
          ) : (
            <button type="button" className={styles.secondary} onClick={() => setShowInternal(true)}>
              Log in with username and password
            </button>
          )}
        </>
      ) : (
        <>
          <CredentialsForm />
          <Providers />
        </>
      )}
      <div className={styles.links}>
        {login.forgotPassword ? <NavLink to="/login/forgot-password">Forgot password?</NavLink> : null}
        {login.registrationEnabled === true ? (
          <NavLink to="/login/registration">Create an account</NavLink>
        ) : null}
      </div>
    </Screen>
  )
}
