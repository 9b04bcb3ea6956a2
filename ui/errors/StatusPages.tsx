import { Link, useParams } from 'wouter'
import { Ban, FileQuestion, Lock, ServerCrash } from 'lucide-react'
import { ErrorPage } from './ErrorPage'
import { NOT_AUTHORIZED_MESSAGE } from '../shared/notAuthorized'
import styles from './errors.module.css'

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <span className={styles.icon} aria-hidden="true">
        <FileQuestion size={32} />
      </span>
      <p className={styles.big}>404</p>
      <h1 id="status-title">Page not found</h1>
      <p className={styles.text}>The page you are looking for does not exist or was moved.</p>
      <Link href="/" className={styles.home}>
        Back to the home page
      </Link>
    </section>
  )
}

export function NotAcceptablePage() {
  const { requestId } = useParams<{ requestId?: string }>()
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <span className={styles.icon} aria-hidden="true">
        <Ban size={32} />
      </span>
      <p className={styles.big}>406</p>
      <h1 id="status-title">Not acceptable</h1>
      <p className={styles.text}>The request was rejected by the server.</p>
      {requestId && (
        <p>
          Request ID: <code>{requestId}</code>
        </p>
      )}
      <Link href="/" className={styles.home}>
        Back to the home page
      </Link>
    </section>
  )
}

/** The 500 page is the generic error page (spec 000 section 8), with the way home. */
export function ServerErrorPage() {
  return (
    <ErrorPage
      details="The platform could not complete a request (500 Internal Server Error)."
      icon={
        <span className={styles.icon} data-tone="danger" aria-hidden="true">
          <ServerCrash size={32} />
        </span>
      }
    >
      <Link href="/" className={styles.home}>
        Back to the home page
      </Link>
    </ErrorPage>
  )
}

export function AuthorizationPage() {
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <span className={styles.icon} data-tone="danger" aria-hidden="true">
        <Lock size={32} />
      </span>
      <p className={styles.big}>403</p>
      <h1 id="status-title">{NOT_AUTHORIZED_MESSAGE}</h1>
      <p className={styles.text}>
        Your account lacks the permission it needs. An administrator can grant it.
      </p>
      <Link href="/" className={styles.home}>
        Back to the home page
      </Link>
    </section>
  )
}
