/**
 * The metadata API's own records: the versions a caller's partial grants hide, and the query
 * budgets every node shares. Portable SQL over the stores' interface (server/db/sql.ts).
 */
import type { Sql, TransactionOptions } from '../db/sql'

/** A caller's GraphQL budget: a token bucket. */
export interface BudgetLimits {
  /** Cost units a caller regains per second. */
  readonly perSecond: number
  /** Most cost units a caller may spend at once. */
  readonly burst: number
}

/**
 * A caller's bucket refilled to now, at most the burst: the row's own values, so nodes taking
 * at once each see the other's take (the upsert holds the row while it runs, on either engine).
 * Parameters: now, rate per ms, burst, burst, now, rate per ms.
 */
const REFILLED = `(CASE WHEN graphql_budgets.tokens + (? - graphql_budgets.at_ms) * CAST(? AS DOUBLE PRECISION) >= ?
    THEN ? ELSE graphql_budgets.tokens + (? - graphql_budgets.at_ms) * CAST(? AS DOUBLE PRECISION) END)`

const RELAXED: TransactionOptions = { durability: 'relaxed' }

const Q = {
  versionPaths: 'SELECT id, lead_file_path AS path FROM catalog_versions WHERE repo = ?',
  take: `INSERT INTO graphql_budgets (caller, tokens, at_ms, admitted) VALUES (?, ?, ?, ?)
     ON CONFLICT (caller) DO UPDATE SET
       tokens = CASE WHEN ${REFILLED} >= ? THEN ${REFILLED} - ? ELSE ${REFILLED} END,
       admitted = CASE WHEN ${REFILLED} >= ? THEN 1 ELSE 0 END,
       at_ms = ?
     RETURNING tokens, admitted`,
  forget: 'DELETE FROM graphql_budgets WHERE at_ms < ?',
} as const

export interface Taken {
  /** Whether the cost was taken. */
  readonly admitted: boolean
  /** What the bucket holds now. */
  readonly tokens: number
}

export function metadataStore(sql: Sql) {
  return {
    /** The lead file path of each version of a repository. */
    versionPaths(repo: string): Promise<Array<{ id: string; path: string | null }>> {
      return sql.all(Q.versionPaths, [repo])
    },

    /** Takes `cost` from the caller's bucket when it holds that much, in one statement. */
    async takeBudget(caller: string, cost: number, limits: BudgetLimits, nowMs: number): Promise<Taken> {
      const rate = limits.perSecond / 1000
      const refilled = [nowMs, rate, limits.burst, limits.burst, nowMs, rate]
      const fresh = limits.burst >= cost
      const params = [
        caller,
        fresh ? limits.burst - cost : limits.burst,
        nowMs,
        fresh ? 1 : 0,
        ...refilled,
        cost,
        ...refilled,
        cost,
        ...refilled,
        ...refilled,
        cost,
        nowMs,
      ]
      type Row = { tokens: number; admitted: number }
      // SQLite: one writer at a time, committed relaxed (a bucket lost with the last moments
      // before a power loss is one refilled early). PostgreSQL: the statement on its own, whose
      // upsert locks the row and reads its latest version, so nodes taking at once wait for each
      // other; in a SERIALIZABLE transaction they would fail instead (its table is UNLOGGED: no
      // wait for the disk either).
      const row =
        sql.engine === 'sqlite'
          ? await sql.transaction((tx) => tx.one<Row>(Q.take, params), RELAXED)
          : await sql.one<Row>(Q.take, params)
      return { admitted: Number(row!.admitted) === 1, tokens: Number(row!.tokens) }
    },

    /** Forgets buckets untouched since `beforeMs` (full by now: a missing bucket starts full). */
    async forgetBudgets(beforeMs: number): Promise<number> {
      return (await sql.run(Q.forget, [beforeMs])).changes
    },
  }
}
