/**
 * The oracle over every area: commands of every area, generated from the command codecs (so
 * a new command is driven without a generator written for it), mixed with events of every
 * area as effects would record them. After each step the live state must equal a fold from
 * scratch of the events recorded so far, the exported log must replay to the live state and
 * hash, and every recorded event must decode with its codec. (The reference models of
 * oracle.test.ts state what some events mean; this states that the parts agree for all.)
 *
 * A failing case is shrunk by fast-check and kept, with its seed and path, in
 * tests/fixtures/oracle/cases.json (tests/support/keptCases.ts), whose cases run every time.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import {
  areas,
  eventSpecs,
  evolve,
  initialAppState,
  type AppCommand,
  type AppEvent,
  type AppState,
} from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import { replayLog } from '../../domain/log'
import { fakePorts } from '../support/fakePorts'
import { arbitraryFromCodec } from '../support/arbitraryFromCodec'
import { assertKeeping, keptCases } from '../support/keptCases'

type Step = { readonly command: AppCommand } | { readonly event: AppEvent }

const CASES = new URL('../fixtures/oracle/cases.json', import.meta.url)

// Every command each area decodes, built from its codec: fields as the codec allows them.
const commandCodecs = areas.flatMap((area) =>
  Object.entries(
    (area as { commands?: Record<string, Parameters<typeof arbitraryFromCodec>[0]> }).commands ?? {},
  ),
)
const commandArbitrary: fc.Arbitrary<AppCommand> = fc.oneof(
  ...commandCodecs.map(([type, codec]) =>
    arbitraryFromCodec(codec).map((fields) => ({ ...(fields as object), type }) as AppCommand),
  ),
)
const eventArbitrary: fc.Arbitrary<AppEvent> = fc.oneof(
  ...[...new Set(eventSpecs.values())].map((spec) => {
    const data = (spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } })
      .props.data
    return arbitraryFromCodec(data).map((d) => ({ type: spec.type, data: d }) as AppEvent)
  }),
)
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: commandArbitrary.map((command) => ({ command })) },
  { weight: 2, arbitrary: eventArbitrary.map((event) => ({ event })) },
)

/** The three agreements, after every step; throws on the first that fails. */
function checkSteps(steps: ReadonlyArray<Step>): void {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  const recorded: Envelope<AppEvent>[] = []
  app.events$.subscribe((envelope) => recorded.push(envelope))
  try {
    for (const step of steps) {
      if ('command' in step) app.dispatch(step.command, 'script')
      else injected.next(step.event)
      const live = app.getState()
      const folded = recorded.reduce<AppState>((s, e) => evolve(s, e.event, { at: e.at }), initialAppState)
      expect(folded).toEqual(live)
      for (const { event } of recorded) {
        const spec = eventSpecs.get(event.type)
        expect(spec, event.type).toBeDefined()
        expect(isRight(spec!.codec.decode(event)), event.type).toBe(true)
      }
      const replayed = replayLog(app.exportLog())
      expect(replayed.errors).toEqual([])
      expect(replayed.hashMatches).toBe(true)
      expect(replayed.state).toEqual(live)
    }
  } finally {
    app.dispose()
  }
}

describe('every area: live state, fold, replay and decoding agree after every step', () => {
  it('covers every command the areas decode', () => {
    const types = new Set(commandCodecs.map(([type]) => type))
    for (const area of areas) {
      const own = Object.keys((area as { commands?: object }).commands ?? {})
      for (const type of own) expect(types.has(type)).toBe(true)
    }
    // Every area that takes commands is driven (the bus's own area takes none).
    const driven = new Set([...types].map((type) => type.slice(0, type.indexOf('/'))))
    expect([...driven].sort()).toEqual(
      areas
        .filter((a) => Object.keys((a as { commands?: object }).commands ?? {}).length > 0)
        .map((a) => a.key)
        .sort(),
    )
  })

  it('for generated commands and events of every area', () => {
    // ORACLE_RUNS=5000 hunts longer for a failure to keep.
    const numRuns = Number(process.env.ORACLE_RUNS ?? 150)
    assertKeeping(CASES, fc.array(stepArbitrary, { maxLength: 30 }), checkSteps, { numRuns })
  })

  it.each(keptCases<ReadonlyArray<Step>>(CASES).map((c) => [c.found, c] as const))(
    'kept case: %s',
    (_found, c) => {
      checkSteps(c.value)
    },
  )
})
