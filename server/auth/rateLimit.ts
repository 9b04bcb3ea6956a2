/**
 * Fixed-window counters per key in the database, so every cluster node sees the same
 * count. Login and OTP count failed attempts only (a person who signs in correctly is never
 * locked out by their own successes); forgot-password counts every request.
 */
import type { FastifyReply } from 'fastify'
import type { ServerConfig } from '../config'
import { HttpError } from '../context'
import type { Db } from '../db'

export interface RateLimiter {
  /** Throws 429 (with Retry-After) when the key has used up its window. */
  check(key: string, reply: FastifyReply): void
  /** Counts one attempt against the key. */
  hit(key: string): void
  /** Forgets the key (e.g. after a successful login). */
  reset(key: string): void
}

export function createRateLimiter(db: Db, limits: ServerConfig['rateLimit']): RateLimiter {
  const read = db.prepare('SELECT window_start, count FROM rate_limits WHERE key = ?')
  const upsert = db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start + ? <= excluded.window_start THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start + ? <= excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END`,
  )
  const remove = db.prepare('DELETE FROM rate_limits WHERE key = ?')
  const prune = db.prepare('DELETE FROM rate_limits WHERE window_start + ? <= ?')
  let hits = 0
  return {
    check(key, reply) {
      const row = read.get(key) as { window_start: number; count: number } | undefined
      const now = Date.now()
      if (!row || row.window_start + limits.windowMs <= now || row.count < limits.max) return
      const retryAfter = Math.max(1, Math.ceil((row.window_start + limits.windowMs - now) / 1000))
      reply.header('Retry-After', String(retryAfter))
      throw new HttpError(429, `Too many attempts; try again in ${retryAfter} seconds`, 'RATE_LIMITED')
    },
    hit(key) {
      const now = Date.now()
      upsert.run(key, now, limits.windowMs, limits.windowMs)
      // Keeps the table bounded without a timer.
      if (++hits % 100 === 0) prune.run(limits.windowMs, now)
    },
    reset(key) {
      remove.run(key)
    },
  }
}
