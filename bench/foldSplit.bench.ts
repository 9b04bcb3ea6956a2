/**
 * How far replay could go on two threads (issue 35's replay target, ≥ 0.6 of JSON.parse by wall
 * time): the areas are split in two halves of about equal bytes of the events that reach them,
 * and each side parses only the lines whose events reach its areas, decodes (checks) those no
 * other side checks, and folds its own areas. A line's type is read from its text before it is
 * parsed; the side that checks the line compares it with the parsed type (a mismatch would send
 * a real replay back to the one-thread path). Both sides run here one after the other, timed by
 * CPU: the heavier side's time is the wall time two free cores would take, before what running
 * them apart costs (starting a thread that loads the domain code, handing the text over, waiting,
 * bringing the slices back, the seq checks and the hash). Optional: `npm run bench -- foldSplit`.
 */
import { areas, initialAppState, type AppEvent } from '../domain/app'
import { reaches } from '../domain/areaRegistry'
import { decodeEventLine, replayLog } from '../domain/log'
import type { EventMeta } from '../domain/shared/area'
import type { Figure } from './types'
import { recordSessionLog } from './support/sampleSession'

export const optional = true
export const title = 'Replay split over two threads by area (simulated, CPU)'

type AnyEvolve = (slice: unknown, event: AppEvent, meta: EventMeta) => unknown

const TYPE_KEY = ',"type":"'

/** The type an event line names, read from its text (undefined when it names none there). */
function typeInText(line: string): string | undefined {
  const start = line.indexOf(TYPE_KEY)
  if (start < 0) return undefined
  const end = line.indexOf('"', start + TYPE_KEY.length)
  return end < 0 ? undefined : line.slice(start + TYPE_KEY.length, end)
}

/** Each area's side (0 or 1): the largest first, each to the side with fewer bytes so far. */
function splitAreas(lines: ReadonlyArray<string>): Map<string, number> {
  const bytes = new Map<string, number>(areas.map((a) => [a.key, 0]))
  for (const line of lines) {
    const type = typeInText(line)
    if (type === undefined) continue
    for (const a of areas) if (reaches(type, a)) bytes.set(a.key, bytes.get(a.key)! + line.length)
  }
  const side = new Map<string, number>()
  const load = [0, 0]
  for (const [key, b] of [...bytes].sort((x, y) => y[1] - x[1])) {
    const s = load[0]! <= load[1]! ? 0 : 1
    side.set(key, s)
    load[s]! += b
  }
  return side
}

/** One side's work over the whole log: the events it parses (the figures' check). */
function runSide(lines: ReadonlyArray<string>, sideOf: ReadonlyMap<string, number>, me: number): number {
  const order = areas.map((a) => a.key)
  const slots: unknown[] = order.map((key) => initialAppState[key])
  const routes = new Map<
    string,
    { sides: number; mine: ReadonlyArray<{ slot: number; evolve: AnyEvolve }> }
  >()
  let parsed = 0
  for (const line of lines) {
    const type = typeInText(line)
    // Lines that name no type (the header, the trailer) are the first side's.
    if (type === undefined) {
      if (me === 0) JSON.parse(line)
      continue
    }
    let route = routes.get(type)
    if (route === undefined) {
      const reached = areas.filter((a) => reaches(type, a))
      route = {
        sides: reached.reduce((m, a) => m | (1 << sideOf.get(a.key)!), 0),
        mine: reached
          .filter((a) => sideOf.get(a.key) === me)
          .map((a) => ({ slot: order.indexOf(a.key), evolve: a.evolve as AnyEvolve })),
      }
      routes.set(type, route)
    }
    if ((route.sides & (1 << me)) === 0) continue
    const raw = JSON.parse(line) as { type: string; data: unknown; at: string }
    parsed++
    // A line both sides parse is checked by the first.
    const checks = me === 0 || (route.sides & 1) === 0
    let event: AppEvent
    if (checks) {
      const decoded = decodeEventLine(raw)
      if (!decoded.ok || raw.type !== type) throw new Error(`line of ${type}: one-thread replay needed`)
      event = decoded.event
    } else event = { type: raw.type, data: raw.data } as AppEvent
    for (const { slot, evolve } of route.mine) slots[slot] = evolve(slots[slot], event, raw)
  }
  return parsed
}

function cpuTime(fn: () => void): number {
  const start = process.cpuUsage()
  fn()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

export async function run(): Promise<Figure[]> {
  const recorded = recordSessionLog(100_000)
  const all = recorded.split('\n').filter((l) => l !== '')
  const figures: Figure[] = []
  for (const count of [10_000, 100_000]) {
    const lines = all.slice(0, count + 1)
    // Partial: the lines are a cut of the recorded log, without its trailer.
    const text = `${lines.join('\n')}\n`
    const sideOf = splitAreas(lines)
    const best = { parse: Infinity, replay: Infinity, side0: Infinity, side1: Infinity }
    const parsed = [0, 0]
    for (let round = 0; round < 6; round++) {
      best.parse = Math.min(
        best.parse,
        cpuTime(() => lines.forEach((l) => JSON.parse(l))),
      )
      best.replay = Math.min(
        best.replay,
        cpuTime(() => {
          if (replayLog(text, { partial: true }).errors.length > 0) throw new Error('replay failed')
        }),
      )
      best.side0 = Math.min(
        best.side0,
        cpuTime(() => (parsed[0] = runSide(lines, sideOf, 0))),
      )
      best.side1 = Math.min(
        best.side1,
        cpuTime(() => (parsed[1] = runSide(lines, sideOf, 1))),
      )
    }
    const label = count.toLocaleString('en')
    const heavier = Math.max(best.side0, best.side1)
    figures.push(
      { name: `${label} events: JSON.parse only, CPU`, value: best.parse, unit: 'ms' },
      {
        name: `${label} events: replay on one thread, CPU`,
        value: best.replay,
        unit: 'ms',
        ratio: { to: 'of JSON.parse', value: best.parse / best.replay },
      },
      {
        name: `${label} events: each side, CPU (lines parsed)`,
        value: heavier,
        unit: `ms (${best.side0.toFixed(0)} / ${best.side1.toFixed(0)} ms; ${parsed[0]} / ${parsed[1]} of ${lines.length})`,
        ratio: { to: 'of JSON.parse, the heavier side', value: best.parse / heavier },
        target: '≥ 0.6 before the cost of two threads',
      },
    )
  }
  return figures
}
