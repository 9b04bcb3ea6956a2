/**
 * The one date module of the console: every date the UI shows goes through it. Dates arrive as
 * ISO strings (events carry facts); the view formats them with Intl in the browser's locale.
 */
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dayOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

const parse = (iso: string): Date | undefined => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? undefined : d
}

/** '12 Mar 2026, 14:05' (the browser's locale); the input itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const d = parse(iso)
  return d ? exact.format(d) : iso
}

/** '12 Mar 2026'. */
export function formatDate(iso: string): string {
  const d = parse(iso)
  return d ? dayOnly.format(d) : iso
}

/** '3 minutes ago', 'in 2 days', 'now', relative to `now` (ms since the epoch). */
export function formatRelative(iso: string, now: number): string {
  const d = parse(iso)
  if (!d) return iso
  const seconds = Math.round((d.getTime() - now) / 1000)
  const abs = Math.abs(seconds)
  for (const [unit, size] of UNITS)
    if (abs >= size || unit === 'second') return relative.format(Math.round(seconds / size), unit)
  return relative.format(0, 'second')
}
