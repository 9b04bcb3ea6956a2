/**
 * The DateField calendar's days: day and month arithmetic for its keys and the month's weeks.
 * Pure; loaded with the calendar (DatePicker.tsx), not with the field.
 */
import { daysInMonth, type Day } from './calendar'

const fromUtc = (d: Date): Day => ({
  year: d.getUTCFullYear(),
  month: d.getUTCMonth() + 1,
  day: d.getUTCDate(),
})
const asUtc = ({ year, month, day }: Day) => {
  const d = new Date(Date.UTC(2000, month - 1, day))
  d.setUTCFullYear(year)
  return d
}

export const addDays = (d: Day, n: number): Day => {
  const t = asUtc(d)
  t.setUTCDate(t.getUTCDate() + n)
  return fromUtc(t)
}

/** The same day n months on, or the month's last day when it is shorter (31 January + 1: 28 February). */
export const addMonths = (d: Day, n: number): Day => {
  const index = d.year * 12 + (d.month - 1) + n
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) }
}

/** 1 (Monday) to 7 (Sunday). */
export const weekday = (d: Day) => asUtc(d).getUTCDay() || 7

/** The month's weeks, each seven days or null (the days of the months before and after). */
export function monthWeeks(
  year: number,
  month: number,
  firstDay: number,
): ReadonlyArray<ReadonlyArray<Day | null>> {
  const lead = (weekday({ year, month, day: 1 }) - firstDay + 7) % 7
  const cells: Array<Day | null> = Array.from({ length: lead }, () => null)
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push({ year, month, day })
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7))
}
