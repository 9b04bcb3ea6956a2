/**
 * The metadata migration (spec 001 section 2, "A migration is running after an upgrade and
 * results may be partial"): every package's summary (latest versions, counts, dates) is
 * computed again from its versions, a batch at a time, so searches keep being answered
 * meanwhile, with partial results. While it runs the features say `metadataMigrationRunning`,
 * which the packages list turns into that text.
 */
import type { ServerContext } from '../context'
import { refreshPackages } from './store'
import { migrationStore } from './migrationStore'

/** A migration whose last step is older than this stopped (its node went away). */
const STALE_AFTER_MS = 5 * 60_000
const BATCH = 100

const iso = (ms: number) => new Date(ms).toISOString()
const staleBefore = (ctx: ServerContext) => iso(ctx.clock.now() - STALE_AFTER_MS)

export interface MigrationOptions {
  readonly batch?: number
  /** Awaited between batches: the next turn of the event loop, so requests are served. */
  readonly between?: () => Promise<void>
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function metadataMigrationRunning(ctx: ServerContext): Promise<boolean> {
  return migrationStore(ctx.sql).running(staleBefore(ctx))
}

/**
 * Claims the migration and answers at once: `finished` settles when every package was
 * refreshed; `started` is false (and nothing runs) when another migration is under way.
 */
export async function startMetadataMigration(
  ctx: ServerContext,
  options: MigrationOptions = {},
): Promise<{ readonly started: boolean; readonly finished: Promise<void> }> {
  const store = migrationStore(ctx.sql)
  const now = () => iso(ctx.clock.now())
  if (!(await store.claim(now(), staleBefore(ctx)))) return { started: false, finished: Promise.resolve() }
  const batch = options.batch ?? BATCH
  const between = options.between ?? nextTurn
  const finished = (async () => {
    try {
      let after = ''
      for (;;) {
        const ids = await store.packageIdsAfter(after, batch)
        if (ids.length === 0) break
        await ctx.sql.transaction((tx) => refreshPackages(tx, ids))
        after = ids.at(-1)!
        await store.touch(now())
        await between()
      }
    } finally {
      await store.release()
    }
  })()
  return { started: true, finished }
}
