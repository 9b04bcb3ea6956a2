/**
 * Fixed-window counters per key in the database, so every cluster node sees the same
 * count. An attempt is taken (counted) atomically BEFORE the secret is checked: guesses sent
 * in parallel all count, and the ones over the limit are refused without checking anything.
 * Login, OTP and re-authentication give back the attempt they took when the secret was
 * right (a person who signs in correctly is never locked out by their own successes), but a
 * success never forgets the others' failures; forgot-password keeps every attempt.
 */
import type { FastifyReply } from 'fastify'
import type { ServerConfig } from '../config'
import { HttpError } from '../context'
import type { Clock } from '../clock'
import type { Sql } from '../db/sql'

export interface RateLimiter {
  /**
   * Counts one attempt against the key, or throws 429 (with Retry-After) without counting
   * when the key has used up its window. Each step is one conditional statement, atomic on both
   * engines and across nodes, so parallel attempts never count past the limit.
   */
  take(key: string, reply: FastifyReply): Promise<void>
  /** Gives back one attempt taken by `take` (the secret was right). */
  refund(key: string): Promise<void>
}

// Within the window and under the limit: one more.
const COUNT_ONE_MORE =
  'UPDATE rate_limits SET count = count + 1 WHERE key = ? AND window_start + ? > ? AND count < ?'
// No row, or its window is over: a new window with this attempt in it.
const NEW_WINDOW = `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
  ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = 1
  WHERE rate_limits.window_start + ? <= ?`
const WINDOW_OF = 'SELECT window_start FROM rate_limits WHERE key = ?'
const GIVE_BACK =
  'UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0 AND window_start + ? > ?'
const PRUNE = 'DELETE FROM rate_limits WHERE window_start + ? <= ?'

export function createRateLimiter(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  limits: ServerConfig['rateLimit'],
): RateLimiter {
  let takes = 0
  /** The wait until the key's window ends when it is used up, or undefined once counted. */
  const takeOrRefuse = async (key: string, now: number): Promise<number | undefined> => {
    // Twice at most: another node may open the new window between the two statements.
    for (let attempt = 0; attempt < 2; attempt++) {
      if ((await sql.run(COUNT_ONE_MORE, [key, limits.windowMs, now, limits.max])).changes === 1)
        return undefined
      if ((await sql.run(NEW_WINDOW, [key, now, limits.windowMs, now])).changes === 1) return undefined
    }
    const row = await sql.one<{ window_start: number }>(WINDOW_OF, [key])
    return (row?.window_start ?? now) + limits.windowMs - now
  }
  return {
    async take(key, reply) {
      const now = clock.now()
      const waitMs = await takeOrRefuse(key, now)
      // Keeps the table bounded without a timer.
      if (++takes % 100 === 0) await sql.run(PRUNE, [limits.windowMs, now])
      if (waitMs === undefined) return
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
      reply.header('Retry-After', String(retryAfter))
      throw new HttpError(429, `Too many attempts; try again in ${retryAfter} seconds`, 'RATE_LIMITED')
    },
    async refund(key) {
      await sql.run(GIVE_BACK, [key, limits.windowMs, clock.now()])
    },
  }
}
