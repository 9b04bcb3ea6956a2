/**
 * Work one node of the platform does at a time, whichever node that is (nodes on several hosts
 * have no "first" node): the node holding a lease in the database runs it. Every node tries to
 * take the lease every `renewMs`; the holder's try renews it, another's succeeds once the lease
 * was not renewed for three of those (its holder died, hung or lost the database), and that node
 * then runs the work. A node that stops gives the lease up, so another takes it at its next try.
 */
import type { Clock } from '../clock'
import type { Sql } from '../db/sql'
import { opsStore } from './store'

/** How often a node tries to take or renew a lease; a lease lasts three of these. */
export const LEASE_RENEW_MS = 10_000

export interface LeasedSchedule {
  /** The try under way, done (tests wait for it rather than for time). */
  settled(): Promise<void>
  /** Stops trying and gives the lease up. */
  stop(): Promise<void>
}

/**
 * Runs `job(true)` when this node takes the lease `name`, then `job(false)` every `intervalMs`
 * while it holds it. `job` starts work and returns: work that takes long must not hold the
 * renewals up, or the lease would pass to another node while it runs.
 */
export function leasedSchedule(
  sql: Sql,
  options: {
    readonly name: string
    /** This node's id: unique on the platform (server/ops/topology.ts, hostNodeIds). */
    readonly holder: string
    readonly clock: Clock
    readonly intervalMs: number
    readonly renewMs?: number
    readonly job: (taken: boolean) => void
    readonly onError: (error: unknown) => void
  },
): LeasedSchedule {
  const store = opsStore(sql)
  const renewMs = options.renewMs ?? LEASE_RENEW_MS
  let holding = false
  let nextRun = 0
  let stopped = false
  let running: Promise<void> | undefined
  const attempt = async () => {
    const now = options.clock.now()
    let held = false
    try {
      held = await store.takeLease(options.name, options.holder, now + 3 * renewMs, now)
    } catch (error) {
      // The database is away: whoever holds the lease when it is back runs the work.
      options.onError(error)
    }
    if (stopped) return
    const taken = held && !holding
    holding = held
    if (!held || (!taken && now < nextRun)) return
    nextRun = now + options.intervalMs
    try {
      options.job(taken)
    } catch (error) {
      options.onError(error)
    }
  }
  // One try at a time: a timer firing during a slow try (or a test's clock moved by a day at
  // once) is skipped, not queued.
  const tryNow = () => {
    running ??= attempt().finally(() => (running = undefined))
  }
  tryNow()
  const stopTimer = options.clock.every(renewMs, tryNow)
  return {
    settled: async () => {
      await running
    },
    async stop() {
      stopped = true
      stopTimer()
      await running
      if (!holding) return
      holding = false
      await store.releaseLease(options.name, options.holder).catch(options.onError)
    },
  }
}
