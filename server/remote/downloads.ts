/**
 * Downloads as the registries count them: one for a version (its package's total too) or for a
 * file outside packages, per UTC day, once every byte has gone to the client. A client that
 * goes away midway has downloaded nothing; a HEAD is not a download.
 *
 * Counts are written in batches: a download's waits in memory (at most `flushMs` on the
 * platform's clock, or until `maxQueued` downloads wait) and goes with the others in one commit, instead of one commit per
 * tarball while an install asks for hundreds. Each node queues and writes its own (the writes
 * add, so nodes never overwrite each other's); a graceful stop writes what waits.
 */
import type { FastifyReply } from 'fastify'
import type { ServerContext } from '../context'
import { isoNow, type Clock } from '../clock'
import type { DownloadCount, RemoteStore } from './store'

/** The subject a file outside packages is counted under (a version is counted under its id). */
export const fileSubject = (repo: string, path: string) => `file://${repo}/${path}`

/** Downloads waiting past this many are written at once, whatever the time. */
export const MAX_QUEUED_DOWNLOADS = 500

export interface DownloadCounts {
  /** Counts one download of `subject` on `day`: written within the flush period. */
  add(subject: string, day: string): void
  /** Writes every count waiting now; resolves once they are committed. */
  flush(): Promise<void>
  /** Writes what waits and stops waiting: a count added after it is written at once. */
  stop(): Promise<void>
}

export interface DownloadCountsOptions {
  readonly flushMs: number
  /** The platform's clock (ctx.clock): its timer writes what waits, so a test drives the time. */
  readonly clock: Clock
  readonly maxQueued?: number
  /** A batch that could not be written: it waits for the next flush. */
  readonly failed: (error: unknown) => void
}

export function downloadCounts(
  store: Pick<RemoteStore, 'countDownloads'>,
  options: DownloadCountsOptions,
): DownloadCounts {
  const maxQueued = options.maxQueued ?? MAX_QUEUED_DOWNLOADS
  let waiting = new Map<string, DownloadCount>()
  let queued = 0
  // Stops the flush period's timer, while one runs.
  let timer: (() => void) | undefined
  let stopped = false
  // Batches are written one after another, in the order they were taken.
  let writing: Promise<void> = Promise.resolve()

  const put = (batch: Map<string, DownloadCount>, count: DownloadCount) => {
    const key = `${count.subject}\0${count.day}`
    const had = batch.get(key)
    batch.set(key, had ? { ...had, times: had.times + count.times } : count)
  }

  const flush = (): Promise<void> => {
    timer?.()
    timer = undefined
    if (waiting.size === 0) return writing
    const batch = waiting
    waiting = new Map()
    queued = 0
    writing = writing.then(async () => {
      try {
        await store.countDownloads([...batch.values()])
      } catch (error) {
        options.failed(error)
        for (const count of batch.values()) {
          put(waiting, count)
          queued += count.times
        }
        schedule()
      }
    })
    return writing
  }

  function schedule() {
    if (timer || stopped || waiting.size === 0) return
    // The clock's timers never keep a process alive: a stop writes what waits.
    timer = options.clock.every(options.flushMs, () => void flush())
  }

  return {
    add(subject, day) {
      put(waiting, { subject, day, times: 1 })
      queued += 1
      if (stopped || queued >= maxQueued) void flush()
      else schedule()
    },
    flush,
    async stop() {
      stopped = true
      await flush()
    },
  }
}

/** Counts a download once the reply's last byte has gone; nothing when there is no subject. */
export function downloadCounter(ctx: ServerContext, counts: DownloadCounts) {
  return (reply: FastifyReply, subject: string | null | undefined) => {
    if (!subject) return
    reply.raw.once('finish', () => counts.add(subject, isoNow(ctx.clock).slice(0, 10)))
  }
}
