// What the security screens share: loading a list of the area once the screen opens, a screen
// over one list and a fieldset of checkboxes over one (each with loading, empty, and error with
// Retry), a list's table state, and the note of the last change.
import { useEffect, type ReactNode } from 'react'
import { CheckCircle2, FileBarChart, X } from 'lucide-react'
import { Link } from 'wouter'
import type { NextStep } from '../shared/kit/NextSteps'
import {
  countedSeverities,
  type SeverityCounts,
  type XrayAsk,
  type XrayChangeKind,
  type XrayDataOf,
  type XrayLoadable,
  type XrayWhat,
} from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { platformSaidOr } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { IconButton } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { PageHeader, PageSkeleton, SeverityChip } from '../shared/kit/Surface'
import type { TableState } from '../shared/kit/Table'
import kit from '../shared/kit/page.module.css'
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

/** A list asked for with useXrayList: what the area holds of it, and how to ask again. */
export interface XrayList<W extends XrayWhat> {
  readonly slot: XrayLoadable<W>
  readonly retry: () => void
}

/** "The policies" → "the policies": the same words inside a sentence. */
const inSentence = (what: string) => what.charAt(0).toLowerCase() + what.slice(1)

/**
 * A screen over one list: its header, the note of its changes, then the list's failure with
 * Retry, its loading, or what it holds (drawn by children, which also say what empty means).
 * `what` names the list as a sentence starts ("The trends").
 */
export function XrayScreen<W extends XrayWhat>({
  title,
  description,
  actions,
  changes,
  list,
  what,
  children,
}: {
  readonly title: string
  readonly description: string
  readonly actions?: ReactNode
  readonly changes?: ReadonlyArray<XrayChangeKind>
  readonly list: XrayList<W>
  readonly what: string
  readonly children: (data: XrayDataOf<W>) => ReactNode
}) {
  const data = shownData(list.slot as XrayLoadable<W>) as XrayDataOf<W> | undefined
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader title={title} description={description} actions={actions} />
      {changes && <ChangeNote kinds={changes} />}
      {list.slot.status === 'failed' ? (
        <LoadFailure
          message={`${what} could not be loaded: ${whatHappened(list.slot.failure)}.`}
          onRetry={list.retry}
        />
      ) : data === undefined ? (
        <PageSkeleton label={`Loading ${inSentence(what)}`} header={false} />
      ) : (
        children(data)
      )}
    </section>
  )
}

/**
 * Checkboxes over a list's items (repositories, policies) inside a form: the list's failure with
 * Retry, its loading, what empty means, and the form's message about the choice.
 */
export function Checklist<W extends XrayWhat>({
  legend,
  list,
  what,
  itemsOf,
  chosen,
  onChange,
  empty,
  error,
}: {
  readonly legend: ReactNode
  readonly list: XrayList<W>
  readonly what: string
  readonly itemsOf: (data: XrayDataOf<W>) => ReadonlyArray<string>
  readonly chosen: ReadonlyArray<string>
  readonly onChange: (chosen: ReadonlyArray<string>) => void
  readonly empty: ReactNode
  readonly error?: string | undefined
}) {
  const state = tableStateOf(list.slot, list.retry, what, itemsOf)
  return (
    <fieldset className={styles.checks}>
      <legend>{legend}</legend>
      {state.status === 'error' ? (
        <LoadFailure message={state.message} onRetry={state.onRetry} />
      ) : state.status === 'loading' ? (
        <p role="status">Loading {inSentence(what)}…</p>
      ) : state.rows.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <div className={styles.row}>
          {state.rows.map((item) => (
            <Checkbox
              key={item}
              label={item}
              checked={chosen.includes(item)}
              onCheckedChange={(on) =>
                onChange(on ? [...chosen.filter((c) => c !== item), item] : chosen.filter((c) => c !== item))
              }
            />
          ))}
        </div>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  )
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

/** A scan's vulnerabilities by severity as chips; "None" once scanned, a dash before. */
export function SeverityChips({
  counts,
  scanned,
}: {
  readonly counts: SeverityCounts
  readonly scanned: boolean
}) {
  const counted = countedSeverities(counts)
  return counted.length === 0 ? (
    <span className={styles.muted}>{scanned ? 'None' : '—'}</span>
  ) : (
    <span className={styles.chips}>
      {counted.map((c) => (
        <SeverityChip key={c.severity} severity={c.severity} count={c.count} />
      ))}
    </span>
  )
}

/** How far a run of the platform is (a report being made, an import's rescan): a bar, its count in words. */
export function RunProgress({
  label,
  percent,
  valueText,
}: {
  readonly label: string
  readonly percent: number
  readonly valueText: string
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`${kit.progressTrack} ${styles.progressTrack}`}
    >
      <span className={kit.progressBar} style={{ width: `${percent}%` }} />
    </span>
  )
}

/** The step the Policies and Watches pages end on: where their findings are gathered. */
export const REPORTS_STEP: NextStep = {
  icon: <FileBarChart size={18} />,
  title: 'Reports gather the findings',
  text: 'A report lists the vulnerabilities, licences or violations of the repositories it covers.',
  action: <Link href="/reports">Reports</Link>,
}
