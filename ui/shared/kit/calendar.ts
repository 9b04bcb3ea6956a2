/**
 * Calendar days for the DateField: ISO 'yyyy-mm-dd' strings (its value) and reading what the
 * user typed in the locale's order (from the date module, dates.ts). Pure. The month grid's
 * arithmetic is monthGrid.ts, loaded with the calendar.
 */
import type { DayPart } from '../dates'

export interface Day {
  readonly year: number
  readonly month: number // 1-12
  readonly day: number
}

export const daysInMonth = (year: number, month: number) => {
  const d = new Date(Date.UTC(2000, month, 0))
  d.setUTCFullYear(year, month, 0)
  return d.getUTCDate()
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

export const toIso = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`

/** The day of an ISO day ('2026-03-12', or the day of a timestamp); undefined if there is none. */
export function fromIso(iso: string | undefined): Day | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  if (!m) return undefined
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
    ? { year, month, day }
    : undefined
}

/** The day nearest to d within [min, max] (ISO days; either may be absent). */
export function clampDay(d: Day, min: string | undefined, max: string | undefined): Day {
  const iso = toIso(d)
  if (min && iso < min) return fromIso(min) ?? d
  if (max && iso > max) return fromIso(max) ?? d
  return d
}

export type Typed =
  | { readonly kind: 'empty' }
  | { readonly kind: 'day'; readonly day: Day }
  /** Not three groups of digits with a four-digit year. */
  | { readonly kind: 'shape' }
  | { readonly kind: 'noMonth'; readonly month: number }
  | { readonly kind: 'noDay'; readonly year: number; readonly month: number; readonly day: number }

/**
 * What the user typed, read in the locale's order of the parts ('03/12/2026' in en-US,
 * '12.03.2026' in de), or as an ISO day ('2026-03-12') in any locale.
 */
export function readTyped(text: string, order: ReadonlyArray<DayPart>): Typed {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  if (/[^\d\s./,-]/.test(trimmed)) return { kind: 'shape' }
  const groups = trimmed.split(/[^\d]+/).filter(Boolean)
  if (groups.length !== 3) return { kind: 'shape' }
  const parts = /^\d{4}-/.test(trimmed) ? (['year', 'month', 'day'] as const) : order
  const at = (part: DayPart) => groups[parts.indexOf(part)] ?? ''
  if (!/^\d{4}$/.test(at('year')) || at('month').length > 2 || at('day').length > 2) return { kind: 'shape' }
  const [year, month, day] = [Number(at('year')), Number(at('month')), Number(at('day'))]
  if (month < 1 || month > 12) return { kind: 'noMonth', month }
  if (day < 1 || day > daysInMonth(year, month)) return { kind: 'noDay', year, month, day }
  return { kind: 'day', day: { year, month, day } }
}
