// Forgot, reset and change password. Messages follow the error catalogue (spec 000 section 8).
import { useEffect, useRef } from 'react'
import { useParams } from 'wouter'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import {
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
import styles from './session.module.css'
import { platformSaidOr } from '../../domain/shared/failure'
import { buttonClass } from '../shared/kit/Button'
import { FailureNote } from '../shared/kit/LoadFailure'
import { EmptyState } from '../shared/kit/Surface'
import { MailCheck } from 'lucide-react'
import {
  validateChangePassword,
  validateForgotPassword,
  validateResetPassword,
} from '../../domain/session/accountForms'
import { useValidatedForm } from '../shared/forms'
import { messageText } from '../shared/messages'

export function ForgotPasswordScreen() {
  const dispatch = useDispatch()
  const forms = useQuery({ type: 'session/Forms' })
  const { bind, submit } = useValidatedForm({ user: '' }, validateForgotPassword, messageText)
  const form = forms.forgot
  const sent = form.status === 'done'
  return (
    <Screen
      title="Forgot password"
      // Once sent, the form is gone: what to do next, not what to type.
      {...(sent ? {} : { intro: 'Enter your username and we will email you a link to reset your password.' })}
    >
      {sent ? (
        <div role="status">
          <EmptyState
            icon={<MailCheck size={24} />}
            title="Check your email"
            hint="If the user exists, an email with a link to reset the password was sent."
          />
        </div>
      ) : (
        <Form
          label="Forgot password"
          onSubmit={submit(({ user }) => dispatch({ type: 'session/RequestPasswordReset', user }))}
        >
          <Field label="Username" autoComplete="username" required {...bind('user')} />
          <ErrorMessage failure={failureOf(form)} fallback="Email wasn't sent" />
          <Submit busy={form.status === 'pending'} label="Send reset link" busyLabel="Sending…" />
        </Form>
      )}
      <div className={styles.links}>
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}

export function ResetPasswordScreen() {
  const app = useApp()
  const dispatch = useDispatch()
  const session = useQuery({ type: 'session/State' })
  // The recorded query holds a reference in place of the key (domain/shared/secretParams.ts).
  const key = app.revealQuerySecret(useQueryParams().key ?? '')
  const asked = useRef(false)
  const { bind, submit } = useValidatedForm({ password: '', confirm: '' }, validateResetPassword, messageText)
  useEffect(() => {
    if (key !== '' && !asked.current) {
      asked.current = true
      dispatch({ type: 'session/ValidateResetKey', keyRef: app.stashSecret(key) })
    }
  }, [key, app, dispatch])
  const state = session.resetKey
  const form = session.forms.reset
  let body
  // A link without a key or with a spent one is a dead end: said as the kit says a failure, and
  // the way on, a new link, is the screen's button.
  const deadEnd = key === '' || state.status === 'invalid'
  if (key === '') body = <FailureNote>This link to reset your password is incomplete.</FailureNote>
  else if (state.status === 'invalid')
    body = <FailureNote>{platformSaidOr(state.failure, 'Failed to reset the password')}</FailureNote>
  // While the platform checks the key: the form's shape, its three fields.
  else if (state.status !== 'valid') body = <FormSkeleton fields={3} />
  else {
    const user = state.user
    body = (
      <Form
        label="Reset password"
        onSubmit={submit(({ password }) =>
          dispatch({
            type: 'session/ResetPassword',
            user,
            keyRef: app.stashSecret(key),
            passwordRef: app.stashSecret(password),
          }),
        )}
      >
        <Field label="Username" value={user} onChange={() => undefined} readOnly autoComplete="username" />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('password')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <ErrorMessage failure={failureOf(form)} fallback="Failed to reset the password" />
        <Submit busy={form.status === 'pending'} label="Reset password" busyLabel="Resetting…" />
      </Form>
    )
  }
  return (
    <Screen title="Reset password">
      {body}
      <div className={styles.links}>
        {/* A link without a key or with a spent one: the way on is a new link, not only the login. */}
        {deadEnd && (
          <NavLink to="/login/forgot-password" className={buttonClass('primary')}>
            Ask for a new link
          </NavLink>
        )}
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}

export function ChangePasswordScreen() {
  const app = useApp()
  const dispatch = useDispatch()
  const forms = useQuery({ type: 'session/Forms' })
  const params = useParams<{ userName?: string }>()
  const query = useQueryParams()
  const { bind, submit } = useValidatedForm(
    { userName: params.userName ?? query.userName ?? '', oldPassword: '', password: '', confirm: '' },
    validateChangePassword,
    messageText,
  )
  const form = forms.change
  return (
    <Screen title="Change password" intro="Your password has expired or must be changed before you continue.">
      <Form
        label="Change password"
        onSubmit={submit(({ userName, oldPassword, password }) =>
          dispatch({
            type: 'session/ChangePassword',
            userName,
            oldPasswordRef: app.stashSecret(oldPassword),
            newPasswordRef: app.stashSecret(password),
          }),
        )}
      >
        <Field label="Username" autoComplete="username" required {...bind('userName')} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...bind('oldPassword')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('password')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          {...bind('confirm')}
        />
        <ErrorMessage failure={failureOf(form)} fallback="Failed to change password" />
        <Submit busy={form.status === 'pending'} label="Change password" busyLabel="Changing…" />
      </Form>
      <div className={styles.links}>
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}
