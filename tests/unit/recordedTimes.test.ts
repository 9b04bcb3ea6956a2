/**
 * An event's time is its envelope's (no stored derivables): `notifications/Shown` v3,
 * `navigation/Denied` v2, `session/IdentitySet` v2, `serviceStatus/TopologyLoaded` v2, `tour/Ended`
 * v2 and `supportBundles/CreationStarted` v2 carry no `at` of their own; evolve stamps the state
 * with the envelope's. Two logs of earlier builds (tests/fixtures/logs/moved/, the bus with fake
 * ports and a clock that moves a millisecond at every read, as a browser's does between deciding
 * and recording) have each `at` a millisecond or more before its envelope's:
 * - toastTimesInEvents.ndjson (at 7394508): a developer refused an admin page (Denied v1, its
 *   toast), then a toast shown by command (Shown v2);
 * - timesInEvents.ndjson (at 7b65b71): an admin's identity set and topology loaded (seeded as
 *   their effects recorded them), the tour finished and a support bundle started.
 * Those times are hashed state, so the upcasters keep them as `recordedAt` and each log replays
 * strictly to its trailer.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { createApp } from '../../composition/createApp'
import type { AppState } from '../../domain/app'
import { fakePorts } from '../support/fakePorts'
import { startedAs } from '../support/fixtures'
import { topologyNode } from '../support/fakeServiceStatusApi'
import { foldEvents, recordedAt } from '../support/decider'
import { IdentitySet } from '../../domain/session/events'
import { TopologyLoaded, TopologyRequested } from '../../domain/serviceStatus/events'

type Line = { at: string; type: string; v: number; data: { at?: string } }

function moved(file: string) {
  const text = readFileSync(join(import.meta.dirname, '../fixtures/logs/moved', file), 'utf8')
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line)
  const of = (type: string) => lines.find((l) => l.type === type)!
  return { text, of }
}

/** Each event type, its version in the log, and where the state keeps its time. */
function replaysWithRecordedTimes(
  file: string,
  times: ReadonlyArray<readonly [type: string, v: number, kept: (state: AppState) => unknown]>,
) {
  const { text, of } = moved(file)
  it('is of an earlier build: its events carry an `at` before their envelope’s', () => {
    for (const [type, v] of times) {
      const line = of(type)
      expect(line.v, type).toBe(v)
      expect(Date.parse(line.at) - Date.parse(line.data.at!), type).toBeGreaterThan(0)
    }
  })

  it('replays strictly to its trailer’s hash, the state keeping the times the events recorded', () => {
    const result = replayLog(text)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    for (const [type, , kept] of times) expect(kept(result.state), type).toBe(of(type).data.at)
  })
}

describe('a log whose toasts’ times are in their events', () => {
  replaysWithRecordedTimes('toastTimesInEvents.ndjson', [
    ['navigation/Denied', 1, (s) => s.notifications.toasts[0]?.at],
    ['notifications/Shown', 2, (s) => s.notifications.toasts[1]?.at],
  ])
})

describe('a log whose identity, topology, tour and bundle times are in their events', () => {
  replaysWithRecordedTimes('timesInEvents.ndjson', [
    ['session/IdentitySet', 1, (s) => s.session.identity?.at],
    ['serviceStatus/TopologyLoaded', 1, (s) => (s.serviceStatus.topology as { loadedAt?: string }).loadedAt],
    ['tour/Ended', 1, (s) => s.tour.completed?.at],
    ['supportBundles/CreationStarted', 1, (s) => s.supportBundles.placeholders[0]?.createdAt],
  ])
})

describe('events recorded now', () => {
  it('an identity and a topology are stamped with their envelope’s time', () => {
    const at = '2026-11-27T01:10:00.000Z'
    const node = { ...topologyNode(), microServices: [...topologyNode().microServices] }
    const state = foldEvents([
      recordedAt(at, IdentitySet({ user: 'admin', expiresIn: 3600 })),
      TopologyRequested({ requestId: 't-1' }),
      recordedAt(at, TopologyLoaded({ requestId: 't-1', nodes: [node] })),
    ])
    expect(state.session.identity).toEqual({ user: 'admin', expiresIn: 3600, at })
    expect(state.serviceStatus.topology).toMatchObject({ status: 'loaded', loadedAt: at })
  })
})

describe('the toasts the bus records now', () => {
  it('carry no time of their own: shown at their envelope’s, and a log of them replays to its hash', () => {
    let now = Date.parse('2026-11-27T01:00:00.000Z')
    const app = createApp({
      ports: fakePorts({ clock: { now: () => (now += 1) } }),
      effects: {},
      seed: startedAs(),
    })
    const recorded: Array<{ type: string; at: string }> = []
    app.events$.subscribe((e) => recorded.push({ type: e.event.type, at: e.at }))
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/configuration/general' })
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: { key: 'contactRequestSent' } })
    const envelopeTimes = recorded
      .filter((e) => e.type === 'navigation/Denied' || e.type === 'notifications/Shown')
      .map((e) => e.at)
    expect(app.getState().notifications.toasts.map((t) => t.at)).toEqual(envelopeTimes)
    const text = app.exportLog()
    expect(text).toMatch(/"type":"navigation\/Denied","v":3,"data":\{(?![^\n]*"at")/)
    expect(text).toMatch(/"type":"notifications\/Shown","v":3,"data":\{(?![^\n]*"at")/)
    const result = replayLog(text)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
  })
})
