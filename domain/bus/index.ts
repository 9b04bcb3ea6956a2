import * as t from 'io-ts'
import { left } from 'fp-ts/Either'
import { defineEvent, type EventOf } from '../shared/events'
import type { SliceArea } from '../shared/area'

// Events the bus itself records, so a log shows why nothing happened.
export const CommandRejected = defineEvent(
  'bus/CommandRejected',
  t.type({ command: t.string, reason: t.string }),
)
/** An effect threw instead of ending in a failure event: recorded, and the effect restarts. */
export const EffectFailed = defineEvent('bus/EffectFailed', t.type({ effect: t.string, message: t.string }))

export const busEvents = [CommandRejected, EffectFailed] as const
export type BusEvent = EventOf<(typeof busEvents)[number]>

export interface BusState {
  readonly rejected: number
  readonly effectFailures: number
}

export const busArea: SliceArea<'bus', BusState, never, BusEvent> = {
  key: 'bus',
  initialState: { rejected: 0, effectFailures: 0 },
  events: busEvents,
  // No command is the bus's: one named `bus/…` is refused, as any unknown command is.
  decide: (command) => left(`${(command as { type: string }).type} is not a command`),
  evolve: (slice, event) => {
    switch (event.type) {
      case 'bus/CommandRejected':
        return { ...slice, rejected: slice.rejected + 1 }
      case 'bus/EffectFailed':
        return { ...slice, effectFailures: slice.effectFailures + 1 }
      default:
        return slice
    }
  },
  evolvesOn: [],
}
