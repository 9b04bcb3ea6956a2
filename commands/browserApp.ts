/**
 * The client as the browser composes it, from the areas' manifests (ui/areas.ts): each area
 * says how the browser runs its domain code and its effects, and the registry and the effect
 * table are derived from that list. A module of its own so the browser bundle does not import
 * every area up front: an area the login page never uses is deferred (its initial state is
 * here, its code loads with its first command, which the bus queues meanwhile), and its
 * effects load with its first event (effects/lazy.ts). Node, replay, scripts and tests load
 * every area up front instead (domain/app.ts, composition/createApp.ts).
 */
import { createAreaRegistry } from '../domain/areaRegistry'
import type { Ports } from '../adapters/ports'
import type {
  AnyArea,
  AppCommand,
  AppDeferredArea,
  AppEvent,
  AppPartlyLoadedArea,
  AppRegistry,
  AppState,
  AreaKey,
} from '../domain/app'
import { onSlice, type CommandsOf, type SliceArea } from '../domain/shared/area'
import { createBus, type App } from './bus'
import { lazyEffectOf, lazyEffects, namedEffects } from './effects/lazy'
import type { EffectTable } from './effects/types'

/** What the browser needs of an area to run it: the commands layer's part of its manifest. */
export interface BrowserArea {
  /** The area's key (domain/app.ts); also its route's `area` when it has a screen. */
  readonly key: string
  /**
   * Its domain code: loaded with the entry, deferred, or partly loaded. None for a feature that
   * is not an area of the state (the account screens' effects, say).
   */
  readonly domain?: AnyArea | AppDeferredArea | AppPartlyLoadedArea
  /** Its effects, named `area.effect` (see `lazyAreaEffects` for those that load later). */
  readonly effects?: EffectTable
}

/** A slice area as the app runs it (domain/app.ts's appSlice, which would import every area). */
export const slice = <K extends AreaKey, X, P extends AppCommand = never>(
  area: SliceArea<K, AppState[K], CommandsOf<AppCommand, K>, AppEvent, X, P, AppState>,
): AnyArea => onSlice<AppState, AppCommand, AppEvent, K, X, P>(area) as AnyArea

/** An area known by its initial state until its first command loads its code. */
export const deferred = <K extends AreaKey>(
  key: K,
  initialState: AppState[K],
  load: AppDeferredArea['load'],
): AppDeferredArea => ({ key, initialState, load })

/** An area's effects, loaded with its first event (or the first `accepts` takes): one `area.lazy` effect. */
export const lazyAreaEffects = (
  area: string,
  load: () => Promise<EffectTable>,
  accepts?: (event: AppEvent) => boolean,
): EffectTable => ({ [`${area}.lazy`]: lazyEffects(area, load, accepts) })

/**
 * The same effects with every lazily loaded table loaded now, under the names each of its
 * effects has once loaded (`area.effect`): how Node runs the browser's areas (composition/).
 */
export async function effectsLoadedUpFront(table: EffectTable): Promise<EffectTable> {
  const parts = await Promise.all(
    Object.entries(table).map(async ([name, effect]): Promise<EffectTable> => {
      const lazy = lazyEffectOf(effect)
      return lazy ? namedEffects({ [lazy.area]: await lazy.load() }) : { [name]: effect }
    }),
  )
  return Object.assign({}, ...parts) as EffectTable
}

/**
 * The areas as the browser runs them, in the order of the list (that of domain/app.ts). A fresh
 * registry per app: registering mutates it.
 */
export function browserAreas(areas: ReadonlyArray<BrowserArea>): AppRegistry {
  return createAreaRegistry<AppState, AppEvent, AnyArea>(areas.flatMap((a) => (a.domain ? [a.domain] : [])))
}

/** Every area's effects, in the order of the list. */
export function browserEffects(areas: ReadonlyArray<BrowserArea>): EffectTable {
  return Object.assign({}, ...areas.map((a) => a.effects ?? {})) as EffectTable
}

/** The client as the browser composes it: like `createApp`, from the areas' manifests. */
export function createBrowserApp(ports: Ports, areas: ReadonlyArray<BrowserArea>): App {
  return createBus({ ports, effects: browserEffects(areas), areas: browserAreas(areas) })
}
