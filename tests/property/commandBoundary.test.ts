/**
 * A script may dispatch anything (DESIGN.md, the bus): arbitrary JSON, and real command types
 * with partial or wrongly typed payloads. Whatever is sent, every exported log replays to the
 * live state and hash, and what is not a command is recorded as bus/CommandRejected.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createApp } from '../../composition/createApp'
import type { AppCommand } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { fakePorts } from '../support/fakePorts'
import { commandArbitrary } from '../support/commandArbitraries'

// The command types the areas know, taken from the generators of real commands.
const knownTypes = fc
  .sample(commandArbitrary, { numRuns: 2000, seed: 7 })
  .map((c) => (c as { type: string }).type)
const types = [...new Set(knownTypes)]

// A real type with fields of any JSON shape (missing, partial or mistyped), or any JSON at all.
const hostileCommand: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .record({
      type: fc.constantFrom(...types),
      rest: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
    })
    .map(({ type, rest }) => ({ ...rest, type })),
  fc.constantFrom(...types).map((type) => ({ type })),
  commandArbitrary.chain((c) =>
    fc
      .subarray(Object.keys(c).filter((k) => k !== 'type'))
      .map((drop) => Object.fromEntries(Object.entries(c).filter(([k]) => !drop.includes(k)))),
  ),
)

function expectReplayMatches(app: ReturnType<typeof createApp>) {
  const replayed = replayLog(app.exportLog())
  expect(replayed.errors).toEqual([])
  expect(replayed.hashMatches).toBe(true)
  expect(replayed.state).toEqual(app.getState())
}

describe('commands decoded at the App boundary', () => {
  it('whatever JSON a script dispatches, the exported log replays to the live hash', () => {
    fc.assert(
      fc.property(fc.array(hostileCommand, { maxLength: 25 }), (commands) => {
        const app = createApp({ ports: fakePorts(), effects: {} })
        for (const command of commands) app.dispatch(command as AppCommand, 'script')
        expectReplayMatches(app)
        app.dispose()
      }),
      { numRuns: 300 },
    )
  })

  it('records a partial navigation command as rejected with the decode error, and nothing else', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    const before = app.getState()
    const events: unknown[] = []
    app.events$.subscribe((e) => events.push(e.event))
    app.dispatch({ type: 'navigation/Navigate' } as unknown as AppCommand, 'script')
    app.dispatch(42 as unknown as AppCommand, 'script')
    expect(events).toEqual([
      {
        type: 'bus/CommandRejected',
        data: { command: 'navigation/Navigate', reason: expect.stringContaining('to') },
      },
      {
        type: 'bus/CommandRejected',
        data: { command: 'number', reason: expect.stringContaining('not a command') },
      },
    ])
    expect(app.getState().navigation).toBe(before.navigation)
    expectReplayMatches(app)
    app.dispose()
  })
})
