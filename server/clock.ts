/**
 * The platform's clock port: the time its rules read (heartbeats, online status, one-time
 * codes, on-prem metrics) and the timer of its heartbeat. `npm start` runs on the system's
 * clock; tests pass a manual one and move it, so they drive time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Calls `tick` every `ms` milliseconds until the returned function is called. */
  every(ms: number, tick: () => void): () => void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    // A timer never keeps the process alive on its own.
    timer.unref()
    return () => clearInterval(timer)
  },
}

/** `now` as the ISO string the database stores. */
export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString()

export interface ManualClock extends Clock {
  /** Moves time forward, running every timer that falls due on the way, in order. */
  advance(ms: number): void
}

/** A clock that moves only when told, for tests. */
export function manualClock(startMs: number = Date.now()): ManualClock {
  let now = startMs
  interface Timer {
    readonly ms: number
    readonly tick: () => void
    due: number
    stopped: boolean
  }
  const timers: Timer[] = []
  return {
    now: () => now,
    every(ms, tick) {
      const timer: Timer = { ms, tick, due: now + ms, stopped: false }
      timers.push(timer)
      return () => {
        timer.stopped = true
      }
    },
    advance(ms) {
      const end = now + ms
      for (;;) {
        const next = timers.filter((t) => !t.stopped && t.due <= end).sort((a, b) => a.due - b.due)[0]
        if (!next) break
        now = next.due
        next.due += next.ms
        next.tick()
      }
      now = end
    },
  }
}
