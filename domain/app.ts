/**
 * Composition of the client's areas: the whole state, every event and command, and the
 * single `evolve` that replay folds, all derived from one list of areas (areas.gen.ts, written
 * from areas.list.ts). Add an area to that list; nothing else in the bus changes (a log's hash
 * leaves out an area nothing touched).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- `infer` needs the other parameters open */
import { onSlice, type Area, type CommandsOf, type EventMeta, type SliceArea } from './shared/area'
import {
  createAreaRegistry,
  type AreaRegistry,
  type DeferredArea,
  type PartlyLoadedArea,
  type WorkingFold,
} from './areaRegistry'
import { sliceAreas } from './areas.gen'

// Every area, in the order their `evolve` runs for each event (and their policies), is
// written from the one list, areas.list.ts (`npm run areas`): the app's state, events and
// commands are derived from it.

type Listed = (typeof sliceAreas)[number]
type EventsOfArea<A> = A extends SliceArea<any, any, any, infer E, any, any, any> ? E : never
type CommandsOfArea<A> = A extends SliceArea<any, any, infer C, any, any, any, any> ? C : never

/** Each area's slice, under its key. */
export type AppState = { readonly [A in Listed as A['key']]: A['initialState'] }
/** Every area's events (an area's own, and the others' its `evolve` reacts to). */
export type AppEvent = EventsOfArea<Listed>
/** Every area's commands. */
export type AppCommand = CommandsOfArea<Listed>

export type AreaKey = keyof AppState
export type AppArea<K extends AreaKey> = Area<AppState, AppCommand, AppEvent, K>

/** An area that decides on its own slice, as the app runs it (see `SliceArea`). */
export const appSlice = <K extends AreaKey, X, P extends AppCommand = never>(
  area: SliceArea<K, AppState[K], CommandsOf<AppCommand, K>, AppEvent, X, P, AppState>,
): AppArea<K> => onSlice<AppState, AppCommand, AppEvent, K, X, P>(area)

/**
 * An area as the app runs it: the state its `contextOf` reads must be the app's, and its
 * policies may ask only for the app's commands. Checked for each area of the list below.
 */
type OnApp<A> =
  A extends SliceArea<infer K extends AreaKey, any, any, any, infer X, infer P extends AppCommand, any>
    ? SliceArea<K, AppState[K], CommandsOf<AppCommand, K>, AppEvent, X, P, AppState>
    : never
type EachOnApp<T extends ReadonlyArray<unknown>> = { readonly [I in keyof T]: OnApp<T[I]> }
const checked: EachOnApp<typeof sliceAreas> = sliceAreas

/** Every area as the bus runs it, in the order of the list. */
export const areas: ReadonlyArray<AnyArea> = checked.map(
  (area: OnApp<Listed>) =>
    onSlice<AppState, AppCommand, AppEvent, AreaKey, unknown, AppCommand>(area as never) as AnyArea,
)

/**
 * Areas added after the kept session logs were recorded (tests/fixtures/logs): an older log
 * has none of their events, so they are at their initial state after its replay, and its
 * trailer's hash was taken without them (see domain/logHash.ts). Closed: the logs written
 * since hash only what changed, which leaves out an area added later by itself.
 */
export const AREAS_ADDED_LATER: ReadonlyArray<AreaKey> = [
  'repositories',
  'artifacts',
  'security',
  'builds',
  'integrations',
  'overview',
  'tokens',
  'xray',
]

export type AnyArea = { [K in AreaKey]: AppArea<K> }[AreaKey]

/** The registry of the app's areas (see areaRegistry.ts, which is generic in them). */
export type AppRegistry = AreaRegistry<AppState, AppEvent, AnyArea>
export type AppDeferredArea = DeferredArea<AppState, AnyArea>
export type AppPartlyLoadedArea = PartlyLoadedArea<AnyArea>
const areaList = areas

export const areaByKey: ReadonlyMap<string, AnyArea> = new Map(areaList.map((a) => [a.key, a]))

export const initialAppState: AppState = Object.fromEntries(
  areaList.map((a) => [a.key, a.initialState]),
) as unknown as AppState

/** Every area loaded up front: what Node, replay, scripts and tests run. */
export const eagerAreas: AppRegistry = createAreaRegistry<AppState, AppEvent, AnyArea>(areaList)

/** The one fold, over every area (see areaRegistry.ts; replay speed depends on it being cheap). */
export const evolve: (state: AppState, event: AppEvent, meta: EventMeta) => AppState = eagerAreas.evolve

/** A fold into working state that replay owns (see areaRegistry.ts). */
export const workingFold = (start: AppState): WorkingFold<AppState, AppEvent> => eagerAreas.working(start)

/**
 * Every event type the client knows, for decoding and upcasting logs; an event that moved
 * area is known under its earlier type strings too (its spec says the current one).
 */
export const eventSpecs = new Map(
  areaList.flatMap((a) =>
    a.events.flatMap((spec) => [spec.type, ...(spec.formerly ?? [])].map((type) => [type, spec] as const)),
  ),
)
