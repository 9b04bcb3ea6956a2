import { useState, type ReactNode } from 'react'
import styles from './errors.module.css'

/** The generic error page (spec 000 section 8), with the error's details behind a link. */
export function ErrorPage({
  details,
  icon,
  children,
}: {
  details?: string
  /** Shown above the texts (the 500 page's icon). */
  icon?: ReactNode
  /** After the texts (the 500 page's way home). */
  children?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <section className={styles.page} role="alert" aria-labelledby="error-title">
      {icon}
      <p className={styles.big}>Oops!</p>
      <h1 id="error-title">Something went wrong</h1>
      <p>An unexpected error has occurred and your request could not be completed.</p>
      <p>Please try again and in case this problem persists contact your system administrator.</p>
      <p>
        <a
          href="#details"
          aria-expanded={open}
          onClick={(e) => {
            e.preventDefault()
            setOpen(!open)
          }}
        >
          See more details
        </a>
      </p>
      {open && <pre className={styles.details}>{details ?? 'No further details.'}</pre>}
      <p className={styles.hint}>Refresh the page to try again.</p>
      {children}
    </section>
  )
}
