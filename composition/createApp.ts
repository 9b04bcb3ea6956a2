/**
 * Node's composition (tests, scripts, benches): the browser's areas (ui/areas.ts) with every
 * area loaded up front. The effects are the manifests' own, their lazily loaded tables loaded
 * before the first app starts, so an area added to the list runs here too, with nothing to add.
 */
import { eagerAreas, type AppEvent } from '../domain/app'
import type { BuildInfo } from '../domain/build'
import type { Ports } from '../adapters/ports'
import { createBus, type App, type Policy } from '../commands/bus'
import { trackPortCalls } from '../commands/portCalls'
import { browserEffects, effectsLoadedUpFront } from '../commands/browserApp'
import type { EffectTable } from '../commands/effects/types'
import { areaManifests } from '../ui/areas'

/** Every effect of the client, named `area.effect` so a failure names its source. */
export const allEffects: EffectTable = await effectsLoadedUpFront(browserEffects(areaManifests))

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
