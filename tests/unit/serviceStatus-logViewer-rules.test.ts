/**
 * The log viewer's rules a script sees (spec 001 section 4: refresh every N seconds, with pause
 * and resume): the refresh interval the platform names, within sane bounds, when the tail is
 * polled, and a failed load of the nodes or of a node's files, for the current choice only.
 */
import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppEvent } from '../../domain/app'
import { initialAppState } from '../../domain/app'
import { isLogLive, logRefreshSecs } from '../../domain/serviceStatus'
import { fakePorts } from '../support/fakePorts'

const viewerWith = (over: object) => ({ ...initialAppState.serviceStatus.logViewer, ...over })
const filesAt = (refreshRateSecs: number) => ({
  status: 'loaded' as const,
  value: { files: ['a.log'], refreshRateSecs },
})

describe('the refresh interval (spec 001 section 4)', () => {
  it('is the platform’s rate once the files are loaded, the fallback before', () => {
    expect(logRefreshSecs(viewerWith({ files: filesAt(7) }), 10)).toBe(7)
    expect(logRefreshSecs(viewerWith({ files: filesAt(1) }), 10)).toBe(1)
    expect(logRefreshSecs(viewerWith({ files: { status: 'loading' } }), 10)).toBe(10)
    expect(logRefreshSecs(viewerWith({ files: { status: 'idle' } }), 12)).toBe(12)
  })

  it('is the fallback for a rate under a second, none or endless, and at most an hour', () => {
    for (const rate of [0.5, 0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(logRefreshSecs(viewerWith({ files: filesAt(rate) }), 10), String(rate)).toBe(10)
    expect(logRefreshSecs(viewerWith({ files: filesAt(3600) }), 10)).toBe(3600)
    expect(logRefreshSecs(viewerWith({ files: filesAt(90_000) }), 10)).toBe(3600)
  })
})

describe('polling the tail', () => {
  const live = viewerWith({ open: true, visible: true, paused: false, file: 'a.log', files: filesAt(10) })

  it('polls an open, visible, running viewer with a file of the loaded ones', () => {
    expect(isLogLive(live)).toBe(true)
  })

  it('does not poll a hidden page, a paused log, no file, or files not loaded', () => {
    expect(isLogLive({ ...live, visible: false })).toBe(false)
    expect(isLogLive({ ...live, paused: true })).toBe(false)
    expect(isLogLive({ ...live, file: null })).toBe(false)
    expect(isLogLive({ ...live, files: { status: 'loading' } })).toBe(false)
    expect(isLogLive({ ...live, open: false })).toBe(false)
  })
})

describe('a failed load of the nodes or of the files', () => {
  const down = { kind: 'network', message: 'offline' } as const

  function openViewer() {
    const injected = new Subject<AppEvent>()
    const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    const viewer = () => app.getState().serviceStatus.logViewer
    const inject = (type: string, data: object) => injected.next({ type, data } as AppEvent)
    return { app, viewer, inject }
  }

  it('shows the nodes’ failure of the viewer’s own request, not of an older one', () => {
    const { app, viewer, inject } = openViewer()
    const selection = viewer().selection
    inject('serviceStatus/LogNodesLoadFailed', { selection: 'older', failure: down })
    expect(viewer().nodes).toEqual({ status: 'loading' })
    inject('serviceStatus/LogNodesLoadFailed', { selection, failure: down })
    expect(viewer().nodes).toEqual({ status: 'failed', failure: down })
    app.dispose()
  })

  it('shows the files’ failure of the node being loaded, not of an older choice', () => {
    const { app, viewer, inject } = openViewer()
    const selection = viewer().selection
    inject('serviceStatus/LogNodesLoaded', { selection, nodes: [{ product: 'jfrt', nodeId: 'n1' }] })
    expect(viewer().files).toEqual({ status: 'loading' })
    inject('serviceStatus/LogFilesLoadFailed', { selection: 'older', failure: down })
    expect(viewer().files).toEqual({ status: 'loading' })
    inject('serviceStatus/LogFilesLoadFailed', { selection, failure: down })
    expect(viewer().files).toEqual({ status: 'failed', failure: down })
    // A late answer after the failure changes nothing: the files are no longer being loaded.
    inject('serviceStatus/LogFilesLoadFailed', { selection, failure: { kind: 'timeout', message: 'late' } })
    expect(viewer().files).toEqual({ status: 'failed', failure: down })
    app.dispose()
  })

  it('a failure once the viewer is closed changes nothing', () => {
    const { app, viewer, inject } = openViewer()
    const selection = viewer().selection
    app.dispatch({ type: 'serviceStatus/CloseLogViewer' })
    const closed = viewer()
    inject('serviceStatus/LogNodesLoadFailed', { selection, failure: down })
    inject('serviceStatus/LogFilesLoadFailed', { selection, failure: down })
    expect(viewer()).toEqual(closed)
    app.dispose()
  })
})
