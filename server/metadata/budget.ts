/**
 * How much metadata query work one caller may ask of the platform: a bucket of cost units (the
 * field resolutions the cost check counts) per caller, refilled at a steady rate up to a burst.
 * Queries run to completion one at a time on a node's event loop, so the work a caller asks for
 * per second, not the number of its open requests, is what crowds out everyone else; a caller
 * past its budget is told when to come back (429, Retry-After).
 *
 * The buckets are in the database, one per caller for every node: a budget per node would be one
 * a caller multiplies by spreading its queries over the nodes behind a load balancer.
 */
import type { Sql } from '../db/sql'
import { metadataStore, type BudgetLimits } from './store'

// The limits are the store's to know (it refills in SQL), so the store does not import this file.
export type { BudgetLimits } from './store'

export interface CostBudget {
  /** Spends `cost` of the caller's budget; answers how long to wait (ms) when it holds too little. */
  take(caller: string, cost: number): Promise<number | undefined>
}

/** Takes between two clear-outs of buckets nobody used for a while, per node. */
const FORGET_EVERY = 1000

/** How long a caller waits for `cost` when its bucket holds `tokens`. */
export const waitFor = (limits: BudgetLimits, tokens: number, cost: number): number =>
  Math.ceil(((cost - tokens) / limits.perSecond) * 1000)

export function costBudget(sql: Sql, limits: BudgetLimits, now: () => number): CostBudget {
  const store = metadataStore(sql)
  // A bucket untouched this long has refilled to the burst: forgetting it changes nothing.
  const fullAfterMs = Math.ceil((limits.burst / limits.perSecond) * 1000)
  let takes = 0
  return {
    async take(caller, cost) {
      const t = now()
      if (++takes % FORGET_EVERY === 0) await store.forgetBudgets(t - fullAfterMs)
      const taken = await store.takeBudget(caller, cost, limits, t)
      return taken.admitted ? undefined : waitFor(limits, taken.tokens, cost)
    },
  }
}
