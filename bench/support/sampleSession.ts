/**
 * Sessions for benchmarks: a reproducible stream of commands and events drawn from the
 * same generators the property tests use (every event type the client declares, every
 * command the areas accept), driven through the real bus.
 */
import fc from 'fast-check'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppCommand, AppEvent } from '../../domain/app'
import { commandArbitrary } from '../../tests/support/commandArbitraries'
import { fakePorts } from '../../tests/support/fakePorts'
import { eventArbitrary } from '../../tests/support/sessionSteps'

export { eventArbitrary }

export function sampleCommands(count: number, seed = 42): AppCommand[] {
  return fc.sample(commandArbitrary, { numRuns: count, seed })
}

/** A log of about `events` events, recorded by a real bus: half commands, half effect events. */
export function recordSessionLog(events: number, seed = 7): string {
  const ports = fakePorts()
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports, effects: { injected: () => injected }, maxLogEvents: events * 2 })
  const commands = sampleCommands(Math.ceil(events / 2), seed)
  const effectEvents = fc.sample(eventArbitrary, { numRuns: Math.ceil(events / 2), seed: seed + 1 })
  // Commands set off policies, so a step records several events: stop at the requested count.
  let recorded = 0
  const counting = app.events$.subscribe(() => recorded++)
  for (let i = 0; i < commands.length && recorded < events; i++) {
    app.dispatch(commands[i]!, 'script')
    const e = effectEvents[i]
    if (e && recorded < events) injected.next(e)
  }
  counting.unsubscribe()
  const log = app.exportLog()
  app.dispose()
  return log
}
