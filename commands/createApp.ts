import { eagerAreas, type AppEvent } from '../domain/app'
import type { BuildInfo } from '../domain/build'
import type { Ports } from '../adapters/ports'
import { createBus, type App, type Policy } from './bus'
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

/** The client, composed from ports: every area, effect and policy on one bus. */
export function createApp(options: CreateAppOptions): App {
  return createBus({
    ports: options.ports,
    effects: options.effects ?? allEffects,
    areas: eagerAreas,
    seed: options.seed,
    maxLogEvents: options.maxLogEvents,
    build: options.build,
    policies: options.policies,
  })
}

export type { App, Policy }
