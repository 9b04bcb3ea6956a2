// The live log viewer (System Logs): choose a product, a node and a file, and read the file as
// it grows. Polling lives in the serviceStatus effects; this view only renders the state.
import { whatHappened } from '../shared/failureText'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  availableLogProducts,
  DEFAULT_LOG_REFRESH_SECS,
  LOG_PRODUCTS,
  logNodesOf,
  logRefreshSecs,
  defaultLogView,
  LOG_LEVELS,
  logLinesOf,
  MAX_LOG_LINES,
  MAX_LOG_SEARCH,
  searchParts,
  shownLogLines,
  type LogLevel,
  type LogLine,
  type LogView,
  type LogViewerState,
} from '../../domain/serviceStatus'
import { useDispatch, useQuery } from '../shared/appContext'
import { ArrowDownToLine, Download, Pause, Play, RefreshCw, Search } from 'lucide-react'
import { Button, IconButton } from '../shared/kit/Button'
import { Field, inputClass } from '../shared/kit/Field'
import { Switch } from '../shared/kit/Switch'
import { counted } from '../../domain/shared/plural'
import { Select as KitSelect } from '../shared/kit/Select'
import { PageHeader, Skeleton } from '../shared/kit/Surface'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { formatDateTime, formatLogTime } from '../shared/dates'
import kit from '../shared/kit/page.module.css'
import styles from './logViewer.module.css'

// Within this many pixels of the bottom counts as "at the end": new text keeps it there.
const AT_END_SLACK_PX = 8

const productName = (key: string) => LOG_PRODUCTS.find((p) => p.key === key)?.name ?? key

const LEVEL_NAMES: Readonly<Record<LogLevel, string>> = {
  ERROR: 'Error',
  WARN: 'Warning',
  INFO: 'Info',
  DEBUG: 'Debug',
}
const LINES = { one: 'line', other: 'lines' }

/** A text with each occurrence of the search marked. */
function Highlighted({ text, search }: { text: string; search: string }) {
  return (
    <>
      {searchParts(text, search).map((p, i) =>
        p.match ? (
          <mark key={i} className={styles.match}>
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  )
}

/**
 * Scrolls the log to its end with its first line shown whole: a wrapped line cut by the top
 * edge showed its last words alone, without its time. Then the end is that line's end, with
 * room under the last line (less than a line's height).
 */
function startOnALine(log: HTMLElement) {
  log.style.paddingBottom = ''
  log.scrollTop = log.scrollHeight
  const top = log.scrollTop
  for (let line = log.lastElementChild as HTMLElement | null; line;) {
    if (line.offsetTop <= top) {
      const end = line.offsetTop + line.offsetHeight
      if (line.offsetTop < top && end > top) {
        log.style.paddingBottom = `${end - top}px`
        log.scrollTop = end
      }
      return
    }
    line = line.previousElementSibling as HTMLElement | null
  }
}

/**
 * The log's lines in columns (time, level, node, message), as text (never HTML), kept at its
 * end unless the user scrolled up to read; then a Scroll to end floats over the log's corner,
 * as in a chat or a CI log.
 */
function LogLines({ lines, file, view }: { lines: ReadonlyArray<LogLine>; file: string; view: LogView }) {
  const ref = useRef<HTMLDivElement>(null)
  const [follow, setFollow] = useState(true)
  useLayoutEffect(() => {
    const log = ref.current
    if (!log || !follow) return
    const toEnd = () => startOnALine(log)
    toEnd()
    // A narrower or shorter box wraps and cuts other lines.
    const resized = new ResizeObserver(toEnd)
    resized.observe(log)
    return () => resized.disconnect()
  }, [lines, follow, view.wrap])
  return (
    <div className={styles.frame}>
      <div
        ref={ref}
        role="log"
        aria-label={`Content of ${file}`}
        tabIndex={0}
        className={styles.log}
        data-wrap={view.wrap ? '' : undefined}
        onScroll={(e) => {
          const log = e.currentTarget
          setFollow(log.scrollTop + log.clientHeight >= log.scrollHeight - AT_END_SLACK_PX)
        }}
      >
        {lines.map((line, i) => (
          <div key={i} className={styles.line} data-level={line.level ?? undefined}>
            {line.time !== null && (
              <span className={styles.time} title={formatDateTime(line.time)}>
                {formatLogTime(line.time)}
              </span>
            )}
            {line.level !== null && <span className={styles.level}>{line.level}</span>}
            {line.node !== null && <span className={styles.node}>{line.node}</span>}
            <span className={styles.message} title={view.wrap ? undefined : line.message}>
              <Highlighted text={line.message} search={view.search} />
            </span>
          </div>
        ))}
      </div>
      {/* Only once the reader has scrolled up: following the end needs no button. */}
      {!follow && (
        <div className={styles.jump}>
          <span className={styles.meta}>New lines keep coming; scrolling stays where you are.</span>
          <Button
            size="sm"
            icon={<ArrowDownToLine size={16} aria-hidden />}
            onClick={() => {
              setFollow(true)
              // The button goes once at the end: the focus goes to the log rather than be lost.
              ref.current?.focus()
              if (ref.current) ref.current.scrollTop = ref.current.scrollHeight
            }}
          >
            Scroll to end
          </Button>
        </div>
      )}
    </div>
  )
}

/** Level filter, search, wrapping and the download of what is shown. */
function LogToolbar({ view, shown, file }: { view: LogView; shown: ReadonlyArray<LogLine>; file: string }) {
  const dispatch = useDispatch()
  const set = (change: Partial<LogView>) =>
    dispatch({ type: 'serviceStatus/SetLogView', view: { ...view, ...change } })
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Log view">
      <div className={styles.levels} role="group" aria-label="Levels">
        {LOG_LEVELS.map((level) => {
          const on = view.levels.includes(level)
          return (
            <button
              key={level}
              type="button"
              aria-pressed={on}
              className={styles.levelToggle}
              data-level={level}
              onClick={() =>
                set({ levels: on ? view.levels.filter((l) => l !== level) : [...view.levels, level] })
              }
            >
              {LEVEL_NAMES[level]}
            </button>
          )
        })}
      </div>
      <label className={styles.search}>
        <Search size={16} aria-hidden />
        <span className={kit.srOnly}>Search the log</span>
        <input
          type="search"
          className={inputClass}
          value={view.search}
          maxLength={MAX_LOG_SEARCH}
          placeholder="Search the log"
          onChange={(e) => set({ search: e.currentTarget.value })}
        />
      </label>
      <Switch label="Wrap lines" checked={view.wrap} onCheckedChange={(wrap) => set({ wrap })} />
      <span className={styles.meta} aria-live="polite">
        {counted(shown.length, LINES)} shown
      </span>
      {/* An icon button: the toolbar keeps one row at 1024 px; its name and tooltip say what it saves. */}
      <IconButton
        variant="secondary"
        size="sm"
        icon={<Download size={16} aria-hidden />}
        label="Download shown lines"
        disabled={shown.length === 0}
        onClick={() => downloadLines(shown, file)}
      />
    </div>
  )
}

/** What is shown, as written, one line each, saved under the file's name. */
function downloadLines(lines: ReadonlyArray<LogLine>, file: string) {
  const blob = new Blob([lines.map((l) => `${l.raw}\n`).join('')], { type: 'text/plain' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = file.replace(/\.log$/, '') + '-shown.log'
  a.click()
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

function Select(props: {
  label: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string) => void
  disabled?: boolean
}) {
  return (
    <Field label={props.label} className={styles.field}>
      <KitSelect
        className={styles.select}
        value={props.value}
        disabled={props.disabled === true || props.options.length === 0}
        onValueChange={props.onChange}
        options={props.options}
      />
    </Field>
  )
}

function LogBody({ s }: { s: LogViewerState }): ReactNode {
  const dispatch = useDispatch()
  const shown = useMemo(() => shownLogLines(logLinesOf(s.tail), s.view ?? defaultLogView), [s.tail, s.view])
  if (s.nodes.status === 'idle' || s.nodes.status === 'loading') return <LogSkeleton label="Loading nodes…" />
  if (s.nodes.status === 'failed')
    return (
      <LoadFailure
        message={`The nodes could not be loaded: ${whatHappened(s.nodes.failure)}.`}
        onRetry={() => dispatch({ type: 'serviceStatus/OpenLogViewer' })}
      />
    )
  if (s.node === null) return <p className={styles.note}>No node runs {productName(s.product)}.</p>
  if (s.files.status === 'idle' || s.files.status === 'loading')
    return <LogSkeleton label="Loading log files…" />
  if (s.files.status === 'failed')
    return (
      <LoadFailure
        message={`The log files of ${s.node} could not be loaded: ${whatHappened(s.files.failure)}.`}
        onRetry={() => dispatch({ type: 'serviceStatus/OpenLogViewer' })}
      />
    )
  if (s.file === null)
    return (
      <p className={styles.note}>
        {s.node} has no log files for {productName(s.product)}.
      </p>
    )
  const received = s.lastUpdate !== null
  const view = s.view ?? defaultLogView
  return (
    <>
      {s.tailFailure && (
        <FailureNote>
          The log could not be read: {whatHappened(s.tailFailure)}.{' '}
          {s.paused ? '' : 'It is read again at the next refresh.'}
        </FailureNote>
      )}
      {!received && !s.tailFailure && <LogSkeleton label="Loading the log…" />}
      {received && s.tail.lines.length === 0 && s.tail.partial === '' && (
        <p className={styles.note}>The file is empty.</p>
      )}
      {s.tail.dropped > 0 && (
        <p className={styles.meta}>
          Showing the last {MAX_LOG_LINES} lines; {s.tail.dropped} earlier lines are not kept.
        </p>
      )}
      <LogToolbar view={view} shown={shown} file={s.file} />
      {shown.length === 0 && received && !(s.tail.lines.length === 0 && s.tail.partial === '') && (
        <p className={styles.note}>No line matches the levels and search chosen.</p>
      )}
      <LogLines lines={shown} file={s.file} view={view} />
    </>
  )
}

export function LogViewerPage() {
  const s = useQuery({ type: 'serviceStatus/LogViewer' })
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'serviceStatus/OpenLogViewer' })
    const onVisibility = () =>
      dispatch({ type: 'serviceStatus/SetLogVisibility', visible: document.visibilityState !== 'hidden' })
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      dispatch({ type: 'serviceStatus/CloseLogViewer' })
    }
  }, [dispatch])

  const nodes = s.nodes.status === 'loaded' ? s.nodes.value : []
  const products = availableLogProducts(nodes)
  const files = s.files.status === 'loaded' ? s.files.value.files : []
  const seconds = logRefreshSecs(s, DEFAULT_LOG_REFRESH_SECS)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="System Logs Viewer"
        description="The log files of each service's nodes, read as they are written."
        // Pause and Refresh now act on the log, as Refresh does on Service Status and Topology:
        // the page's actions, so the choices' card holds the three choices on one row at 1024 px.
        actions={
          <>
            <Button
              icon={s.paused ? <Play size={16} aria-hidden /> : <Pause size={16} aria-hidden />}
              disabled={s.file === null}
              onClick={() =>
                dispatch({ type: s.paused ? 'serviceStatus/ResumeLog' : 'serviceStatus/PauseLog' })
              }
            >
              {s.paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              icon={<RefreshCw size={16} aria-hidden />}
              disabled={s.file === null}
              onClick={() => dispatch({ type: 'serviceStatus/RefreshLogNow' })}
            >
              Refresh now
            </Button>
          </>
        }
      />
      <div className={styles.controls}>
        <Select
          label="Product"
          value={s.product}
          options={products.map((p) => ({ value: p.key, label: p.name }))}
          onChange={(product) => {
            dispatch({ type: 'serviceStatus/FlagLogServiceChange' })
            dispatch({ type: 'serviceStatus/ChooseLogProduct', product })
          }}
        />
        <Select
          label="Node"
          value={s.node ?? ''}
          options={logNodesOf(nodes, s.product).map((n) => ({ value: n, label: n }))}
          onChange={(nodeId) => dispatch({ type: 'serviceStatus/ChooseLogNode', nodeId })}
        />
        <Select
          label="File"
          value={s.file ?? ''}
          options={files.map((f) => ({ value: f, label: f }))}
          onChange={(file) => dispatch({ type: 'serviceStatus/ChooseLogFile', file })}
        />
      </div>
      {s.file !== null && (
        <p className={styles.meta} role="status" aria-label="Log refresh">
          {s.paused ? 'Paused.' : `Refreshing every ${seconds} seconds.`}
          {s.lastUpdate !== null && ` File last written ${formatDateTime(s.lastUpdate)}.`}
        </p>
      )}
      <LogBody s={s} />
    </section>
  )
}

/** Grey lines in the shape of a log while it (or what it needs) loads. */
function LogSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={styles.skeleton}>
      <span className={kit.srOnly}>{label}</span>
      {['90%', '75%', '82%', '60%', '88%', '70%'].map((w, i) => (
        <Skeleton key={i} width={w} height="0.8rem" />
      ))}
    </div>
  )
}
