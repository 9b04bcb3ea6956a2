/**
 * A kept log of the build before a part of one area moved into an area of its own
 * (tests/fixtures/logs/moved/): read, renamed to today's event names, and the state in the shape
 * that build had. One per move test (education, quick setup, …), so the next move's test is its
 * assertions only.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { initialAppState } from '../../domain/app'
import { replayLog } from '../../domain/log'
import { currentShape, earlierShapes, STATE_MOVES } from '../../domain/stateMoves'

export const readMovedLog = (file: string): string =>
  readFileSync(join(import.meta.dirname, '../fixtures/logs/moved', file), 'utf8')

/** The same log with today's event names: each event's `formerly` names replaced by its type. */
export const withTodaysNames = (
  events: ReadonlyArray<{ readonly type: string; readonly formerly: ReadonlyArray<string> }>,
  text: string,
): string =>
  events.reduce(
    (t, e) => e.formerly.reduce((u, former) => u.replaceAll(`"type":"${former}"`, `"type":"${e.type}"`), t),
    text,
  )

/**
 * The replayed state and the initial state as the build before the move named `moveName`
 * (the start of its STATE_MOVES name) shaped them: where a trailer's hash was taken.
 */
export function shapedBefore(moveName: string, state: object) {
  const at = STATE_MOVES.findIndex((m) => m.name.startsWith(moveName))
  expect(at, `no state move named ${moveName}…`).toBeGreaterThanOrEqual(0)
  // earlierShapes lists the shapes newest first.
  const index = STATE_MOVES.length - 1 - at
  return {
    earlier: earlierShapes(state as never)[index] as Record<string, unknown>,
    earlierInitial: earlierShapes(initialAppState)[index] as Record<string, unknown>,
  }
}

/** A state already in today's shape is left as it is, and its earlier shape lifts back to it. */
export function expectLiftsBack(log: string, moveName: string): void {
  const state = replayLog(log).state as unknown as Record<string, unknown>
  expect(currentShape(state)).toBe(state)
  expect(currentShape(shapedBefore(moveName, replayLog(log).state).earlier)).toEqual(state)
}
