/**
 * The live log viewer's choices, as a script driving the viewer sees them (spec 001 section 4:
 * choose a product, node and file; refresh every N seconds with pause, resume and refresh now):
 * which commands record an event, which are refused and why, and what the viewer then holds.
 * Answers for an older choice, or once the viewer is closed, change nothing.
 */
import { describe, expect, it } from 'vitest'
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import type { CommandMeta } from '../../domain/shared/area'
import type { ServiceStatusCommand } from '../../domain/serviceStatus/commands'
import {
  LogChunkFailed,
  LogChunkReceived,
  LogFileChosen,
  LogFilesLoaded,
  LogNodesLoaded,
  LogViewChanged,
  LogViewerClosed,
  LogViewerOpened,
  type ServiceStatusEvent,
} from '../../domain/serviceStatus/events'
import { initialLogViewerState } from '../../domain/serviceStatus/initial'
import { decideLogViewer, evolveLogViewer } from '../../domain/serviceStatus/logViewer'
import type { LogViewerState } from '../../domain/serviceStatus/types'

type LogCommand = Parameters<typeof decideLogViewer>[0]
let ids = 0
const meta = (): CommandMeta => ({ now: '2026-12-05T01:00:00.000Z', id: `c${++ids}` })
const fold = (s: LogViewerState, events: ReadonlyArray<ServiceStatusEvent>) =>
  events.reduce(evolveLogViewer, s)

/** Sends a command to the viewer: its events folded in, and the decision. */
function send(s: LogViewerState, command: LogCommand | ServiceStatusCommand) {
  const decided: Either<string, ReadonlyArray<ServiceStatusEvent>> = decideLogViewer(
    command as LogCommand,
    s,
    meta(),
    false,
  )
  return {
    decided,
    events: isRight(decided) ? decided.right : [],
    state: isRight(decided) ? fold(s, decided.right) : s,
  }
}
const reason = (d: Either<string, unknown>) => (isLeft(d) ? d.left : 'accepted')
const sel = (s: LogViewerState) => s.selection

const NODES = [
  { product: 'jfrt', nodeId: 'art-1' },
  { product: 'jfrt', nodeId: 'art-2' },
  { product: 'jfxr', nodeId: 'xray-1' },
]

/** An open viewer with the nodes loaded and Artifactory's first node's files loaded. */
function withFiles(files = ['console.log', 'request.log']) {
  let s = send(initialLogViewerState, { type: 'serviceStatus/OpenLogViewer' }).state
  s = fold(s, [LogNodesLoaded({ selection: sel(s), nodes: NODES })])
  return fold(s, [LogFilesLoaded({ selection: sel(s), files, refreshRateSecs: 10 })])
}
const chunk = (
  s: LogViewerState,
  over: Partial<{ from: number; content: string; fileSize: number; lastUpdate: string }>,
) => ({
  type: 'serviceStatus/TakeLogChunk' as const,
  selection: sel(s),
  from: 0,
  content: '',
  fileSize: 0,
  lastUpdate: '1',
  ...over,
})

describe('the tail answers that are news', () => {
  it('records an empty answer of a file rotated to empty, even with its last update unchanged', () => {
    let s = withFiles()
    s = send(s, chunk(s, { content: 'started\n', fileSize: 8 })).state
    expect(s.tail.lines).toEqual(['started'])
    const rotated = send(s, chunk(s, { from: 8, fileSize: 0 }))
    expect(rotated.events.map((e) => e.type)).toEqual(['serviceStatus/LogChunkReceived'])
    // The lines shown stay; the tail reads the new file from its start.
    expect(rotated.state.tail).toMatchObject({ lines: ['started'], offset: 0, restarts: 1 })
  })

  it('records an idle file whose last update changed, and shows that update', () => {
    let s = withFiles()
    s = send(s, chunk(s, { content: 'a\n', fileSize: 2, lastUpdate: '1' })).state
    const touched = send(s, chunk(s, { from: 2, fileSize: 2, lastUpdate: '2' }))
    expect(touched.events).toHaveLength(1)
    expect(touched.state.lastUpdate).toBe('2')
    expect(send(touched.state, chunk(s, { from: 2, fileSize: 2, lastUpdate: '2' })).events).toEqual([])
  })

  it('an empty answer after a failure is news: it clears the failure', () => {
    let s = withFiles()
    s = fold(s, [LogChunkFailed({ selection: sel(s), failure: { kind: 'timeout', message: 'slow' } })])
    expect(s.tailFailure).not.toBeNull()
    const again = send(s, chunk(s, { lastUpdate: s.lastUpdate ?? '1' }))
    expect(again.events).toHaveLength(1)
    expect(again.state.tailFailure).toBeNull()
  })
})

describe('the choices a script makes', () => {
  it('flags a change of service once', () => {
    const s = withFiles()
    const flagged = send(s, { type: 'serviceStatus/FlagLogServiceChange' })
    expect(flagged.events).toHaveLength(1)
    expect(send(flagged.state, { type: 'serviceStatus/FlagLogServiceChange' }).events).toEqual([])
  })

  it('choosing the product shown again records nothing, with or without a flagged change', () => {
    const s = withFiles()
    expect(send(s, { type: 'serviceStatus/ChooseLogProduct', product: 'jfrt' }).decided).toEqual({
      _tag: 'Right',
      right: [],
    })
  })

  it('refuses a product no node runs, and takes one that runs, once the change is flagged', () => {
    const s = send(withFiles(), { type: 'serviceStatus/FlagLogServiceChange' }).state
    expect(reason(send(s, { type: 'serviceStatus/ChooseLogProduct', product: 'jfds' }).decided)).toBe(
      'no node runs the product jfds',
    )
    const xray = send(s, { type: 'serviceStatus/ChooseLogProduct', product: 'jfxr' }).state
    expect([xray.product, xray.node, xray.files.status]).toEqual(['jfxr', 'xray-1', 'loading'])
  })

  it('choosing the node shown again keeps its files and tail; a node of another product is refused', () => {
    let s = withFiles()
    s = send(s, chunk(s, { content: 'kept\n', fileSize: 5 })).state
    const same = send(s, { type: 'serviceStatus/ChooseLogNode', nodeId: 'art-1' })
    expect(same.events).toEqual([])
    expect([same.state.files.status, same.state.tail.lines]).toEqual(['loaded', ['kept']])
    expect(reason(send(s, { type: 'serviceStatus/ChooseLogNode', nodeId: 'xray-1' }).decided)).toBe(
      'xray-1 does not run this product',
    )
    const other = send(s, { type: 'serviceStatus/ChooseLogNode', nodeId: 'art-2' }).state
    expect([other.node, other.files.status, other.tail.lines]).toEqual(['art-2', 'loading', []])
  })

  it('choosing the file shown again keeps its tail; another file starts an empty one', () => {
    let s = withFiles()
    s = send(s, chunk(s, { content: 'kept\n', fileSize: 5 })).state
    const same = send(s, { type: 'serviceStatus/ChooseLogFile', file: 'console.log' })
    expect(same.events).toEqual([])
    expect(same.state.tail.lines).toEqual(['kept'])
    const other = send(s, { type: 'serviceStatus/ChooseLogFile', file: 'request.log' })
    expect([other.state.file, other.state.tail.lines]).toEqual(['request.log', []])
    expect(reason(send(s, { type: 'serviceStatus/ChooseLogFile', file: 'gone.log' }).decided)).toBe(
      'gone.log is not a log file of this node',
    )
  })

  it('says why pause, resume and refresh now are refused, and counts each refresh', () => {
    const s = withFiles()
    expect(reason(send(s, { type: 'serviceStatus/ResumeLog' }).decided)).toBe('the log is not paused')
    const paused = send(s, { type: 'serviceStatus/PauseLog' }).state
    expect(reason(send(paused, { type: 'serviceStatus/PauseLog' }).decided)).toBe('the log is already paused')
    const once = send(s, { type: 'serviceStatus/RefreshLogNow' })
    expect(once.events.map((e) => e.type)).toEqual(['serviceStatus/LogRefreshRequested'])
    const twice = send(once.state, { type: 'serviceStatus/RefreshLogNow' }).state
    expect(twice.refreshes - s.refreshes).toBe(2)
    const noFile = fold(initialLogViewerState, [LogViewerOpened({ selection: 'o', highAvailability: false })])
    expect(reason(send(noFile, { type: 'serviceStatus/RefreshLogNow' }).decided)).toBe(
      'no log file is chosen',
    )
  })

  it('takes a search of 200 characters, refuses 201, and records a change of wrap or levels alone', () => {
    const s = withFiles()
    const view = { levels: [], search: 'x'.repeat(200), wrap: true }
    expect(send(s, { type: 'serviceStatus/SetLogView', view }).events).toHaveLength(1)
    expect(
      reason(
        send(s, { type: 'serviceStatus/SetLogView', view: { ...view, search: 'x'.repeat(201) } }).decided,
      ),
    ).toBe('a search is at most 200 characters')
    const unwrapped = send(s, {
      type: 'serviceStatus/SetLogView',
      view: { levels: [], search: '', wrap: false },
    })
    expect(unwrapped.state.view).toEqual({ levels: [], search: '', wrap: false })
    const errors = send(s, {
      type: 'serviceStatus/SetLogView',
      view: { levels: ['ERROR'], search: '', wrap: true },
    })
    expect(errors.state.view?.levels).toEqual(['ERROR'])
  })

  it('records a change of visibility only', () => {
    const s = withFiles()
    expect(send(s, { type: 'serviceStatus/SetLogVisibility', visible: s.visible }).events).toEqual([])
    expect(send(s, { type: 'serviceStatus/SetLogVisibility', visible: !s.visible }).state.visible).toBe(
      !s.visible,
    )
  })
})

describe('what the viewer holds when nodes and files load', () => {
  const open = () => send(initialLogViewerState, { type: 'serviceStatus/OpenLogViewer' }).state

  it('opens on the only product running when Artifactory has no node', () => {
    const s = open()
    const xray = fold(s, [LogNodesLoaded({ selection: sel(s), nodes: [{ product: 'jfxr', nodeId: 'x1' }] })])
    expect([xray.product, xray.node, xray.files.status]).toEqual(['jfxr', 'x1', 'loading'])
  })

  it('with no node at all stays on Artifactory, with no node and no files asked', () => {
    const s = open()
    const none = fold(s, [LogNodesLoaded({ selection: sel(s), nodes: [] })])
    expect([none.product, none.node, none.files]).toEqual(['jfrt', null, { status: 'idle' }])
  })

  it('keeps at most 500 nodes and 200 files', () => {
    const s = open()
    const nodes = Array.from({ length: 501 }, (_, i) => ({ product: 'jfrt', nodeId: `n${i}` }))
    const loaded = fold(s, [LogNodesLoaded({ selection: sel(s), nodes })])
    expect(loaded.nodes.status === 'loaded' && loaded.nodes.value).toHaveLength(500)
    const files = Array.from({ length: 201 }, (_, i) => `f${i}.log`)
    const listed = fold(loaded, [LogFilesLoaded({ selection: sel(loaded), files, refreshRateSecs: 10 })])
    expect(listed.files.status === 'loaded' && listed.files.value.files).toHaveLength(200)
  })

  it("ignores answers for an older choice: nodes, files and the tail's", () => {
    const s = open()
    const stale = fold(s, [LogNodesLoaded({ selection: 'older', nodes: NODES })])
    expect(stale.nodes).toEqual({ status: 'loading' })
    const loaded = fold(s, [LogNodesLoaded({ selection: sel(s), nodes: NODES })])
    expect(
      fold(loaded, [LogFilesLoaded({ selection: 'older', files: ['a.log'], refreshRateSecs: 1 })]).files,
    ).toEqual({
      status: 'loading',
    })
    const shown = withFiles()
    const chunkOf = (selection: string) =>
      LogChunkReceived({ selection, from: 0, content: 'x\n', fileSize: 2, lastUpdate: '9' })
    expect(fold(shown, [chunkOf('older')]).tail).toEqual(shown.tail)
    expect(fold(shown, [chunkOf(sel(shown))]).tail.lines).toEqual(['x'])
    expect(
      fold(shown, [LogChunkFailed({ selection: 'older', failure: { kind: 'network', message: 'down' } })])
        .tailFailure,
    ).toBeNull()
  })

  it('a second answer to the files asked keeps the first', () => {
    const s = withFiles(['console.log'])
    const again = fold(s, [LogFilesLoaded({ selection: sel(s), files: ['other.log'], refreshRateSecs: 1 })])
    expect(again.files).toEqual(s.files)
    expect(again.file).toBe('console.log')
  })

  it('a closed viewer stays as closed whatever event of the viewer comes after', () => {
    const s = withFiles()
    const closed = fold(s, [LogViewerClosed({})])
    expect(closed).toEqual(initialLogViewerState)
    const late: ServiceStatusEvent[] = [
      LogNodesLoaded({ selection: '', nodes: NODES }),
      LogFilesLoaded({ selection: '', files: ['a.log'], refreshRateSecs: 1 }),
      LogFileChosen({ selection: 'later', file: 'a.log' }),
      LogChunkReceived({ selection: '', from: 0, content: 'x\n', fileSize: 2, lastUpdate: '9' }),
      LogChunkFailed({ selection: '', failure: { kind: 'network', message: 'down' } }),
      LogViewChanged({ view: { levels: ['ERROR'], search: '', wrap: true } }),
      { type: 'serviceStatus/LogProductChosen', data: { selection: 'later', product: 'jfxr' } },
    ] as ServiceStatusEvent[]
    for (const event of late)
      expect(evolveLogViewer(closed, event), event.type).toEqual(initialLogViewerState)
  })
})
