/**
 * How much metadata query work one caller may ask of a node: a bucket of
 * cost units (the field resolutions the cost check counts) per caller, refilled at a steady
 * rate up to a burst. Queries run to completion one at a time on a node's event loop, so the
 * work a caller asks for per second, not the number of its open requests, is what crowds out
 * everyone else; a caller past its budget is told when to come back (429, Retry-After).
 * Per node, in memory: a cluster of N nodes gives a caller at most N budgets.
 */
export interface BudgetLimits {
  /** Cost units a caller regains per second. */
  readonly perSecond: number
  /** Most cost units a caller may spend at once. */
  readonly burst: number
}

export interface CostBudget {
  /** Spends `cost` of the caller's budget; answers how long to wait (ms) when it holds too little. */
  take(caller: string, cost: number): number | undefined
}

const MAX_CALLERS = 10_000

export function costBudget(limits: BudgetLimits, now: () => number = Date.now): CostBudget {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(caller, cost) {
      const t = now()
      const bucket = buckets.get(caller) ?? { tokens: limits.burst, at: t }
      const tokens = Math.min(limits.burst, bucket.tokens + ((t - bucket.at) / 1000) * limits.perSecond)
      if (tokens < cost) {
        buckets.set(caller, { tokens, at: t })
        return Math.ceil(((cost - tokens) / limits.perSecond) * 1000)
      }
      // Bounded: callers that have not asked for a while are forgotten (their bucket is full).
      if (!buckets.has(caller) && buckets.size >= MAX_CALLERS) buckets.clear()
      buckets.set(caller, { tokens: tokens - cost, at: t })
      return undefined
    },
  }
}
