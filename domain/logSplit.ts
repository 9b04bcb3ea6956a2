/**
 * Replay split in two by area, so two threads can share it (the Node adapter runs one side on
 * a worker thread; docs/decisions/2026-12-06-split-replay.md). Each area's slice is folded from
 * its own slice, the event and its line only, so the areas fall into two sides that fold apart:
 * each side parses only the lines whose events reach its areas and folds its areas' slices.
 *
 * Every line is checked by one side only (the first side when its events reach it or reach
 * nobody), so a side folds events the other checked. That is exact only when the whole log is
 * clean: the header first, the trailer last, every other line an event that decodes as it is,
 * names the type read from its text, and seqs 1, 2, 3… in order. Anything else is a doubt, and
 * the one-thread replay (`replayLog`) runs from the start, so every message and every state is
 * its. Nothing here starts a thread: a side is a plain function over the text.
 */
import { areas, eventSpecs, initialAppState, type AppEvent, type AppState } from './app'
import { reaches } from './areaRegistry'
import {
  HeaderLine,
  LOG_FORMAT,
  TrailerLine,
  checkedEvent,
  replayLog,
  replayResult,
  uncheckedEvent,
  type EventLineT,
  type ReplayOptions,
  type ReplayResult,
} from './log'
import type { EventMeta } from './shared/area'

type AnyEvolve = (slice: unknown, event: AppEvent, meta: EventMeta) => unknown

/** Each area's side (0 or 1), by its place in the areas' order. */
export interface SplitPlan {
  readonly sides: Uint8Array
}

/** One side's answer: its areas' slices, and why the split cannot be trusted (if it cannot). */
export interface SideResult {
  readonly side: number
  readonly doubt: string | undefined
  /** Every area of this side, by place, with its slice when it is not the initial one. */
  readonly areas: ReadonlyArray<number>
  readonly changed: ReadonlyArray<readonly [place: number, slice: unknown]>
  /** The lines this side checked, and those that are not blank (the two sides check all between them). */
  readonly checked: number
  readonly filled: number
  /**
   * By line number (1 to `lines`, blank ones counted): the seq of each event line this side
   * checked, HEADER_LINE and TRAILER_LINE for those, 0 for every other line.
   */
  readonly seqs: Int32Array<ArrayBuffer>
  readonly lines: number
  /** The header and the trailer, read by the first side. */
  readonly header?: unknown
  readonly trailer?: unknown
}

/** In the seqs by line: a line that is the header or the trailer (an event's is its seq, ≥ 1). */
export const HEADER_LINE = -1
export const TRAILER_LINE = -2

const TYPE_KEY = ',"type":"'
const order = areas.map((a) => a.key)

/**
 * Each known type's own string: what is kept across replays is keyed by it, never by a type
 * read from a log (a slice that would keep the log's whole text alive).
 */
const typeNames = new Map([...eventSpecs.keys()].map((type) => [type, type]))

/** Which areas an event type reaches, in the areas' order (by the spec's current type, as the fold). */
const reachedBy = new Map<string, ReadonlyArray<number>>()
function reached(textType: string): ReadonlyArray<number> {
  let places = reachedBy.get(textType)
  if (places === undefined) {
    const spec = eventSpecs.get(textType)
    const name = typeNames.get(textType)
    if (spec === undefined || name === undefined) return []
    places = areas.flatMap((a, place) => (reaches(spec.type, a) ? [place] : []))
    reachedBy.set(name, places)
  }
  return places
}

/**
 * Walks the text's lines as the one-thread replay cuts them: `visit(start, end, n, typeAt)` for
 * each line that is not blank, `typeAt` where the type's value starts in it, or -1.
 */
function eachLine(
  text: string,
  visit: (start: number, end: number, n: number, typeAt: number) => void,
): number {
  let start = 0
  let n = 1
  // Where the next `,"type":"` is, searched once for every line it is not in (a log of lines
  // without one would otherwise search to its end for each line).
  let nextType = -2
  for (;;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    const length = end - start
    if (length !== 0 && !(length < 4 && text.slice(start, end).trim() === '')) {
      if (nextType !== -1 && nextType < start) nextType = text.indexOf(TYPE_KEY, start)
      visit(start, end, n, nextType !== -1 && nextType < end ? nextType + TYPE_KEY.length : -1)
    }
    if (newline === -1) return n
    start = newline + 1
    n++
  }
}

/** The type's value from `typeAt` to its closing quote within the line, or undefined. */
function typeOf(text: string, typeAt: number, end: number): string | undefined {
  if (typeAt < 0) return undefined
  const close = text.indexOf('"', typeAt)
  return close === -1 || close > end ? undefined : text.slice(typeAt, close)
}

/** How many evenly spaced characters of a log the plan looks at (any plan is exact; this one is cheap). */
export const PLAN_SAMPLE = 1024

/**
 * Splits the areas in two halves of about equal bytes of the lines whose events reach them:
 * the heaviest first, each to the side with fewer bytes so far. The bytes are weighed over the
 * whole log without reading every line: a character picked at even steps through the text
 * falls in a type's lines as often as their bytes are of the text's, so each type counts the
 * PLAN_SAMPLE picks that fall in its lines.
 */
export function planSplit(text: string): SplitPlan {
  const picks = new Map<string, { count: number }>()
  const step = text.length / PLAN_SAMPLE
  // The line the last pick fell in, and where the next `,"type":"` is from its start: the
  // picks go forward, so the text is searched once whatever its lines.
  let start = 0
  let end = -1
  let type: string | undefined
  let nextType = -2
  for (let k = 0; k < PLAN_SAMPLE; k++) {
    const at = Math.floor((k + 0.5) * step)
    if (at > end) {
      start = text.lastIndexOf('\n', at) + 1
      const newline = text.indexOf('\n', start)
      end = newline === -1 ? text.length : newline
      if (nextType !== -1 && nextType < start) nextType = text.indexOf(TYPE_KEY, start)
      type = typeOf(text, nextType !== -1 && nextType < end ? nextType + TYPE_KEY.length : -1, end)
    }
    if (type === undefined) continue
    const counted = picks.get(type)
    if (counted === undefined) picks.set(type, { count: 1 })
    else counted.count++
  }
  const bytes = new Float64Array(order.length)
  for (const [type, { count }] of picks) for (const place of reached(type)) bytes[place]! += count
  const sides = new Uint8Array(order.length)
  const load = [0, 0]
  const heaviest = order.map((_, place) => place).sort((a, b) => bytes[b]! - bytes[a]! || a - b)
  for (const place of heaviest) {
    const side = load[0]! <= load[1]! ? 0 : 1
    sides[place] = side
    load[side]! += bytes[place]!
  }
  return { sides }
}

/** Each type's route for one side: which side checks it, and this side's areas it reaches. */
interface Route {
  readonly checker: number
  readonly mine: ReadonlyArray<{ readonly place: number; readonly evolve: AnyEvolve }>
}

/**
 * The routes of the last plans, kept across replays: a kept worker replays log after log, and
 * building each type's route again for every replay cost more than the lookups.
 */
const keptRoutes = new Map<string, Map<string, Route>>()
const KEPT_PLANS = 8

function routesFor(plan: SplitPlan, side: number): (type: string) => Route {
  const key = `${side}:${plan.sides.join('')}`
  let routes = keptRoutes.get(key)
  if (routes === undefined) {
    if (keptRoutes.size >= KEPT_PLANS) keptRoutes.clear()
    routes = new Map<string, Route>()
    keptRoutes.set(key, routes)
  }
  const kept = routes
  return (type) => {
    let route = kept.get(type)
    if (route === undefined) {
      const places = reached(type)
      // The first side checks the lines its areas see and those no area sees.
      const checker = places.length === 0 || places.some((p) => plan.sides[p] === 0) ? 0 : 1
      route = {
        checker,
        mine: places
          .filter((p) => plan.sides[p] === side)
          .map((place) => ({ place, evolve: areas[place]!.evolve as AnyEvolve })),
      }
      // A type no spec knows is a doubt the side stops at: it is not kept.
      const name = typeNames.get(type)
      if (name !== undefined) kept.set(name, route)
    }
    return route
  }
}

/**
 * One side of the split replay: the lines whose events reach `side`'s areas are parsed and
 * folded into them, and the lines this side checks have their seqs noted. The first doubt
 * stops it.
 */
export function replaySide(text: string, plan: SplitPlan, side: number): SideResult {
  const route = routesFor(plan, side)
  const mine = order.flatMap((_, place) => (plan.sides[place] === side ? [place] : []))
  const slots: unknown[] = order.map((key) => initialAppState[key])
  let doubt: string | undefined
  let checked = 0
  let filled = 0
  // An event line is over a hundred characters: sized from the text's length, grown if not.
  let seqs: Int32Array<ArrayBuffer> = new Int32Array(Math.ceil(text.length / 64) + 2)
  const note = (n: number, seq: number) => {
    if (n >= seqs.length) {
      const grown = new Int32Array(Math.max(n + 1, seqs.length * 2))
      grown.set(seqs)
      seqs = grown
    }
    seqs[n] = seq
  }
  let header: unknown
  let trailer: unknown
  const onLine = (start: number, end: number, n: number, typeAt: number) => {
    const type = typeOf(text, typeAt, end)
    if (type === undefined) {
      // The header and the trailer name no type; every other such line is a doubt.
      if (side !== 0) return
      checked++
      const raw: unknown = JSON.parse(text.slice(start, end))
      if (header === undefined && HeaderLine.is(raw) && raw.format === LOG_FORMAT) {
        header = raw
        note(n, HEADER_LINE)
      } else if (trailer === undefined && TrailerLine.is(raw)) {
        trailer = raw
        note(n, TRAILER_LINE)
      } else doubt = `line ${n} is neither an event, the header nor the trailer`
      return
    }
    const { checker, mine: reachedHere } = route(type)
    if (checker !== side && reachedHere.length === 0) return
    const raw = JSON.parse(text.slice(start, end)) as EventLineT
    let event: AppEvent | undefined
    if (checker === side) {
      checked++
      event = checkedEvent(raw, type)
      const seq = raw.seq
      if (event === undefined || !Number.isInteger(seq) || seq < 1 || seq > 0x7fffffff) {
        doubt = `line ${n} does not decode as it is`
        return
      }
      note(n, seq)
    } else event = uncheckedEvent(raw)
    if (event === undefined) {
      doubt = `line ${n} has no event`
      return
    }
    for (let i = 0; i < reachedHere.length; i++) {
      const { place, evolve } = reachedHere[i]!
      slots[place] = evolve(slots[place], event, raw)
    }
  }
  let lines = 0
  try {
    lines = eachLine(text, (start, end, n, typeAt) => {
      filled++
      if (doubt === undefined) onLine(start, end, n, typeAt)
    })
  } catch (e) {
    // A line that is not JSON, or an evolve given an event nobody checked yet.
    doubt ??= `the side threw: ${(e as Error).message}`
  }
  return {
    side,
    doubt,
    areas: mine,
    changed: mine.flatMap((place) =>
      slots[place] === initialAppState[order[place]!] ? [] : [[place, slots[place]] as const],
    ),
    checked,
    filled,
    seqs,
    lines,
    ...(side === 0 ? { header, trailer } : {}),
  }
}

/**
 * The two sides' answers as the one-thread replay's result, or why they cannot be trusted (a
 * string: the caller replays on one thread). Throws when the sides do not hold every area once:
 * that is a fault of the split, not of the log.
 */
export function mergeSides(
  results: readonly [SideResult, SideResult],
  options: ReplayOptions = {},
): ReplayResult | string {
  const owner = new Int8Array(order.length).fill(-1)
  for (const r of results)
    for (const place of r.areas) {
      if (owner[place] !== -1) throw new Error(`the split folded ${order[place]} on both sides`)
      owner[place] = r.side
    }
  const dropped = order.filter((_, place) => owner[place] === -1)
  if (dropped.length > 0) throw new Error(`the split folded no side for ${dropped.join(', ')}`)
  for (const r of results) if (r.doubt !== undefined) return r.doubt
  const [first, second] = results
  if (first.side !== 0 || second.side !== 1) throw new Error('the sides come first, then second')
  const lines = first.lines
  if (second.lines !== lines || second.filled !== first.filled) throw new Error('sides of two texts')
  if (first.checked + second.checked !== first.filled) return 'a line was checked by no side'
  if (!HeaderLine.is(first.header) || !TrailerLine.is(first.trailer)) return 'no header or no trailer'
  // Each line's seq is in the array of the side that checked it (the other's holds 0 there).
  const seqs = new Int32Array(lines + 2)
  for (const { seqs: own } of results) for (let n = 1; n < own.length && n <= lines; n++) seqs[n] ||= own[n]!
  // The header on the first line that is not blank, then seqs 1, 2, 3…, then the trailer last.
  let n = 1
  while (n <= lines && seqs[n] === 0) n++
  if (seqs[n] !== HEADER_LINE) return 'the header is not first'
  let lastSeq = 0
  let events = 0
  for (n++; n <= lines; n++) {
    const seq = seqs[n]!
    if (seq === 0) continue
    if (seq === TRAILER_LINE) break
    if (seq !== lastSeq + 1) return `seq ${seq} after ${lastSeq}`
    lastSeq = seq
    events++
  }
  for (n++; n <= lines; n++) if (seqs[n] !== 0) return 'a line after the trailer'
  if (first.trailer.lastSeq > lastSeq) return "the trailer's last seq is past the log's"
  const state: Record<string, unknown> = { ...initialAppState }
  for (const r of results) for (const [place, slice] of r.changed) state[order[place]!] = slice
  return replayResult(
    state as AppState,
    {
      events,
      lastSeq,
      errors: [],
      header: first.header,
      expectedHash: first.trailer.stateHash,
      comparable: true,
    },
    options,
  )
}

/** Whether a replay with these options may split: one that stops early or reports each event may not. */
export const splittable = (options: ReplayOptions): boolean =>
  options.until === undefined && options.onEvent === undefined && options.onSnapshot === undefined

/**
 * The split replay with both sides on this thread, one after the other: the result, or why it
 * cannot be trusted (what the Node adapter runs on two threads, and what the tests compare).
 */
export function replaySplitOrDoubt(text: string, options: ReplayOptions = {}): ReplayResult | string {
  if (!splittable(options)) return 'a replay that stops early or reports each event'
  const plan = planSplit(text)
  return mergeSides([replaySide(text, plan, 0), replaySide(text, plan, 1)], options)
}

/** The split replay on this thread, or the one-thread replay when it is in doubt: `replayLog`'s result, always. */
export function replaySplit(text: string, options: ReplayOptions = {}): ReplayResult {
  const split = replaySplitOrDoubt(text, options)
  return typeof split === 'string' ? replayLog(text, options) : split
}
