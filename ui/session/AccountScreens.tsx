// Registration, invitations and the CLI login screens.
import { useEffect, useRef } from 'react'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import {
  ErrorMessage,
  Field,
  Form,
  NavLink,
  Screen,
  StatusMessage,
  Submit,
  failureOf,
  navigateTo,
  useQueryParams,
} from './kit'
import { validateInvitation, validateRegistration } from '../../domain/session/accountForms'
import { useValidatedForm } from '../shared/forms'
import { messageText } from '../shared/messages'
import styles from './session.module.css'

export function RegistrationScreen() {
  const app = useApp()
  const dispatch = useDispatch()
  const forms = useQuery({ type: 'session/Forms' })
  const { bind, submit } = useValidatedForm(
    { user: '', email: '', password: '', confirm: '' },
    validateRegistration,
    messageText,
  )
  const form = forms.register
  return (
    <Screen title="Create an account">
      <Form
        label="Registration"
        onSubmit={submit(({ user, email, password }) =>
          dispatch({ type: 'session/Register', user, email, passwordRef: app.stashSecret(password) }),
        )}
      >
        <Field label="Username" autoComplete="username" required {...bind('user')} />
        <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <Field label="Password" type="password" autoComplete="new-password" required {...bind('password')} />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <ErrorMessage failure={failureOf(form)} fallback="Registration failed" />
        <Submit busy={form.status === 'pending'} label="Create account" busyLabel="Creating…" />
      </Form>
      <div className={styles.links}>
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}

export function InvitationScreen() {
  const app = useApp()
  const dispatch = useDispatch()
  const session = useQuery({ type: 'session/State' })
  // The recorded query holds a reference in place of the token (domain/shared/secretParams.ts).
  const token = app.revealQuerySecret(useQueryParams().token ?? '')
  const asked = useRef(false)
  const { bind, submit } = useValidatedForm(
    { user: '', password: '', confirm: '' },
    validateInvitation,
    messageText,
  )
  useEffect(() => {
    if (token !== '' && !asked.current) {
      asked.current = true
      dispatch({ type: 'session/CheckInvitation', tokenRef: app.stashSecret(token) })
    }
  }, [token, app, dispatch])
  const invitation = session.invitation
  const form = session.forms.invitation
  if (invitation.status !== 'valid') {
    return (
      <Screen title="Accept invitation">
        {invitation.status === 'invalid' ? (
          <ErrorMessage failure={invitation.failure} fallback="This invitation is not valid" />
        ) : (
          <p role="status">Checking the invitation…</p>
        )}
      </Screen>
    )
  }
  return (
    <Screen
      title="Accept invitation"
      intro={`You were invited as ${invitation.email}. Choose a username and a password.`}
    >
      <Form
        label="Accept invitation"
        onSubmit={submit(({ user, password }) =>
          dispatch({
            type: 'session/AcceptInvitation',
            user,
            tokenRef: app.stashSecret(token),
            passwordRef: app.stashSecret(password),
          }),
        )}
      >
        <Field label="Username" autoComplete="username" required {...bind('user')} />
        <Field label="Password" type="password" autoComplete="new-password" required {...bind('password')} />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <ErrorMessage failure={failureOf(form)} fallback="The invitation could not be accepted" />
        <Submit busy={form.status === 'pending'} label="Accept invitation" busyLabel="Accepting…" />
      </Form>
    </Screen>
  )
}

export const CLI_REGISTRATION = '/login/cli-registration'

/** Where the CLI sends the browser: keeps the client values, then asks the user to confirm. */
export function CliExtensionScreen() {
  const app = useApp()
  const dispatch = useDispatch()
  const query = useQueryParams()
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    // The recorded query holds references in place of the secrets (domain/shared/secretParams.ts).
    const session = app.revealQuerySecret(query.jfClientSession ?? '')
    if (session !== '') {
      dispatch({
        type: 'session/StoreCliSession',
        sessionRef: app.stashSecret(session),
        clientName: query.jfClientName ?? '',
        ...(query.jfClientCode
          ? { codeRef: app.stashSecret(app.revealQuerySecret(query.jfClientCode)) }
          : {}),
      })
    }
    dispatch(navigateTo(CLI_REGISTRATION, true))
  }, [query, app, dispatch])
  return (
    <Screen title="CLI login">
      <p role="status">Preparing the CLI login…</p>
    </Screen>
  )
}

export function CliRegistrationScreen() {
  const dispatch = useDispatch()
  const session = useQuery({ type: 'session/State' })
  const signedIn = useQuery({ type: 'session/SignedIn' })
  const form = session.forms.cli
  if (!session.cli.stored && !session.cli.registered) {
    return (
      <Screen title="CLI login">
        <p role="alert">No CLI login is waiting. Start the login from your terminal again.</p>
        <CliWayBack signedIn={signedIn} />
      </Screen>
    )
  }
  if (!signedIn) {
    return (
      <Screen title="CLI login" intro="Log in to allow the CLI to act on your behalf.">
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            dispatch({ type: 'session/SavePathAfterLogin', path: `/ui${CLI_REGISTRATION}`, force: true })
            dispatch(navigateTo('/login'))
          }}
        >
          Log in
        </button>
        <CliWayBack signedIn={false} />
      </Screen>
    )
  }
  return (
    <Screen
      title="CLI login"
      intro={`Allow ${session.cli.clientName || 'the CLI'} to sign in as ${session.user?.name ?? 'you'}?`}
    >
      {form.status === 'done' ? (
        <StatusMessage>The CLI is signed in. You can return to your terminal.</StatusMessage>
      ) : (
        <Form label="CLI login" onSubmit={() => dispatch({ type: 'session/RegisterCliSession' })}>
          <ErrorMessage failure={failureOf(form)} fallback="The CLI login failed" />
          <Submit busy={form.status === 'pending'} label="Allow" busyLabel="Allowing…" />
        </Form>
      )}
      <CliWayBack signedIn />
    </Screen>
  )
}

/** The CLI login's way back, whatever its state (it had none): to the console, or to the login. */
function CliWayBack({ signedIn }: { readonly signedIn: boolean }) {
  return signedIn ? (
    <NavLink to="/">Back to the console</NavLink>
  ) : (
    <NavLink to="/login">Back to login</NavLink>
  )
}
