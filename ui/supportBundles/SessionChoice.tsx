// What a support bundle will carry, shown before it is created, and the choice to include the
// user's console session: its event log, redacted as the debug panel's export is (secrets always,
// email addresses and server log contents too: the bundle has the log files already). What the
// preview shows is exactly what is sent: the log is taken when the box is ticked.
import { useId } from 'react'
import type { Redacted } from '../../domain/debug/redact'
import { MAX_SESSION_BYTES } from '../../domain/supportBundles'
import { counted } from '../../domain/shared/plural'
import { useApp } from '../shared/appContext'
import { Checkbox } from '../shared/kit/Checkbox'
import styles from './supportZone.module.css'

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const time = (iso: string | undefined) => (iso ? new Date(iso).toLocaleTimeString() : '—')
const plural = (n: number, one: string, other: string) => counted(n, { one, other })

/** When the session's events happened: one time when they all fell in the same second. */
function span(first: string | undefined, last: string | undefined): string {
  const [from, to] = [time(first), time(last)]
  return from === to ? `at ${from}` : `from ${from} to ${to}`
}

/**
 * What the redactor left out, naming only what it found: "0 secrets, 1 email address and the
 * contents of 0 server log views" read as if something had been removed three times.
 */
export function leftOut(redacted: Pick<Redacted, 'secrets' | 'emails' | 'logChunks'>): string {
  const parts = [
    redacted.secrets > 0 &&
      `${plural(redacted.secrets, 'secret', 'secrets')} (passwords, codes, tokens, keys, secret link parameters)`,
    redacted.emails > 0 && plural(redacted.emails, 'email address', 'email addresses'),
    redacted.logChunks > 0 &&
      `the contents of ${plural(redacted.logChunks, 'server log view', 'server log views')}`,
  ].filter((p): p is string => typeof p === 'string')
  if (parts.length === 0)
    return 'Nothing had to be left out of your session: it holds no secrets, email addresses or server logs.'
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
  return `Left out of your session: ${list}.`
}

/** The redacted session to attach, with its size; null while none is chosen. */
export interface ChosenSession {
  readonly redacted: Redacted
  readonly bytes: number
}

export function SessionChoice({
  threadDumps,
  session,
  preparing,
  onPreparing,
  onChange,
}: {
  readonly threadDumps: string
  readonly session: ChosenSession | null
  /** Whether the session is being taken: the form sends nothing meanwhile, or it would go without. */
  readonly preparing: boolean
  readonly onPreparing: (preparing: boolean) => void
  readonly onChange: (session: ChosenSession | null) => void
}) {
  const app = useApp()
  const hintId = useId()
  const choose = async (include: boolean) => {
    if (!include) return onChange(null)
    onPreparing(true)
    // The redactor replays the log, so it loads with the whole domain: only when asked for.
    const { redactLog } = await import('../../domain/debug/redact')
    const redacted = redactLog(app.exportLog(), { personalData: true, serverLogs: true })
    onPreparing(false)
    onChange({ redacted, bytes: new Blob([redacted.text]).size })
  }
  const dumps = Number.parseInt(threadDumps, 10)
  const tooLarge = session !== null && session.bytes > MAX_SESSION_BYTES
  return (
    <div className={styles.carries}>
      <Checkbox
        label="Include my session in this console"
        checked={session !== null || preparing}
        disabled={preparing}
        aria-describedby={hintId}
        onCheckedChange={(on) => void choose(on)}
      />
      <p id={hintId} className={styles.meta}>
        Support can replay what you did and saw here. Passwords, codes, tokens, keys and email addresses are
        left out.
      </p>
      <section aria-label="What the bundle will carry" className={styles.preview}>
        <h3>What the bundle will carry</h3>
        <ul>
          <li>The log files of this node, with secrets removed</li>
          <li>The platform&apos;s configuration, with secrets removed</li>
          {Number.isFinite(dumps) && dumps > 0 && <li>{plural(dumps, 'thread dump', 'thread dumps')}</li>}
          {preparing && <li>Your session: preparing…</li>}
          {session && !tooLarge && (
            <li>
              Your session: {plural(session.redacted.events, 'event', 'events')}{' '}
              {span(session.redacted.firstAt, session.redacted.lastAt)} ({formatSize(session.bytes)})
            </li>
          )}
        </ul>
        {session && !tooLarge && (
          <>
            <p>{leftOut(session.redacted)}</p>
            <p className={styles.meta}>
              It ends at event #{session.redacted.lastSeq}; replayed, it reaches state{' '}
              <code>{session.redacted.stateHash}</code>.
            </p>
          </>
        )}
        {tooLarge && (
          <p role="alert">
            Your session is too large to attach ({formatSize(session.bytes)}; at most{' '}
            {formatSize(MAX_SESSION_BYTES)}). The bundle will be created without it.
          </p>
        )}
      </section>
    </div>
  )
}
