// One-time-code login and authenticator enrolment (TOTP). The enrolment secret is read from
// memory by reference and rendered as a QR code and as text; it never enters the log.
import { useEffect, useRef, useState } from 'react'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { ErrorMessage, Field, Form, FormSkeleton, NavLink, Screen, Submit, failureOf } from './kit'
import { validateOtp } from '../../domain/session/accountForms'
import { useValidatedForm } from '../shared/forms'
import { messageText } from '../shared/messages'
import styles from './session.module.css'
import screens from './screens.module.css'
import { Skeleton } from '../shared/kit/Skeleton'
import { CodeBlock } from '../shared/kit/CodeBlock'

const OTP_FALLBACK = 'something went wrong'

function CodeForm({ label }: { label: string }) {
  const app = useApp()
  const dispatch = useDispatch()
  const forms = useQuery({ type: 'session/Forms' })
  const { bind, submit } = useValidatedForm({ code: '' }, validateOtp, messageText)
  return (
    <Form
      label={label}
      onSubmit={submit((code) => dispatch({ type: 'session/VerifyOtp', otpRef: app.stashSecret(code) }))}
    >
      <Field
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        required
        {...bind('code')}
      />
      <ErrorMessage failure={failureOf(forms.otp)} fallback={OTP_FALLBACK} />
      <Submit busy={forms.otp.status === 'pending'} label="Verify" busyLabel="Verifying…" />
    </Form>
  )
}

function NoPendingLogin({ title }: { title: string }) {
  return (
    <Screen title={title}>
      <p role="alert">No login is waiting for this step. Please log in again.</p>
      <NavLink to="/login">Back to login</NavLink>
    </Screen>
  )
}

export function OtpLoginScreen() {
  const session = useQuery({ type: 'session/State' })
  if (session.status !== 'mfaVerify') return <NoPendingLogin title="Two-factor authentication" />
  return (
    <Screen
      title="Two-factor authentication"
      intro={`Enter the code your authenticator app shows for ${session.pendingUser ?? 'your account'}.`}
    >
      <CodeForm label="One-time code" />
      <div className={styles.links}>
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}

/** The otpauth URL as a QR code image (the qrcode library loads only on this screen). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 200 }))
      .then((data) => live && setSrc(data))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [url])
  if (failed) return <p role="alert">The QR code could not be drawn; type the key below instead.</p>
  if (!src) return <p role="status">Drawing the QR code…</p>
  return (
    <img className={screens.qr} src={src} alt="QR code for your authenticator app" width={200} height={200} />
  )
}

export function MfaEnrollScreen() {
  const app = useApp()
  const session = useQuery({ type: 'session/State' })
  const dispatch = useDispatch()
  const asked = useRef(false)
  const waiting = session.status === 'mfaEnroll'
  useEffect(() => {
    if (waiting && session.mfaEnrollment.status === 'idle' && !asked.current) {
      asked.current = true
      dispatch({ type: 'session/LoadMfaEnrollment' })
    }
  }, [waiting, session.mfaEnrollment.status, dispatch])
  if (!waiting) return <NoPendingLogin title="Set up two-factor authentication" />
  const enrollment = session.mfaEnrollment
  const data = enrollment.status === 'ready' ? app.shown.enrollments.get(enrollment.ref) : undefined
  return (
    <Screen
      title="Set up two-factor authentication"
      intro="Scan the QR code with an authenticator app (or type the key), then enter the code it shows."
    >
      {enrollment.status === 'failed' ? (
        <ErrorMessage failure={enrollment.failure} fallback={OTP_FALLBACK} />
      ) : enrollment.status === 'ready' && data ? (
        <>
          <QrCode url={data.otpauthUrl} />
          {/* Typed by hand when the camera cannot read the code, or pasted into a desktop app. */}
          <div className={screens.key}>
            <span className={screens.keyLabel}>Key</span>
            <div role="group" aria-label="Authenticator key">
              <CodeBlock code={data.secret} label="key" wrap />
            </div>
          </div>
          <CodeForm label="Confirm enrolment" />
        </>
      ) : enrollment.status === 'ready' ? (
        <p role="alert">The enrolment key is no longer available. Please log in again.</p>
      ) : (
        <div className={screens.enrolSkeleton} role="status" aria-label="Loading">
          <Skeleton width="12rem" height="12rem" />
          <Skeleton width="16rem" />
          <FormSkeleton fields={1} />
        </div>
      )}
      <div className={styles.links}>
        <NavLink to="/login">Back to login</NavLink>
      </div>
    </Screen>
  )
}
