/**
 * /user_profile: the signed-in user's own profile. The password unlocks it (spec 000 section 5:
 * `profilePasswordUnlockState`), then the email and password can be changed; the API key is
 * shown once after re-authentication and stays in memory only (never in events or storage).
 */
import { Suspense, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { LogOut } from 'lucide-react'
import { buttonClass } from '../shared/kit/Button'
import { formActionsClass } from '../shared/kit/Field'
import { failureMessage, type Failure } from '../../domain/shared/failure'
import type { UserData } from '../../domain/session/types'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Part } from '../shared/parts'
import { Card, KeyValue, PageHeader } from '../shared/kit/Surface'
import {
  profilePasswordUnlockState,
  validateCurrentPassword,
  validateProfile,
} from '../../domain/session/accountForms'
import { Field, Form, NavLink, Screen, StatusMessage, Submit, failureOf } from './kit'
import { secretGoneText } from './messages'
import { useValidatedForm } from '../shared/forms'
import { messageText } from '../shared/messages'
import { FailureNote } from '../shared/kit/LoadFailure'
import kit from '../shared/kit/page.module.css'
import screens from './screens.module.css'

export const WRONG_PASSWORD = 'The password is not correct.'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute, then try again.'

/** A failure of a password-checked call, in words the user can act on. */
export function profileFailureMessage(failure: Failure, fallback: string): string {
  if (failure.status === 401) return WRONG_PASSWORD
  if (failure.status === 429) return TOO_MANY_ATTEMPTS
  return failure.secretGone === undefined
    ? failureMessage(failure, fallback)
    : secretGoneText(failure.secretGone)
}

function FailureAlert({ failure, fallback }: { failure: Failure | null; fallback: string }) {
  if (!failure) return null
  return <FailureNote>{profileFailureMessage(failure, fallback)}</FailureNote>
}

/** A form that asks for the current password and hands on only its vault reference. */
function PasswordForm(props: {
  label: string
  intro: string
  fieldLabel: string
  submitLabel: string
  busy: boolean
  failure: Failure | null
  fallback: string
  onPassword: (passwordRef: string) => void
}) {
  const app = useApp()
  const { bind, submit } = useValidatedForm({ password: '' }, validateCurrentPassword, messageText)
  return (
    <Form
      label={props.label}
      onSubmit={submit(({ password }) => props.onPassword(app.stashSecret(password)))}
    >
      <p>{props.intro}</p>
      <Field label={props.fieldLabel} type="password" autoComplete="current-password" {...bind('password')} />
      <FailureAlert failure={props.failure} fallback={props.fallback} />
      <div className={formActionsClass}>
        <Submit busy={props.busy} label={props.submitLabel} busyLabel="Checking…" />
      </div>
    </Form>
  )
}

function UnlockForm() {
  const dispatch = useDispatch()
  const unlock = useQuery({ type: 'session/State' }).profile.unlock
  return (
    <PasswordForm
      label="Unlock profile"
      intro="Enter your current password to edit your profile."
      fieldLabel="Current password"
      submitLabel="Unlock"
      busy={unlock.status === 'pending'}
      failure={failureOf(unlock)}
      fallback="The profile could not be unlocked."
      onPassword={(passwordRef) => dispatch({ type: 'session/UnlockProfile', passwordRef })}
    />
  )
}

function EditForm({ user }: { user: UserData }) {
  const app = useApp()
  const profile = useQuery({ type: 'session/State' }).profile
  const { bind, submit, values, reset } = useValidatedForm(
    { email: user.email ?? '', password: '', confirm: '' },
    validateProfile(user.email ?? ''),
    messageText,
  )
  const busy = profile.update.status === 'pending'
  // A saved new password is not kept on the screen (state adjusted while rendering, once per save).
  const [seenStatus, setSeenStatus] = useState(profile.update.status)
  if (profile.update.status !== seenStatus) {
    setSeenStatus(profile.update.status)
    if (profile.update.status === 'done') reset({ email: values.email, password: '', confirm: '' })
  }
  return (
    <Form
      label="Edit profile"
      onSubmit={submit(({ email, newPassword }) =>
        app.dispatch({
          type: 'session/UpdateProfile',
          ...(email === undefined ? {} : { email }),
          ...(newPassword === undefined ? {} : { newPasswordRef: app.stashSecret(newPassword) }),
        }),
      )}
    >
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Field label="New password" type="password" autoComplete="new-password" {...bind('password')} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...bind('confirm')} />
      <FailureAlert failure={failureOf(profile.update)} fallback="The profile could not be saved." />
      {profile.update.status === 'done' ? <StatusMessage>Your profile was saved.</StatusMessage> : null}
      <div className={formActionsClass}>
        <Submit busy={busy} label="Save" busyLabel="Saving…" />
      </div>
    </Form>
  )
}

function ApiKeySection() {
  const app = useApp()
  const dispatch = useDispatch()
  const apiKey = useQuery({ type: 'session/State' }).profile.apiKey
  const shown = apiKey.status === 'ready'
  // Leaving the screen drops the key: to see it again the password is asked again.
  useEffect(() => {
    return () => {
      if (shown) dispatch({ type: 'session/HideApiKey' })
    }
  }, [shown, dispatch])
  if (apiKey.status === 'ready') {
    const key = app.shown.apiKeys.get(apiKey.ref)
    return (
      <section aria-label="API key">
        {key === undefined ? (
          <p role="alert">The API key is no longer available. Show it again with your password.</p>
        ) : (
          <p>
            API key:{' '}
            <code className={screens.secret} aria-label="Your API key">
              {key}
            </code>
          </p>
        )}
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => dispatch({ type: 'session/HideApiKey' })}
        >
          Hide API key
        </button>
      </section>
    )
  }
  return (
    <PasswordForm
      label="Show API key"
      intro="Your API key is shown after you confirm your password, and only on this screen."
      fieldLabel="Password for the API key"
      submitLabel="Show API key"
      busy={apiKey.status === 'loading'}
      failure={apiKey.status === 'failed' ? apiKey.failure : null}
      fallback="The API key could not be shown."
      onPassword={(passwordRef) => dispatch({ type: 'session/RevealApiKey', passwordRef })}
    />
  )
}

export function UserProfileScreen() {
  const user = useQuery({ type: 'session/User' })
  const profile = useQuery({ type: 'session/State' }).profile
  if (!user) {
    return (
      <Screen title="User profile">
        <p role="alert">Log in to see your profile.</p>
        <NavLink to="/login">Log in</NavLink>
      </Screen>
    )
  }
  const passwordUnlock = profilePasswordUnlockState({
    existsInDB: user.existsInDB,
    profileUpdatable: user.profileUpdatable,
    requireProfilePassword: user.requireProfilePassword,
    unlocked: profile.unlocked,
  })
  // A page of the console like the others (its header, then cards), not the login family's card.
  return (
    <div className={kit.page}>
      <PageHeader
        title="User profile"
        description="Your account, its profile, your API key and your access tokens."
        actions={
          // The kit's secondary button, as every page header's action (it was a bare link).
          <Link href="/logout" className={buttonClass('secondary')}>
            <LogOut size={16} aria-hidden />
            Log out
          </Link>
        }
      />
      <div className={`${kit.cards} ${screens.profileCards}`}>
        <Card title="Account">
          <KeyValue
            items={[
              { key: 'name', label: 'Username', value: user.name },
              { key: 'email', label: 'Email', value: user.email || '—' },
              { key: 'realm', label: 'Realm', value: user.realm },
              { key: 'role', label: 'Role', value: user.admin ? 'Administrator' : 'User' },
            ]}
          />
          {!passwordUnlock && !user.profileUpdatable ? (
            <p role="note">Your profile is managed by your sign-in provider and cannot be changed here.</p>
          ) : null}
        </Card>
        {passwordUnlock ? (
          <Card title="Profile">{profile.unlocked ? <EditForm user={user} /> : <UnlockForm />}</Card>
        ) : null}
        {user.requireProfilePassword ? (
          <Card title="API key">
            <ApiKeySection />
          </Card>
        ) : null}
        {/* The tokens area's card, lent through its manifest: its chunk loads with this screen only. */}
        <Suspense fallback={<p role="status">Loading your access tokens…</p>}>
          <Part name="profile/tokens" className={screens.wideCard} />
        </Suspense>
      </div>
    </div>
  )
}
