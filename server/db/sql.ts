/**
 * The database as every store sees it: asynchronous, and the same on both engines, the embedded
 * SQLite (the default) and PostgreSQL (`DATABASE_URL=postgres://…`).
 *
 * The SQL a store writes runs on both, so it keeps to what they share:
 * - parameters as `?` (PostgreSQL's engine numbers them itself);
 * - `INSERT … ON CONFLICT (…) DO UPDATE SET … / DO NOTHING` rather than `INSERT OR REPLACE/IGNORE`;
 * - `RETURNING id` for a new row's id rather than lastInsertRowid;
 * - times as ISO-8601 TEXT, read from `ctx.clock`; flags as INTEGER 0/1; counts come back as
 *   numbers on both (PostgreSQL's bigint is read as a number);
 * - a case-insensitive match as `lower(x) LIKE lower(?)` (SQLite's LIKE ignores ASCII case,
 *   PostgreSQL's does not);
 * - no engine catalogue (`sqlite_master`, `pg_class`) and no engine functions (`datetime`, `now()`).
 */

import type { Clock } from '../clock'

export type SqlValue = string | number | bigint | boolean | null | Uint8Array
export type SqlParams = readonly SqlValue[]

/** `?, ?, …` for `n` values: the placeholders of an `IN (…)` list. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ')

export interface RunResult {
  /** Rows the statement inserted, changed or deleted. */
  readonly changes: number
}

export type Engine = 'sqlite' | 'postgres'

export interface Sql {
  readonly engine: Engine
  /** Every row the statement answers. */
  all<T>(text: string, params?: SqlParams): Promise<T[]>
  /**
   * Every row as an array of its columns in the order selected: for pages of many rows, where
   * making each row an object (better-sqlite3 does it through V8's C++ API) cost more than the
   * query itself.
   */
  rows(text: string, params?: SqlParams): Promise<unknown[][]>
  /** The first row, or undefined. */
  one<T>(text: string, params?: SqlParams): Promise<T | undefined>
  /** A statement for its effect. */
  run(text: string, params?: SqlParams): Promise<RunResult>
  /**
   * `work` all or nothing: every statement it runs through `tx` is committed together, or none
   * is when it throws. Other statements (of other requests) never see its writes half done, and
   * on SQLite wait until it ends. Inside, use `tx` only: `work` must not wait on a statement run
   * through the outer handle (it would wait for itself).
   */
  transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * Inside a transaction (`tx`): runs `task` once the outermost transaction has committed, before
   * its `transaction` call returns; never when it (or the nested transaction that asked) rolls
   * back. For what must not happen unless the commit does (removing a file the rows named). The
   * commit stands whatever the task does: its failure is ignored, so it handles its own. Outside a
   * transaction there is no commit to wait for: it throws.
   */
  afterCommit(task: () => Promise<void>): void
}

/** Runs the tasks a committed transaction asked for, in order; a failing one stops no other. */
export async function runAfterCommit(tasks: ReadonlyArray<() => Promise<void>>): Promise<void> {
  for (const task of tasks) await task().catch(() => undefined)
}

export const noTransaction = (): never => {
  throw new Error('afterCommit outside a transaction: there is no commit to wait for')
}

/**
 * How a commit survives a power loss or an operating system crash; a crash of the platform's own
 * process loses no commit either way. `full` (the default): once committed, on disk. `relaxed`:
 * the last commits before a power loss may be lost (never half of one), for writes that cost no
 * user anything to lose: a remote's cache (fetched again from its upstream), a remote's state,
 * download counts. SQLite commits it with `synchronous = NORMAL` (WAL), PostgreSQL with
 * `synchronous_commit = off`. A nested transaction commits with its outer one, so takes its kind.
 */
export type Durability = 'full' | 'relaxed'

export interface TransactionOptions {
  readonly durability?: Durability
}

/** An engine as the platform holds it: the store interface, plus migrations and closing. */
export interface Database extends Sql {
  /** Runs the migrations not run yet, in order, each recorded with `clock`'s time; answers the names it ran. */
  migrate(clock?: Clock): Promise<string[]>
  close(): Promise<void>
}

/** `?` placeholders as PostgreSQL's `$1, $2, …`, leaving quoted text and identifiers alone. */
export function numberedPlaceholders(text: string): string {
  let out = ''
  let n = 0
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      out += c
      if (c === quote) quote = undefined
    } else if (c === "'" || c === '"') {
      quote = c
      out += c
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      out += text.slice(i, stop)
      i = stop - 1
    } else if (c === '?') {
      out += `$${++n}`
    } else {
      out += c
    }
  }
  return out
}
