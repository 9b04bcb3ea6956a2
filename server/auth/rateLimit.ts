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
import type { Db } from '../db'

export interface RateLimiter {
  /**
   * Counts one attempt against the key, or throws 429 (with Retry-After) without counting
   * when the key has used up its window. One IMMEDIATE transaction: atomic across nodes.
   */
  take(key: string, reply: FastifyReply): void
  /** Gives back one attempt taken by `take` (the secret was right). */
  refund(key: string): void
}

export function createRateLimiter(
  { db, clock }: { readonly db: Db; readonly clock: Clock },
  limits: ServerConfig['rateLimit'],
): RateLimiter {
  const read = db.prepare('SELECT window_start, count FROM rate_limits WHERE key = ?')
  const start = db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT(key) DO UPDATE SET window_start = excluded.window_start, count = 1`,
  )
  const increment = db.prepare('UPDATE rate_limits SET count = count + 1 WHERE key = ?')
  const decrement = db.prepare(
    'UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0 AND window_start + ? > ?',
  )
  const prune = db.prepare('DELETE FROM rate_limits WHERE window_start + ? <= ?')
  let takes = 0
  const takeOrRefuse = db.transaction((key: string, now: number): number | undefined => {
    const row = read.get(key) as { window_start: number; count: number } | undefined
    if (!row || row.window_start + limits.windowMs <= now) {
      start.run(key, now)
      return undefined
    }
    if (row.count >= limits.max) return row.window_start + limits.windowMs - now
    increment.run(key)
    return undefined
  })
  return {
    take(key, reply) {
      const now = clock.now()
      const waitMs = takeOrRefuse.immediate(key, now)
      // Keeps the table bounded without a timer.
      if (++takes % 100 === 0) prune.run(limits.windowMs, now)
      if (waitMs === undefined) return
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
      reply.header('Retry-After', String(retryAfter))
      throw new HttpError(429, `Too many attempts; try again in ${retryAfter} seconds`, 'RATE_LIMITED')
    },
    refund(key) {
      decrement.run(key, limits.windowMs, clock.now())
    },
  }
}
