// What the security screens share: loading a list of the area once the screen opens, a list's
// table state (loading, error with retry, rows), and the note of the last change.
import { useEffect, type ReactNode } from 'react'
import { CheckCircle2, X } from 'lucide-react'
import type { XrayAsk, XrayChangeKind, XrayDataOf, XrayLoadable, XrayWhat } from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { platformSaidOr } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { FailureNote } from '../shared/kit/LoadFailure'
import { IconButton } from '../shared/kit/Button'
import type { TableState } from '../shared/kit/Table'
import { changeDoneText, changeFailedText } from './messages'
import styles from './xray.module.css'

/** Asks for a list when the screen opens (and when what is asked changes); answers a retry. */
export function useXrayList<W extends XrayWhat>(
  what: W,
  ask: Extract<XrayAsk, { what: W }>,
): { readonly slot: XrayLoadable<W>; readonly retry: () => void } {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'xray/State' })
  const key = JSON.stringify(ask)
  useEffect(() => {
    dispatch({ type: 'xray/Load', ask: JSON.parse(key) as XrayAsk })
  }, [dispatch, key])
  return {
    slot: state[what] as XrayLoadable<W>,
    retry: () => dispatch({ type: 'xray/Load', ask }),
  }
}

/** A list's table state: its rows (kept while it reloads), its failure with Retry, or loading. */
export function tableStateOf<W extends XrayWhat, R>(
  slot: XrayLoadable<W>,
  retry: () => void,
  what: string,
  rows: (data: XrayDataOf<W>) => ReadonlyArray<R>,
): TableState<R> {
  if (slot.status === 'failed')
    return {
      status: 'error',
      message: `${what} could not be loaded: ${whatHappened(slot.failure)}.`,
      onRetry: retry,
    }
  const data = shownData(slot as XrayLoadable<W>) as XrayDataOf<W> | undefined
  return data === undefined ? { status: 'loading' } : { status: 'loaded', rows: rows(data) }
}

/**
 * The outcome of the last change of the kinds a screen makes: done (a status the person can
 * close) or refused with the platform's reason (an alert). Nothing while none was asked.
 */
export function ChangeNote({ kinds }: { readonly kinds: ReadonlyArray<XrayChangeKind> }) {
  const dispatch = useDispatch()
  const { change } = useQuery({ type: 'xray/State' })
  if (change.status === 'idle' || change.status === 'pending' || !kinds.includes(change.kind)) return null
  if (change.status === 'failed')
    return (
      <FailureNote>
        {changeFailedText(change.kind, change.subject)}:{' '}
        {platformSaidOr(change.failure, whatHappened(change.failure))}
      </FailureNote>
    )
  return (
    <p role="status" className={styles.done}>
      <CheckCircle2 size={18} aria-hidden="true" />
      <span>{changeDoneText(change.kind, change.subject)}</span>
      <IconButton
        size="sm"
        variant="subtle"
        label="Dismiss"
        icon={<X size={16} aria-hidden />}
        onClick={() => dispatch({ type: 'xray/DismissChange' })}
      />
    </p>
  )
}

/** Whether a change of these kinds is on its way (its button shows it and waits). */
export function usePending(kinds: ReadonlyArray<XrayChangeKind>): boolean {
  const { change } = useQuery({ type: 'xray/State' })
  return change.status === 'pending' && kinds.includes(change.kind)
}

export function Section({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.section}>
      {children}
    </section>
  )
}
