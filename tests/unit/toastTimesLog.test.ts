/**
 * A toast's time is its event's envelope's (issue 19: no stored derivables): `notifications/Shown`
 * v3 and `navigation/Denied` v2 carry no `at` of their own. The log
 * tests/fixtures/logs/moved/toastTimesInEvents.ndjson was recorded at 7394508 (the bus with fake
 * ports and a clock that moves a millisecond at every read, as a browser's does between deciding
 * and recording): a developer refused an admin page (Denied v1, its toast) and a toast shown by
 * command (Shown v2), each `at` a millisecond before its envelope's. The toasts' times are hashed
 * state, so the upcasters keep the recorded ones and the log replays strictly to its trailer.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { createApp } from '../../commands/createApp'
import { fakePorts } from '../support/fakePorts'
import { startedAs } from '../support/fixtures'

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/moved/toastTimesInEvents.ndjson'),
  'utf8',
)
type Line = { at: string; type: string; v: number; data: { at?: string } }
const lines = old
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Line)
const of = (type: string) => lines.find((l) => l.type === type)!

describe('a log whose toasts’ times are in their events', () => {
  it('is of the earlier build: Denied v1 and Shown v2 with an `at` before their envelope’s', () => {
    for (const [type, v] of [
      ['navigation/Denied', 1],
      ['notifications/Shown', 2],
    ] as const) {
      const line = of(type)
      expect(line.v).toBe(v)
      expect(Date.parse(line.at) - Date.parse(line.data.at!)).toBe(1)
    }
  })

  it('replays strictly to its trailer’s hash, each toast at the time its event recorded', () => {
    const result = replayLog(old)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    expect(result.state.notifications.toasts.map((t) => t.at)).toEqual([
      of('navigation/Denied').data.at,
      of('notifications/Shown').data.at,
    ])
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
    expect(text).toMatch(/"type":"navigation\/Denied","v":2,"data":\{(?![^\n]*"at")/)
    expect(text).toMatch(/"type":"notifications\/Shown","v":3,"data":\{(?![^\n]*"at")/)
    const result = replayLog(text)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
  })
})
