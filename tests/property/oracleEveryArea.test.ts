/**
 * The oracle over every area: commands of every area, generated from the command codecs (so
 * a new command is driven without a generator written for it), mixed with events of every
 * area as effects would record them. After each step the live state must equal a fold from
 * scratch of the events recorded so far, the exported log must replay to the live state and
 * hash, and every recorded event must decode with its codec. (The reference models of
 * oracle.test.ts state what some events mean; this states that the parts agree for all.)
 *
 * Commands are mostly refused from the empty state (most need a session, a loaded page or an
 * open dialog), so a case starts from the empty state or from a recorded session's events
 * (tests/fixtures/logs/), its texts and numbers are drawn mostly from a few shared words and
 * small numbers (so that a command names what an event loaded, or a step that exists), and its
 * length is drawn over the whole range (fast-check's default stops near ten steps). A check
 * with a fixed seed states that this reaches the deciders: every area that takes commands has
 * some of them decided into its events.
 *
 * A failing case is shrunk by fast-check and kept, with its seed and path, in
 * tests/fixtures/oracle/cases.json (tests/support/keptCases.ts), whose cases run every time.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
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
import { decodeEventLine, replayLog } from '../../domain/log'
import { fakePorts } from '../support/fakePorts'
import { arbitraryFromCodec, type Leaves } from '../support/arbitraryFromCodec'
import { assertKeeping, keptCases } from '../support/keptCases'

type Step = { readonly command: AppCommand } | { readonly event: AppEvent }
/** Where a case starts (`recorded`: a recorded session's events, by its log's name), then its steps. */
interface Case {
  readonly recorded?: string
  readonly steps: ReadonlyArray<Step>
}

const CASES = new URL('../fixtures/oracle/cases.json', import.meta.url)

// The recorded sessions a case may start from, as their events now read (upcast).
const RECORDED = ['adminAfterWrongPassword', 'developerBrowsesPackages', 'developerTakesTour']
const recordedEvents = new Map(
  RECORDED.map((name) => {
    const text = readFileSync(new URL(`../fixtures/logs/${name}.ndjson`, import.meta.url), 'utf8')
    const events = text
      .split('\n')
      .filter((line) => line.includes('"kind":"event"'))
      .flatMap((line) => {
        const decoded = decodeEventLine(JSON.parse(line))
        return decoded.ok ? [decoded.event] : []
      })
    return [name, events] as const
  }),
)

// Mostly a few words and small numbers, shared by commands and events, sometimes anything.
const leaves: Leaves = {
  strings: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', 'a', 'b', 'npm', 'npm-local', 'a/b') },
    { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
  ),
  numbers: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -1, max: 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100_000 }) },
    {
      weight: 1,
      arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
    },
  ),
}

// Every command each area decodes, built from its codec: fields as the codec allows them.
const commandCodecs = areas.flatMap((area) =>
  Object.entries(
    (area as { commands?: Record<string, Parameters<typeof arbitraryFromCodec>[0]> }).commands ?? {},
  ),
)
const commandArbitrary: fc.Arbitrary<AppCommand> = fc.oneof(
  ...commandCodecs.map(([type, codec]) =>
    arbitraryFromCodec(codec, 0, leaves).map((fields) => ({ ...(fields as object), type }) as AppCommand),
  ),
)
const eventArbitrary: fc.Arbitrary<AppEvent> = fc.oneof(
  ...[...new Set(eventSpecs.values())].map((spec) => {
    const data = (spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } })
      .props.data
    return arbitraryFromCodec(data, 0, leaves).map((d) => ({ type: spec.type, data: d }) as AppEvent)
  }),
)
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: commandArbitrary.map((command) => ({ command })) },
  { weight: 2, arbitrary: eventArbitrary.map((event) => ({ event })) },
)
const caseArbitrary: fc.Arbitrary<Case> = fc.record(
  {
    recorded: fc.constantFrom(...RECORDED),
    steps: fc.array(stepArbitrary, { maxLength: 30, size: 'max' }),
  },
  { requiredKeys: ['steps'] },
)

/** An app with nothing but injected events for effects, started as the case says. */
function start(recorded: string | undefined) {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  const recordedSoFar: Envelope<AppEvent>[] = []
  app.events$.subscribe((envelope) => recordedSoFar.push(envelope))
  for (const event of recorded === undefined ? [] : (recordedEvents.get(recorded) ?? [])) injected.next(event)
  return { app, injected, recorded: recordedSoFar }
}

/** The three agreements, after every step; throws on the first that fails. */
function checkSteps({ recorded: from, steps }: Case): void {
  const { app, injected, recorded } = start(from)
  let decodedSoFar = 0
  try {
    for (const step of steps) {
      if ('command' in step) app.dispatch(step.command, 'script')
      else injected.next(step.event)
      const live = app.getState()
      const folded = recorded.reduce<AppState>((s, e) => evolve(s, e.event, { at: e.at }), initialAppState)
      // toEqual's own comparison is slow on the whole state; it runs only to explain a difference.
      if (!isDeepStrictEqual(folded, live)) expect(folded).toEqual(live)
      // Each event once: one checked at an earlier step has not changed since.
      for (const { event } of recorded.slice(decodedSoFar)) {
        const spec = eventSpecs.get(event.type)
        expect(spec, event.type).toBeDefined()
        expect(isRight(spec!.codec.decode(event)), event.type).toBe(true)
      }
      decodedSoFar = recorded.length
      const replayed = replayLog(app.exportLog())
      expect(replayed.errors).toEqual([])
      expect(replayed.hashMatches).toBe(true)
      if (!isDeepStrictEqual(replayed.state, live)) expect(replayed.state).toEqual(live)
    }
  } finally {
    app.dispose()
  }
}

describe('every area: live state, fold, replay and decoding agree after every step', () => {
  it('covers every command the areas decode', () => {
    const types = new Set(commandCodecs.map(([type]) => type))
    // Every command `npm run codecs` wrote a codec for, whether or not its area was given them.
    const written = readdirSync(new URL('../../domain/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => new URL(`../../domain/${entry.name}/commandCodecs.gen.ts`, import.meta.url))
      .filter((file) => existsSync(file))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^ {2}'([A-Za-z]+\/[A-Za-z]+)':/gm)])
      .map((match) => match[1])
    expect(written.length).toBeGreaterThan(100)
    expect([...types].sort()).toEqual([...new Set(written)].sort())
    // Every area that takes commands is driven (the bus's own area takes none).
    const driven = new Set([...types].map((type) => type.slice(0, type.indexOf('/'))))
    expect([...driven].sort()).toEqual(
      areas
        .filter((a) => Object.keys((a as { commands?: object }).commands ?? {}).length > 0)
        .map((a) => a.key)
        .sort(),
    )
  })

  it("reaches every area's deciders: some of each area's commands are decided into events", () => {
    const decided = new Map<string, number>(commandCodecs.map(([type]) => [type, 0]))
    for (const { recorded: from, steps } of fc.sample(caseArbitrary, { numRuns: 150, seed: 37 })) {
      const { app, injected } = start(from)
      let sent = ''
      app.events$.subscribe(({ event }) => {
        if (sent !== '' && event.type.startsWith(sent.slice(0, sent.indexOf('/') + 1)))
          decided.set(sent, (decided.get(sent) ?? 0) + 1)
      })
      for (const step of steps) {
        if ('event' in step) injected.next(step.event)
        else {
          sent = step.command.type
          app.dispatch(step.command, 'script')
          sent = ''
        }
      }
      app.dispose()
    }
    const areasDecided = new Set(
      [...decided].filter(([, n]) => n > 0).map(([type]) => type.slice(0, type.indexOf('/'))),
    )
    const areasDriven = new Set(commandCodecs.map(([type]) => type.slice(0, type.indexOf('/'))))
    // Not every command: the rest need a chain of answers no generated events make (an open log
    // viewer's files, a loaded integration's form); at this seed 110 of 193 command types are
    // decided, where the former generator's cases (near ten steps, any text) decided about 85.
    expect([...areasDriven].filter((area) => !areasDecided.has(area))).toEqual([])
  })

  it('for generated commands and events of every area, from the empty or a recorded state', () => {
    // ORACLE_RUNS=5000 hunts longer for a failure to keep.
    const numRuns = Number(process.env.ORACLE_RUNS ?? 60)
    assertKeeping(CASES, caseArbitrary, checkSteps, { numRuns })
  })

  it.each(keptCases<Case | ReadonlyArray<Step>>(CASES).map((c) => [c.found, c] as const))(
    'kept case: %s',
    (_found, c) => {
      // A case kept before cases had a start is a list of steps from the empty state.
      checkSteps(Array.isArray(c.value) ? { steps: c.value as ReadonlyArray<Step> } : (c.value as Case))
    },
  )
})
