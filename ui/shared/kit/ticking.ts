/**
 * Shared clocks for relative times: one timer per period however many times are shown, so a
 * list of thousands of rows costs one interval, not one per row. A time re-renders as often as
 * its wording can change: every second under a minute old, then less often.
 */
import { useCallback, useSyncExternalStore } from 'react'

interface Clock {
  now: number
  readonly listeners: Set<() => void>
  timer: ReturnType<typeof setInterval> | undefined
}

const clocks = new Map<number, Clock>()

const clockOf = (period: number): Clock => {
  let clock = clocks.get(period)
  if (clock === undefined) {
    clock = { now: Date.now(), listeners: new Set(), timer: undefined }
    clocks.set(period, clock)
  }
  return clock
}

/** How often a time `ageMs` old needs its words checked. */
export function tickPeriod(ageMs: number): number {
  const age = Math.abs(ageMs)
  if (age < 60_000) return 1_000
  if (age < 3_600_000) return 15_000
  if (age < 86_400_000) return 300_000
  return 3_600_000
}

/**
 * The clock's time, moving on every `period` ms while the component is mounted. A clock that
 * was idle gives the time of its last tick until its next: take the later of it and the time
 * the component mounted.
 */
export function useTicking(period: number): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      const clock = clockOf(period)
      clock.listeners.add(listener)
      // The clock's time is not refreshed here: it moved on its snapshot, read while rendering,
      // and every time mounted with it (a list's rows) rendered a second time. Callers take the
      // later of it and their own mount time (RelativeTime), so an idle clock's old time is safe.
      if (clock.timer === undefined) {
        clock.timer = setInterval(() => {
          clock.now = Date.now()
          for (const l of clock.listeners) l()
        }, period)
      }
      return () => {
        clock.listeners.delete(listener)
        if (clock.listeners.size === 0 && clock.timer !== undefined) {
          clearInterval(clock.timer)
          clock.timer = undefined
        }
      }
    },
    [period],
  )
  const snapshot = useCallback(() => clockOf(period).now, [period])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
