/**
 * A session's events as the debug panel shows them, live or imported: the filtered, virtualised
 * list (seq, time, source, type, correlation), a timeline scrubber, the rejected commands, and
 * the selected event's data with what it changed and the state right after it.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  areasIn,
  diffStates,
  filterEvents,
  noFilter,
  rejectedCommands,
  type EventFilter,
  type Timeline,
} from '../../domain/debug'
import { Select } from '../shared/kit/Select'
import { Field, TextField } from '../shared/kit/Field'
import { Slider } from '../shared/kit/Slider'
import styles from './debug.module.css'

// Two lines: the event's name on the first, whole; its number, time, source and correlation under it.
const ROW_HEIGHT = 36

interface Props {
  readonly title: string
  readonly timeline: Timeline
  /** Bumped when events were appended to the timeline (the live session goes on). */
  readonly version: number
  /** Index into the timeline's events; undefined follows the newest. */
  readonly selected: number | undefined
  readonly onSelect: (index: number) => void
  readonly actions?: ReactNode
}

const show = (value: unknown): string => (value === undefined ? '—' : JSON.stringify(value))

export function EventsView({ title, timeline, version, selected, onSelect, actions }: Props) {
  const [filter, setFilter] = useState<EventFilter>(noFilter)
  const { envelopes } = timeline
  const current = selected ?? envelopes.length - 1
  // `version` stands for the appended events: the array itself is the same one, grown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const areas = useMemo(() => areasIn(envelopes), [envelopes, version])
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shown = useMemo(() => filterEvents(envelopes, filter), [envelopes, filter, version])
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rejected = useMemo(() => rejectedCommands(envelopes), [envelopes, version])
  const set = (patch: Partial<EventFilter>) => setFilter((f) => ({ ...f, ...patch }))
  return (
    <section className={styles.panel} aria-label={title}>
      <div className={styles.toolbar}>
        <h2>{title}</h2>
        <Field label="Area" inline>
          <Select
            value={filter.area}
            onValueChange={(area) => set({ area })}
            options={[{ value: '', label: 'all areas' }, ...areas.map((a) => ({ value: a, label: a }))]}
          />
        </Field>
        <TextField
          label="Type"
          inline
          value={filter.type}
          onChange={(e) => set({ type: e.target.value })}
          size={14}
        />
        <TextField
          label="Text"
          inline
          value={filter.text}
          onChange={(e) => set({ text: e.target.value })}
          size={14}
        />
        <Field label="Timeline" inline className={styles.scrubber}>
          <Slider
            min={0}
            max={Math.max(0, envelopes.length - 1)}
            value={Math.max(0, current)}
            disabled={envelopes.length === 0}
            aria-valuetext={envelopes[current] ? `seq ${envelopes[current].seq}` : 'no events'}
            onChange={(e) => onSelect(Number(e.target.value))}
          />
        </Field>
        <span>
          {shown.length} of {envelopes.length} events
        </span>
        {actions}
      </div>
      <div className={styles.body}>
        <EventList timeline={timeline} shown={shown} current={current} onSelect={onSelect} />
        <div className={styles.detail}>
          {envelopes.length === 0 ? (
            <p>No events recorded yet.</p>
          ) : (
            <EventDetail timeline={timeline} index={current} />
          )}
          <h3>Rejected commands ({rejected.length})</h3>
          {rejected.length === 0 ? (
            <p>No command was rejected.</p>
          ) : (
            <ul aria-label="Rejected commands">
              {rejected.map((r) => (
                <li key={r.seq}>
                  #{r.seq} {r.command}: {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}

function EventList({
  timeline,
  shown,
  current,
  onSelect,
}: {
  timeline: Timeline
  shown: ReadonlyArray<number>
  current: number
  onSelect: (index: number) => void
}) {
  const parent = useRef<HTMLDivElement>(null)
  // The virtualiser keeps its own mutable state; React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 600, height: 300 },
  })
  const listId = useId()
  if (shown.length === 0) return <p className={styles.list}>No event matches the filter.</p>
  // The list takes the focus (its scroll region is reached by keyboard); the arrows, Home and End
  // choose the event, scrolled into view and named by aria-activedescendant while it is drawn
  // (the list is virtualised: an id that is not drawn would name nothing).
  const at = shown.indexOf(current)
  const drawn = virtualizer.getVirtualItems().some((item) => item.index === at)
  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = shown.length - 1
    const to =
      e.key === 'ArrowDown'
        ? Math.min(last, at + 1)
        : e.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined
    if (to === undefined) return
    e.preventDefault()
    virtualizer.scrollToIndex(to)
    onSelect(shown[to]!)
  }
  return (
    <div ref={parent} className={styles.list}>
      <div
        role="listbox"
        aria-label="Events"
        tabIndex={0}
        aria-activedescendant={drawn ? `${listId}-${current}` : undefined}
        onKeyDown={keys}
        onFocus={() => {
          if (at >= 0 && !drawn) virtualizer.scrollToIndex(at)
        }}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const index = shown[item.index]!
          const e = timeline.envelopes[index]!
          return (
            <div
              key={item.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              aria-setsize={shown.length}
              aria-posinset={item.index + 1}
              className={styles.row}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              onClick={() => onSelect(index)}
            >
              <span className={styles.meta}>#{e.seq}</span>
              <span className={styles.meta}>{e.at.slice(11, 23)}</span>
              <span className={styles.meta}>{e.source}</span>
              <span className={styles.eventName} title={e.event.type}>
                {e.event.type}
              </span>
              <span className={styles.meta}>{e.corr}</span>
            </div>
          )
        })}
      </div>
    </div>
  )
}

function EventDetail({ timeline, index }: { timeline: Timeline; index: number }) {
  const e = timeline.envelopes[index]!
  const after = timeline.stateAt(index)
  const changes = useMemo(() => diffStates(timeline.stateAt(index - 1), after), [timeline, index, after])
  const [stateOpen, setStateOpen] = useState(false)
  return (
    <article aria-label={`Event ${e.seq}`}>
      <h3>
        #{e.seq} {e.event.type}
      </h3>
      <p>
        {e.at} · {e.source} · correlation {e.corr}
      </p>
      <h4>Data</h4>
      <pre aria-label="Event data">{JSON.stringify(e.event.data, null, 2)}</pre>
      <h4>Changes ({changes.length})</h4>
      {changes.length === 0 ? (
        <p>The state did not change.</p>
      ) : (
        <table className={styles.changes} aria-label="Changes">
          <thead>
            <tr>
              <th>path</th>
              <th>before</th>
              <th>after</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 200).map((c) => (
              <tr key={c.path}>
                <td>{c.path}</td>
                <td>{show(c.before)}</td>
                <td>{show(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details onToggle={(ev) => setStateOpen((ev.target as HTMLDetailsElement).open)}>
        <summary>State after #{e.seq}</summary>
        {stateOpen && <pre aria-label="State after">{JSON.stringify(after, null, 2)}</pre>}
      </details>
    </article>
  )
}
