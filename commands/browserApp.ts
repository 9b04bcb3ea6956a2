import { initialAppState } from '../domain/app'
import type { Ports } from '../adapters/ports'
import { createBus, type App } from './bus'
import { browserEffects } from './effects/browser'

/**
 * The client as the browser composes it: like `createApp`, but the effects of areas the login
 * page does not use load with their first event (effects/browser.ts). A module of its own so
 * the browser bundle does not import every effect up front.
 */
export function createBrowserApp(ports: Ports): App {
  return createBus({ ports, effects: browserEffects, initialState: initialAppState })
}
