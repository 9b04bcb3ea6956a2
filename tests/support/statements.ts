/**
 * The statements a server runs while it does something, counted where each is sent: through the
 * platform's database handle and through every transaction's handle opened on it (nested ones
 * too). On PostgreSQL each is a round trip to another process, so a count that grows with the
 * rows a request touches (a read or a write per row) is what makes a request slow there and not
 * on SQLite.
 *
 * A transaction PostgreSQL refused for a conflict with another (server/db/postgresSql.ts) runs
 * its work again: the statements of the refused attempt are taken out of the count, which is
 * about what a request's work sends, not about how often the engine made it start over (under
 * load a background job's commit now and then falls between a request's read and its write).
 */
import type { Sql, SqlParams } from '../../server/db/sql'

export interface SentStatement {
  /** The statement's text, its white space made single. */
  readonly text: string
  readonly params: SqlParams
}

type Method = 'all' | 'one' | 'run' | 'rows'
const METHODS: readonly Method[] = ['all', 'one', 'run', 'rows']
const REPLACED: ReadonlyArray<Method | 'transaction'> = [...METHODS, 'transaction']

/** Where a handle writes what it sends: the whole count, and the attempt each statement was part of. */
type Recorder = (statement: SentStatement) => void

/** `sql` as a handle that records each statement it sends, its transactions' too. */
function counting(sql: Sql, seen: SentStatement[], record: Recorder): Sql {
  const said = (text: string, params: SqlParams = []) =>
    record({ text: text.replace(/\s+/g, ' ').trim(), params })
  return {
    engine: sql.engine,
    all: (text, params) => (said(text, params), sql.all(text, params)),
    one: (text, params) => (said(text, params), sql.one(text, params)),
    run: (text, params) => (said(text, params), sql.run(text, params)),
    rows: (text, params) => (said(text, params), sql.rows(text, params)),
    transaction: (work, options) => {
      let attempt: SentStatement[] = []
      return sql.transaction((tx) => {
        // Called again only after the engine refused the attempt before: its statements go.
        for (const refused of attempt) {
          const at = seen.indexOf(refused)
          if (at >= 0) seen.splice(at, 1)
        }
        attempt = []
        return work(
          counting(tx, seen, (statement) => {
            attempt.push(statement)
            record(statement)
          }),
        )
      }, options)
    },
    afterCommit: (task) => sql.afterCommit(task),
  }
}

/**
 * Runs `work` with the statements `sql` (a platform's `ctx.sql`) sends seen; answers them in the
 * order sent, less those of refused attempts. Statements of a transaction opened before `work`
 * began are not seen; those of work running beside it (a background job) are.
 */
export async function statementsDuring(sql: Sql, work: () => Promise<unknown>): Promise<SentStatement[]> {
  const seen: SentStatement[] = []
  const target = sql as unknown as Record<Method | 'transaction', unknown>
  const saved = Object.fromEntries(REPLACED.map((m) => [m, target[m]]))
  const sending = counting({ ...sql, ...saved } as Sql, seen, (statement) => void seen.push(statement))
  for (const m of REPLACED) target[m] = sending[m]
  try {
    await work()
  } finally {
    Object.assign(target, saved)
  }
  return seen
}

/** How many times each text was sent, the most sent first. */
export function timesEachText(statements: readonly SentStatement[]): Array<[string, number]> {
  const times = new Map<string, number>()
  for (const s of statements) times.set(s.text, (times.get(s.text) ?? 0) + 1)
  return [...times].sort((a, b) => b[1] - a[1])
}
