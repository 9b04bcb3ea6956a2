/**
 * The one date module of the console: every date the UI shows goes through it. Dates arrive as
 * ISO strings (events carry facts); the view formats them with Intl in the browser's locale.
 */
// Every formatter is made when first used, not at import: the module loads with the chrome on
// every signed-in page, and a page formats with one or two of them, if any.
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}
const local = (options: Intl.DateTimeFormatOptions) => once(() => new Intl.DateTimeFormat(undefined, options))

const exact = local({ dateStyle: 'medium', timeStyle: 'short' })
const dayOnly = local({ dateStyle: 'medium' })
const relative = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }))

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
  return d ? exact().format(d) : iso
}

const toTheSecond = local({ dateStyle: 'medium', timeStyle: 'medium' })
const timeOnly = local({ timeStyle: 'short' })
const timeToTheSecond = local({ timeStyle: 'medium' })

/** '12 Mar 2026, 14:05:09': for moments a minute does not tell apart. */
export function formatDateTimeSeconds(iso: string): string {
  const d = parse(iso)
  return d ? toTheSecond().format(d) : iso
}

/**
 * The ends of a time axis, as precise as they must be to differ: the days when they fall on
 * different days, the times (to the second when within one minute) when on the same one, the
 * first with its day.
 */
export function formatSpan(fromIso: string, toIso: string): readonly [string, string] {
  const from = parse(fromIso)
  const to = parse(toIso)
  if (!from || !to) return [fromIso, toIso]
  const day = dayOnly()
  if (day.format(from) !== day.format(to)) return [day.format(from), day.format(to)]
  const time = (
    Math.floor(from.getTime() / 60_000) === Math.floor(to.getTime() / 60_000) ? timeToTheSecond : timeOnly
  )()
  return [`${day.format(from)}, ${time.format(from)}`, time.format(to)]
}

/** '12 Mar 2026'. */
export function formatDate(iso: string): string {
  const d = parse(iso)
  return d ? dayOnly().format(d) : iso
}

/** '3 minutes ago', 'in 2 days', 'now', relative to `now` (ms since the epoch). */
export function formatRelative(iso: string, now: number): string {
  const d = parse(iso)
  if (!d) return iso
  const seconds = Math.round((d.getTime() - now) / 1000)
  const abs = Math.abs(seconds)
  for (const [unit, size] of UNITS)
    if (abs >= size || unit === 'second') return relative().format(Math.round(seconds / size), unit)
  return relative().format(0, 'second')
}

// Calendar days ('2026-03-12', a DateField's value) have no time of day: they are formatted in
// UTC, so the local zone never shows the day before.
const inUtc = (options: Intl.DateTimeFormatOptions) => local({ ...options, timeZone: 'UTC' })
// Latin digits, so that what the field shows is what it reads back.
const digits = inUtc({ year: 'numeric', month: '2-digit', day: '2-digit', numberingSystem: 'latn' })
const full = inUtc({ dateStyle: 'full' })
const monthYear = inUtc({ month: 'long', year: 'numeric' })
const weekdayShort = inUtc({ weekday: 'short' })
const weekdayLong = inUtc({ weekday: 'long' })

/** The day of 'yyyy-mm-dd' at 00:00 UTC (years before 100 too), or undefined. */
const utcDay = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return undefined
  const d = new Date(0)
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return d
}
const formatDay = (format: () => Intl.DateTimeFormat) => (iso: string) => {
  const d = utcDay(iso)
  return d ? format().format(d) : iso
}

export type DayPart = 'year' | 'month' | 'day'

/**
 * How the user's locale writes a day in digits: the parts' order (month, day, year in en-US)
 * and the pattern a date field shows as its hint ('mm/dd/yyyy', 'dd.mm.yyyy', 'yyyy-mm-dd').
 */
export const dayPattern = once(() => {
  const parts = digits().formatToParts(utcDay('2026-11-27'))
  const letters: Partial<Record<string, string>> = { year: 'yyyy', month: 'mm', day: 'dd' }
  return {
    order: parts.map((p) => p.type).filter((t): t is DayPart => t in letters),
    pattern: parts.map((p) => letters[p.type] ?? p.value).join(''),
  }
})

/** A day ('2026-03-12') in digits in the user's locale: '03/12/2026'. */
export const formatDayDigits = formatDay(digits)

/** 'Thursday, March 12, 2026': a calendar day's accessible name. */
export const formatDayFull = formatDay(full)

/** A day ('2026-03-12') as the other dates of the page are written: 'Mar 12, 2026'. */
export const formatDayMedium = formatDay(inUtc({ dateStyle: 'medium' }))

/** 'March 2026', the month of a day. */
export const formatMonthYear = formatDay(monthYear)

/** The weekday numbered 1 (Monday) to 7 (Sunday): ['Mon', 'Monday']. */
export const weekdayNames = (weekday: number) => {
  const d = utcDay(`2024-01-0${weekday}`) // 1 January 2024 was a Monday
  return [weekdayShort().format(d), weekdayLong().format(d)] as const
}

/** The first day of the week in the user's locale, 1 (Monday) to 7 (Sunday). */
export const firstDayOfWeek = once((): number => {
  const locale = new Intl.Locale(digits().resolvedOptions().locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number }
    weekInfo?: { firstDay: number }
  }
  return (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay ?? 1
})

const logTime = local({
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
})

/** '14:05:09.123' (a log line's time of day, in the browser's zone); the input when it is not a date. */
export function formatLogTime(iso: string): string {
  const d = parse(iso)
  return d ? logTime().format(d) : iso
}
