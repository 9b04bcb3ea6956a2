/**
 * Random sessions for replay tests and benches: any event some area declares (with data its
 * codec accepts), any command the areas accept, and clock ticks, run live through the real bus.
 */
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { eventSpecs, type AppCommand, type AppEvent } from '../../domain/app'
import { arbitraryFromCodec } from './arbitraryFromCodec'
import { commandArbitrary } from './commandArbitraries'
import { fakePorts } from './fakePorts'

/** Any event some area declares, with data its codec accepts. */
export const eventArbitrary: fc.Arbitrary<AppEvent> = fc.oneof(
  ...[...eventSpecs.values()].map((spec) => {
    const dataCodec = (spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } })
      .props.data
    return arbitraryFromCodec(dataCodec).map((data) => ({ type: spec.type, data }) as AppEvent)
  }),
)

export type Step =
  { kind: 'command'; command: AppCommand } | { kind: 'event'; event: AppEvent } | { kind: 'tick'; ms: number }

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: commandArbitrary.map((command) => ({ kind: 'command' as const, command })) },
  { weight: 3, arbitrary: eventArbitrary.map((event) => ({ kind: 'event' as const, event })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 120_000 }).map((ms) => ({ kind: 'tick' as const, ms })) },
)

/** The steps run live on a new app (its log bounded to `maxLogEvents` when given). */
export function runLive(steps: ReadonlyArray<Step>, maxLogEvents?: number) {
  const ports = fakePorts()
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports, effects: { injected: () => injected }, maxLogEvents })
  for (const step of steps) {
    if (step.kind === 'command') app.dispatch(step.command, 'script')
    else if (step.kind === 'event') injected.next(step.event)
    else ports.advance(step.ms)
  }
  return app
}
