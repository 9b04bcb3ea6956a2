/** Which recorded events the debug panel lists: by area, by type, by any text in them. */
import type { AppEvent } from '../app'
import type { Envelope } from '../shared/area'

export interface EventFilter {
  /** An area key (`search`), or '' for every area. */
  readonly area: string
  /** Part of the event type, any case (`rejected`). */
  readonly type: string
  /** Part of the event's data, correlation id or source, any case. */
  readonly text: string
}

export const noFilter: EventFilter = { area: '', type: '', text: '' }

export const areaOfType = (type: string): string => type.split('/')[0] ?? ''

/** The areas that occur in these events, sorted, for the area filter's options. */
export function areasIn(envelopes: ReadonlyArray<Envelope<AppEvent>>): ReadonlyArray<string> {
  return [...new Set(envelopes.map((e) => areaOfType(e.event.type)))].sort()
}

export function matchesFilter(envelope: Envelope<AppEvent>, filter: EventFilter): boolean {
  const { type } = envelope.event
  if (filter.area && areaOfType(type) !== filter.area) return false
  if (filter.type && !type.toLowerCase().includes(filter.type.toLowerCase())) return false
  if (!filter.text) return true
  const needle = filter.text.toLowerCase()
  return (
    envelope.corr.toLowerCase().includes(needle) ||
    envelope.source.includes(needle) ||
    JSON.stringify(envelope.event.data).toLowerCase().includes(needle)
  )
}

/** Indexes (into `envelopes`) of the events the filter keeps, in log order. */
export function filterEvents(
  envelopes: ReadonlyArray<Envelope<AppEvent>>,
  filter: EventFilter,
): ReadonlyArray<number> {
  const out: number[] = []
  for (let i = 0; i < envelopes.length; i++) if (matchesFilter(envelopes[i]!, filter)) out.push(i)
  return out
}

/** The commands the bus refused, with the reasons it recorded. */
export function rejectedCommands(
  envelopes: ReadonlyArray<Envelope<AppEvent>>,
): ReadonlyArray<{ readonly seq: number; readonly command: string; readonly reason: string }> {
  const out: Array<{ seq: number; command: string; reason: string }> = []
  for (const e of envelopes)
    if (e.event.type === 'bus/CommandRejected') out.push({ seq: e.seq, ...e.event.data })
  return out
}
