import { Link, useParams } from 'wouter'
import styles from './errors.module.css'

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <p className={styles.big}>404</p>
      <h1 id="status-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or was moved.</p>
      <Link href="/">Back to the home page</Link>
    </section>
  )
}

export function NotAcceptablePage() {
  const { requestId } = useParams<{ requestId?: string }>()
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <p className={styles.big}>406</p>
      <h1 id="status-title">Not Acceptable</h1>
      <p>The request was rejected by the server.</p>
      {requestId && (
        <p>
          Request ID: <code>{requestId}</code>
        </p>
      )}
      <Link href="/">Back to the home page</Link>
    </section>
  )
}

export function ServerErrorPage() {
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <p className={styles.big}>500</p>
      <h1 id="status-title">Internal Server Error</h1>
      <p>The server could not complete the request. Please try again later.</p>
      <Link href="/">Back to the home page</Link>
    </section>
  )
}

export function AuthorizationPage() {
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <h1 id="status-title">You are not authorized to view this page</h1>
      <Link href="/">Back to the home page</Link>
    </section>
  )
}
