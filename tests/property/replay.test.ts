/**
 * The central promise of the design: a session's log, exported and replayed headless,
 * gives back the live state exactly. Random sequences of commands (through the real bus,
 * deciders and policies) and of effect-produced events (any event the codecs allow) are run
 * live, the log is exported, replayed, and compared.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppCommand, AppEvent } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { fakePorts } from '../support/fakePorts'
import { runLive, stepArbitrary, type Step } from '../support/sessionSteps'

function expectReplayMatches(app: ReturnType<typeof runLive>) {
  const replayed = replayLog(app.exportLog())
  expect(replayed.errors).toEqual([])
  expect(replayed.hashMatches).toBe(true)
  expect(replayed.state).toEqual(app.getState())
}

// Counterexamples found by this test are kept here and re-run first, forever.
const regressions: ReadonlyArray<ReadonlyArray<Step>> = [
  [{ kind: 'command', command: { type: 'nowhere/DoThing' } as unknown as AppCommand }],
]

describe('export → replay gives the live state', () => {
  it('for the kept regression cases', () => {
    for (const steps of regressions) expectReplayMatches(runLive(steps))
  })

  it('for random sequences of commands and events', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 60 }), (steps) => {
        const app = runLive(steps)
        expectReplayMatches(app)
        app.dispose()
      }),
      { numRuns: 200 },
    )
  })

  it('when the bounded log has folded its oldest events into a snapshot', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 80 }), (steps) => {
        const app = runLive(steps, 7)
        expectReplayMatches(app)
        app.dispose()
      }),
      { numRuns: 100 },
    )
  })

  it('up to any seq: replay --until gives the state live had right after that event', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 40 }), (steps) => {
        const ports = fakePorts()
        const injected = new Subject<AppEvent>()
        const app = createApp({ ports, effects: { injected: () => injected } })
        const states = new Map<number, unknown>()
        app.events$.subscribe((e) => states.set(e.seq, app.getState()))
        for (const step of steps) {
          if (step.kind === 'command') app.dispatch(step.command, 'script')
          else if (step.kind === 'event') injected.next(step.event)
        }
        const log = app.exportLog()
        for (const [seq, state] of states) expect(replayLog(log, { until: seq }).state).toEqual(state)
        app.dispose()
      }),
      { numRuns: 50 },
    )
  })
})

describe('replay of hostile input', () => {
  it('reports an older event whose data its upcasters cannot lift, and goes on', () => {
    const header = JSON.stringify({
      kind: 'header',
      format: 1,
      app: '0.1.0',
      startedAt: '2026-01-01T00:00:00Z',
    })
    const event = (seq: number, v: number, data: unknown) =>
      JSON.stringify({
        kind: 'event',
        seq,
        at: '2026-01-01T00:00:00Z',
        source: 'effect',
        corr: 'c',
        type: 'packages/VersionLoaded',
        v,
        data,
      })
    const result = replayLog([header, event(1, 2, null), event(2, 1, 'text')].join('\n'), { partial: true })
    expect(result.errors).toEqual([
      { line: 2, message: 'packages/VersionLoaded v2: its data cannot be lifted from v2' },
      { line: 3, message: 'packages/VersionLoaded v1: its data cannot be lifted from v2' },
    ])
  })

  it('never throws, whatever the text; every bad line is reported by its number', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .record({ kind: fc.constantFrom('event', 'header', 'trailer', 'snapshot', 'x'), seq: fc.jsonValue() })
        .map((v) => JSON.stringify(v)),
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const result = replayLog(lines.join('\n'))
        for (const error of result.errors) {
          expect(error.line).toBeGreaterThanOrEqual(1)
          // An empty text is one (empty) line, and an error of its own.
          expect(error.line).toBeLessThanOrEqual(Math.max(1, lines.length))
        }
      }),
      { numRuns: 300 },
    )
  })
})
