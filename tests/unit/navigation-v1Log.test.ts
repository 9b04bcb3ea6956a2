/**
 * `navigation/Navigated` v1 carried `atMs` beside its envelope's `at` (no stored
 * derivables); v2 carries none, and evolve takes the time from the envelope. The navigation
 * state's last activity is hashed, and a v1 line's `atMs` is a millisecond or more before its
 * `at`, so the v1 upcaster keeps it (`recordedAtMs`): the kept logs, written with v1 lines,
 * replay to the hash their trailer recorded.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../composition/createApp'
import { decodeEventLine, encodeEventLine, replayLog } from '../../domain/log'
import { Navigated, SessionCheckRequested } from '../../domain/navigation/events'
import { IDLE_CHECK_MS } from '../../domain/navigation/decider'
import { fakePorts } from '../support/fakePorts'
import { startedAs } from '../support/fixtures'

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/developerBrowsesPackages.ndjson'),
  'utf8',
)
const navigatedLines = old
  .split('\n')
  .filter((line) => line.includes('"type":"navigation/Navigated"'))
  .map((line) => JSON.parse(line) as { at: string; v: number; data: { atMs: number } })

describe('a log with v1 Navigated lines', () => {
  it('is of the earlier build: its lines carry atMs, which is not its envelope’s time', () => {
    expect(navigatedLines.length).toBe(2)
    for (const line of navigatedLines) expect(line.v).toBe(1)
    const last = navigatedLines[1]!
    expect(Date.parse(last.at) - last.data.atMs).toBe(37)
  })

  it('replays strictly to the hash its trailer recorded, the last activity being the recorded atMs', () => {
    const result = replayLog(old)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    expect(result.state.navigation.lastActivityMs).toBe(navigatedLines[1]!.data.atMs)
  })

  it('an upcast line exported again (v2, with recordedAtMs) reads back as the same event', () => {
    const raw = navigatedLines[1]!
    const first = decodeEventLine(raw)
    if (!first.ok) throw new Error(first.message)
    expect(first.event).toEqual(
      Navigated({
        location: { path: '/packages', query: '?q=react&pkg=npm' },
        routeName: 'packages',
        mode: 'push',
        user: 'developer',
        sidebar: 'application',
        recordedAtMs: raw.data.atMs,
      }),
    )
    const again = JSON.parse(encodeEventLine({ ...first.line, event: first.event }, 2)) as unknown
    expect(decodeEventLine(again)).toMatchObject({ ok: true, event: first.event })
  })
})

describe('a log the bus writes now', () => {
  it('has v2 Navigated lines with no time of their own, and replays (bounded) to its hash', () => {
    const ports = fakePorts()
    const app = createApp({ ports, effects: {}, seed: startedAs(), maxLogEvents: 3 })
    const recorded: Array<{ type: string; at: string }> = []
    app.events$.subscribe((e) => recorded.push({ type: e.event.type, at: e.at }))
    app.dispatch({ type: 'navigation/Navigate', to: '/packages' })
    const firstAt = Date.parse(recorded.find((e) => e.type === Navigated.type)!.at)
    ports.advance(IDLE_CHECK_MS + 1)
    app.dispatch({ type: 'navigation/Navigate', to: '/builds' })
    expect(recorded.map((e) => e.type)).toContain(SessionCheckRequested.type)
    expect(app.getState().navigation.lastActivityMs).toBe(firstAt + IDLE_CHECK_MS + 1)

    const text = app.exportLog()
    expect(text).toContain('"kind":"snapshot"')
    const lines = text.split('\n').filter((l) => l.includes('"type":"navigation/Navigated"'))
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).toContain('"v":2')
      expect(line).not.toContain('atMs')
    }
    const result = replayLog(text)
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    expect(result.state.navigation.lastActivityMs).toBe(firstAt + IDLE_CHECK_MS + 1)
  })
})
