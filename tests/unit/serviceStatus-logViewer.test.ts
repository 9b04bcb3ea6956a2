/** The log viewer through the real bus: choosing, tailing by offset, pausing and stopping. */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { left } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { fakePorts } from '../support/fakePorts'
import { fakeLogPlatform, topologyNode } from '../support/fakeServiceStatusApi'
import { platformWith } from '../support/fixtures'
import { usesHighAvailability } from '../../domain/serviceStatus'
import { timeTo as waitTimeTo } from '../support/wait'

function setup(licenseType?: string) {
  const api = fakeLogPlatform([
    topologyNode(),
    topologyNode({ nodeId: 'node-2' }),
    topologyNode({ nodeId: 'node-3', status: 'Offline' }),
    topologyNode({ serviceId: 'jfxr@01', serviceType: 'xray' }),
  ])
  api.append('jfrt', 'node-1', 'artifactory-request.log', 'GET /a 200\n')
  api.append('jfrt', 'node-1', 'artifactory-service.log', 'started\n')
  api.append('jfrt', 'node-2', 'artifactory-request.log', 'node two\n')
  api.append('jfxr', 'node-1', 'xray-request.log', 'xray line\n')
  const scheduler = new VirtualTimeScheduler()
  const app = createApp({
    ports: fakePorts({ serviceStatusApi: api, scheduler }),
    ...(licenseType === undefined ? {} : { seed: [platformWith([], licenseType)] }),
  })
  const timeTo = (ms: number) => waitTimeTo(scheduler, ms)
  const viewer = () => app.getState().serviceStatus.logViewer
  return { api, app, timeTo, viewer }
}

describe('log viewer effects', () => {
  it('opens on Artifactory, its first Online node and its first file, and reads it at once', async () => {
    const { app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    expect(viewer().product).toBe('jfrt')
    const nodes = viewer().nodes
    expect(nodes.status === 'loaded' ? nodes.value : nodes).toEqual([
      { product: 'jfrt', nodeId: 'node-1' },
      { product: 'jfrt', nodeId: 'node-2' },
      { product: 'jfxr', nodeId: 'node-1' },
    ])
    expect(viewer().node).toBe('node-1')
    expect(viewer().file).toBe('artifactory-request.log')
    expect(viewer().tail.lines).toEqual(['GET /a 200'])
  })

  it('reads the per-node status for a high-availability licence, the service status otherwise', async () => {
    const expected = [
      { product: 'jfrt', nodeId: 'node-1' },
      { product: 'jfrt', nodeId: 'node-2' },
      { product: 'jfxr', nodeId: 'node-1' },
    ]
    for (const [licence, call] of [
      ['Enterprise+', '/system/status/nodes'],
      ['ENTERPRISE_PLUS_TRIAL', '/system/status/nodes'],
      ['Enterprise', '/system/status/nodes'],
      ['Pro', '/system/status/ha'],
      ['N/A', '/system/status/ha'],
    ] as const) {
      const { api, app, timeTo, viewer } = setup(licence)
      app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
      await timeTo(0)
      expect(api.statusCalls, licence).toEqual([call])
      // Either way the viewer lists the serving nodes only (node-3 is Offline, UNHEALTHY).
      const nodes = viewer().nodes
      expect(nodes.status === 'loaded' ? nodes.value : nodes, licence).toEqual(expected)
      expect(viewer().tail.lines, licence).toEqual(['GET /a 200'])
    }
    expect(usesHighAvailability(undefined)).toBe(false)
    expect(usesHighAvailability(' enterprise plus ')).toBe(true)
    expect(usesHighAvailability('Edge')).toBe(false)
  })

  it('polls at the refresh interval from the offset reached, appending only new text', async () => {
    const { api, app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    api.append('jfrt', 'node-1', 'artifactory-request.log', 'GET /b 200\n')
    await timeTo(9_999)
    expect(viewer().tail.lines).toEqual(['GET /a 200'])
    await timeTo(10_000)
    expect(viewer().tail.lines).toEqual(['GET /a 200', 'GET /b 200'])
    expect(api.dataCalls.map((c) => c.fileSize)).toEqual([0, 11])
    await timeTo(20_000)
    expect(api.dataCalls.map((c) => c.fileSize)).toEqual([0, 11, 22])
    expect(viewer().tail.lines).toEqual(['GET /a 200', 'GET /b 200'])
    // Polls that bring nothing new record nothing.
    const chunks = () =>
      app
        .exportLog()
        .split('\n')
        .filter((l) => l.includes('serviceStatus/LogChunkReceived')).length
    const before = chunks()
    for (let t = 30_000; t <= 60_000; t += 10_000) await timeTo(t)
    expect(api.dataCalls).toHaveLength(7)
    expect(chunks()).toBe(before)
    // An answer for a file no longer shown says nothing either, and is not refused.
    const rejected = app.getState().bus.rejected
    app.dispatch({
      type: 'serviceStatus/TakeLogChunk',
      selection: 'an earlier file',
      from: 0,
      content: 'late\n',
      fileSize: 5,
      lastUpdate: 'later',
    })
    expect(chunks()).toBe(before)
    expect(app.getState().bus.rejected).toBe(rejected)
  })

  it('pause stops polling, resume and refresh-now read at once', async () => {
    const { api, app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    app.dispatch({ type: 'serviceStatus/PauseLog' })
    api.append('jfrt', 'node-1', 'artifactory-request.log', 'GET /c 200\n')
    await timeTo(60_000)
    expect(api.dataCalls).toHaveLength(1)
    app.dispatch({ type: 'serviceStatus/ResumeLog' })
    await timeTo(60_000)
    expect(api.dataCalls).toHaveLength(2)
    expect(viewer().tail.lines.at(-1)).toBe('GET /c 200')
    app.dispatch({ type: 'serviceStatus/RefreshLogNow' })
    await timeTo(60_000)
    expect(api.dataCalls).toHaveLength(3)
  })

  it('stops when the page is hidden or left, and leaving resets to Artifactory', async () => {
    const { api, app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    app.dispatch({ type: 'serviceStatus/SetLogVisibility', visible: false })
    await timeTo(100_000)
    expect(api.dataCalls).toHaveLength(1)
    app.dispatch({ type: 'serviceStatus/SetLogVisibility', visible: true })
    await timeTo(100_000)
    expect(api.dataCalls).toHaveLength(2)
    app.dispatch({ type: 'serviceStatus/FlagLogServiceChange' })
    app.dispatch({ type: 'serviceStatus/ChooseLogProduct', product: 'jfxr' })
    await timeTo(100_000)
    expect(viewer().tail.lines).toEqual(['xray line'])
    app.dispatch({ type: 'serviceStatus/CloseLogViewer' })
    await timeTo(1_000_000)
    expect(api.dataCalls).toHaveLength(3)
    expect(viewer().product).toBe('jfrt')
    expect(viewer().nodes.status).toBe('idle')
  })

  it('spec 001: a product change is accepted only once a service change was flagged, and only once', async () => {
    const { app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    app.dispatch({ type: 'serviceStatus/ChooseLogProduct', product: 'jfxr' })
    expect(viewer().product).toBe('jfrt')
    expect(app.exportLog()).toContain('a product change needs a flagged service change')
    app.dispatch({ type: 'serviceStatus/FlagLogServiceChange' })
    app.dispatch({ type: 'serviceStatus/ChooseLogProduct', product: 'jfxr' })
    expect(viewer().product).toBe('jfxr')
    // The flag is spent by the change it allowed.
    app.dispatch({ type: 'serviceStatus/ChooseLogProduct', product: 'jfrt' })
    expect(viewer().product).toBe('jfxr')
  })

  it('a new node or file starts a new tail from offset 0; unknown choices are rejected', async () => {
    const { api, app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    app.dispatch({ type: 'serviceStatus/ChooseLogFile', file: 'artifactory-service.log' })
    await timeTo(0)
    expect(viewer().tail.lines).toEqual(['started'])
    app.dispatch({ type: 'serviceStatus/ChooseLogNode', nodeId: 'node-2' })
    await timeTo(0)
    expect(viewer().tail.lines).toEqual(['node two'])
    expect(api.dataCalls.map((c) => [c.nodeId, c.file, c.fileSize])).toEqual([
      ['node-1', 'artifactory-request.log', 0],
      ['node-1', 'artifactory-service.log', 0],
      ['node-2', 'artifactory-request.log', 0],
    ])
    app.dispatch({ type: 'serviceStatus/ChooseLogNode', nodeId: 'node-3' })
    app.dispatch({ type: 'serviceStatus/ChooseLogFile', file: '../../etc/passwd' })
    const rejected = app
      .exportLog()
      .split('\n')
      .filter((l) => l.includes('bus/CommandRejected'))
    expect(rejected).toHaveLength(2)
    expect(viewer().node).toBe('node-2')
  })

  it('a failed read is shown and the next successful read clears it', async () => {
    const { api, app, timeTo, viewer } = setup()
    app.dispatch({ type: 'serviceStatus/OpenLogViewer' })
    await timeTo(0)
    api.fail.logData = left({ kind: 'status', status: 500, message: 'disk gone' })
    await timeTo(10_000)
    expect(viewer().tailFailure?.message).toBe('disk gone')
    delete api.fail.logData
    await timeTo(20_000)
    expect(viewer().tailFailure).toBeNull()
  })
})
