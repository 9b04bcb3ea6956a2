import { eagerAreas, type AppEvent } from '../domain/app'
import type { BuildInfo } from '../domain/build'
import type { Ports } from '../adapters/ports'
import { createBus, type App, type Policy } from './bus'
import { trackPortCalls } from './portCalls'
import { allEffects } from './effects'
import type { EffectTable } from './effects/types'

export interface CreateAppOptions {
  readonly ports: Ports
  readonly seed?: ReadonlyArray<AppEvent>
  /** Replace the effects (tests run the bus with none, or only some). */
  readonly effects?: EffectTable
  readonly maxLogEvents?: number
  readonly build?: BuildInfo
  /** Policies besides the areas' own. */
  readonly policies?: ReadonlyArray<Policy>
}

/** An app that can say when it has heard every answer it asked for. */
export type SettlingApp = App & { settled(): Promise<void> }

/**
 * The client, composed from ports: every area, effect and policy on one bus, with its calls
 * to the platform counted for `settled()`.
 */
export function createApp(options: CreateAppOptions): SettlingApp {
  const calls = trackPortCalls(options.ports)
  const app = createBus({
    ports: calls.ports,
    effects: options.effects ?? allEffects,
    areas: eagerAreas,
    seed: options.seed,
    maxLogEvents: options.maxLogEvents,
    build: options.build,
    policies: options.policies,
  })
  return Object.assign(app, { settled: calls.settled })
}

export type { App, Policy }
