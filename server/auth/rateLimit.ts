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
import { rateLimitRecords } from './store'

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

export function createRateLimiter(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  limits: ServerConfig['rateLimit'],
): RateLimiter {
  const records = rateLimitRecords(sql)
  let takes = 0
  /** The wait until the key's window ends when it is used up, or undefined once counted. */
  const takeOrRefuse = async (key: string, now: number): Promise<number | undefined> => {
    // Twice at most: another node may open the new window between the two statements.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await records.countOneMore(key, limits.windowMs, now, limits.max)) return undefined
      if (await records.openWindow(key, limits.windowMs, now)) return undefined
    }
    return ((await records.windowStart(key)) ?? now) + limits.windowMs - now
  }
  return {
    async take(key, reply) {
      const now = clock.now()
      const waitMs = await takeOrRefuse(key, now)
      // Keeps the table bounded without a timer.
      if (++takes % 100 === 0) await records.prune(limits.windowMs, now)
      if (waitMs === undefined) return
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
      reply.header('Retry-After', String(retryAfter))
      throw new HttpError(429, `Too many attempts; try again in ${retryAfter} seconds`, 'RATE_LIMITED')
    },
    async refund(key) {
      await records.giveBack(key, limits.windowMs, clock.now())
    },
  }
}
