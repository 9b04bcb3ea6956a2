/**
 * The decider specification (the emmett pattern): given the events that happened, when a
 * command arrives, then these events follow, or the command is rejected for a reason, or
 * nothing happens. Every area's decider tests read as lines of the specification:
 *
 *   spec(packagesArea).given(E.ListRequested(…)).when({ type: 'packages/OpenList', … }).rejected(/already loading/)
 *
 * `given` folds the whole app's `evolve` (an area may react to other areas' events), so the
 * state is what the live bus would have after those events.
 */
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { expect } from 'vitest'
import { evolve, initialAppState, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import type { CommandMeta } from '../../domain/shared/area'

interface Decides {
  decide(command: never, state: AppState, meta: CommandMeta): ReturnType<DecideFn>
}
type DecideFn = (
  command: AppCommand,
  state: AppState,
  meta: CommandMeta,
) => Either<string, ReadonlyArray<AppEvent>>

export const specMeta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', nowMs: 0, id: 'id-1' }

export const foldEvents = (events: ReadonlyArray<AppEvent>, from: AppState = initialAppState): AppState =>
  events.reduce(evolve, from)

export function spec(area: Decides, meta: CommandMeta = specMeta) {
  const decide = area.decide as unknown as DecideFn
  return {
    given(...events: AppEvent[]) {
      const state = foldEvents(events)
      return {
        state,
        when(command: AppCommand) {
          const decided = decide(command, state, meta)
          return {
            decided,
            /** Exactly these events, in this order. */
            then(...expected: AppEvent[]) {
              expect(isRight(decided) ? decided.right : `rejected: ${decided.left}`).toEqual(expected)
            },
            /** Rejected, for a reason matching `reason` (recorded as bus/CommandRejected). */
            rejected(reason: RegExp | string) {
              expect(isLeft(decided) ? decided.left : 'not rejected').toMatch(reason)
            },
            /** Accepted, with no event. */
            nothing() {
              expect(isRight(decided) ? decided.right : `rejected: ${decided.left}`).toEqual([])
            },
          }
        },
      }
    },
  }
}
