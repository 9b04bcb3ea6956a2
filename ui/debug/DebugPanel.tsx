/**
 * The debug panel (loaded when first opened): the live session's events, export of its log,
 * and import of a log into a read-only replay of the console at any of its events.
 */
import { useContext, useEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { logStateHash, readLog, type ImportedLog, type Timeline } from '../../domain/debug'
import { createReplayApp } from '../../commands/replayApp'
import type { App } from '../../commands/bus'
import { AppProvider, useApp, useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { FileField } from '../shared/kit/FileField'
import { Shell } from '../routes'
import { EventsView } from './EventsView'
import { downloadEventLog } from './exportLog'
import { ReplayModeContext } from '../shared/replayMode'
import styles from './debug.module.css'

interface Imported {
  readonly name: string
  readonly text: string
  readonly log: ImportedLog
}

/** The session a support bundle carries, when Support Zone asked to replay it (in memory by reference). */
function useBundleSession(): Imported | null {
  const app = useApp()
  const replay = useQuery({ type: 'supportBundles/Page' }).replay
  return useMemo(() => {
    const text = replay ? app.shown.sessions.get(replay.sessionRef) : undefined
    if (!replay || text === undefined) return null
    return { name: `the session of ${replay.name}`, text, log: readLog(text) }
  }, [app, replay])
}

export default function DebugPanel() {
  // A replayed session shows its page, not a second panel inside the first.
  if (useContext(ReplayModeContext)) return null
  return <OpenDebugPanel />
}

function OpenDebugPanel() {
  const dispatch = useDispatch()
  const bundleSession = useBundleSession()
  const [imported, setImported] = useState<Imported | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const importFile = async (file: File) => {
    const text = await file.text()
    const log = readLog(text)
    if (log.timeline.envelopes.length === 0) {
      setProblem(`${file.name} holds no event this build can read.`)
      return
    }
    setProblem(null)
    setImported({ name: file.name, text, log })
  }
  const importControl = (
    <FileField
      label="Import a log"
      inline
      buttonLabel="Choose a log"
      accept=".ndjson,application/x-ndjson,text/plain"
      resetAfterChoice
      onFile={(file) => {
        if (file) void importFile(file)
      }}
    />
  )
  if (imported) return <ReplayMode imported={imported} onLeave={() => setImported(null)} />
  if (bundleSession)
    return (
      <ReplayMode
        imported={bundleSession}
        onLeave={() => dispatch({ type: 'supportBundles/CloseSession' })}
      />
    )
  return (
    <aside className={styles.dock} aria-label="Debug tools">
      <LiveEvents importControl={importControl} />
      {problem && (
        <p role="alert" className={styles.problems}>
          {problem}
        </p>
      )}
    </aside>
  )
}

/** The live session's timeline: the exported log read once, then every new event appended. */
function useLiveTimeline(app: App): { timeline: Timeline; version: number } {
  const timeline = useMemo(() => readLog(app.exportLog()).timeline, [app])
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const envelopes = timeline.envelopes as Array<(typeof timeline.envelopes)[number]>
    const last = () => envelopes[envelopes.length - 1]?.seq ?? 0
    const subscription = app.events$.subscribe((e) => {
      if (e.seq <= last()) return
      envelopes.push(e)
      setVersion((v) => v + 1)
    })
    return () => subscription.unsubscribe()
  }, [app, timeline])
  return { timeline, version }
}

function LiveEvents({ importControl }: { importControl: React.ReactNode }) {
  const app = useApp()
  const dispatch = useDispatch()
  const { timeline, version } = useLiveTimeline(app)
  const [selected, setSelected] = useState<number | undefined>(undefined)
  // Both left out unless the user asks for them: the file may be shared with others.
  const [personalData, setPersonalData] = useState(true)
  const [serverLogs, setServerLogs] = useState(true)
  return (
    <EventsView
      title="Session events"
      timeline={timeline}
      version={version}
      selected={selected}
      onSelect={setSelected}
      actions={
        <>
          <fieldset className={styles.exportOptions}>
            <legend>
              The exported log holds every event of this session: what you did and what the platform answered.
            </legend>
            <Checkbox
              label="Leave out email addresses"
              checked={personalData}
              onCheckedChange={setPersonalData}
            />
            <Checkbox
              label="Leave out the contents of server log files"
              checked={serverLogs}
              onCheckedChange={setServerLogs}
            />
          </fieldset>
          <Button onClick={() => downloadEventLog(app, { personalData, serverLogs })}>
            Export event log
          </Button>
          {importControl}
          <Button variant="ghost" onClick={() => dispatch({ type: 'navigation/ToggleDebugPanel' })}>
            Close debug tools
          </Button>
        </>
      }
    />
  )
}

/** The imported session as the console showed it at the chosen event, read-only. */
function ReplayMode({ imported, onLeave }: { imported: Imported; onLeave: () => void }) {
  const { timeline, errors } = imported.log
  const last = timeline.envelopes.length - 1
  const [selected, setSelected] = useState(last)
  const replayApp = useMemo(
    () => createReplayApp(timeline.stateAt(last), imported.text),
    [timeline, last, imported.text],
  )
  useEffect(() => replayApp.show(timeline.stateAt(selected)), [replayApp, timeline, selected])
  useEffect(() => () => replayApp.dispose(), [replayApp])
  // The live console stays mounted underneath, out of reach until the user comes back.
  useEffect(() => {
    const root = document.getElementById('root')
    if (!root) return
    root.inert = true
    return () => {
      root.inert = false
    }
  }, [])
  const seq = timeline.envelopes[selected]?.seq
  // Hashed as a log's trailer hashes it, so the last event's is the trailer's.
  const hash = useMemo(() => logStateHash(timeline.stateAt(selected)), [timeline, selected])
  return createPortal(
    <div className={styles.replay} role="region" aria-label="Replay mode">
      <div className={styles.banner} role="status">
        <span>
          Replay of {imported.name} at seq {seq} of {timeline.envelopes[last]?.seq}
          {imported.log.app ? ` (version ${imported.log.app})` : ''}: read-only, not your live session. State{' '}
          <code>{hash}</code>
          {selected === last && imported.log.hashMatches !== undefined
            ? imported.log.hashMatches
              ? ', the state its log recorded.'
              : ', not the state its log recorded.'
            : '.'}
        </span>
        <Button onClick={onLeave}>Back to the live session</Button>
      </div>
      <div className={styles.replayPage}>
        <ReplayModeContext.Provider value={true}>
          <AppProvider app={replayApp}>
            <Shell />
          </AppProvider>
        </ReplayModeContext.Provider>
      </div>
      <div>
        {errors.length > 0 && (
          <ul className={styles.problems} aria-label="Problems in the imported log">
            {errors.slice(0, 20).map((e) => (
              <li key={`${e.line}:${e.message}`}>
                line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        )}
        <EventsView
          title="Imported events"
          timeline={timeline}
          version={0}
          selected={selected}
          onSelect={setSelected}
          actions={
            <>
              <Button disabled={selected <= 0} onClick={() => setSelected(selected - 1)}>
                Previous event
              </Button>
              <Button disabled={selected >= last} onClick={() => setSelected(selected + 1)}>
                Next event
              </Button>
            </>
          }
        />
      </div>
    </div>,
    document.body,
  )
}
