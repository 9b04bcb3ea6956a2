/**
 * Replay on two threads in Node (docs/decisions/2026-12-06-split-replay.md): the areas split
 * in two (domain/logSplit.ts), one side replayed on a worker thread started once and kept,
 * the other on the calling thread, then merged. The result is `replayLog`'s, always: when
 * the split is in doubt (a log with anything wrong, a replay that stops early or reports each
 * event) or the worker fails, the one-thread replay runs from the start.
 *
 * The call stays synchronous, as `replayLog` is: the calling thread waits for the worker with
 * `Atomics.wait` and takes its answer with `receiveMessageOnPort` (a browser's main thread may
 * not wait, so the debug panel keeps the one-thread replay).
 */
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads'
import { replayLog, type ReplayOptions, type ReplayResult } from '../../domain/log'
import { mergeSides, planSplit, replaySide, splittable } from '../../domain/logSplit'
import type { WorkerAnswer, WorkerSetup } from './replayWorker'

/** Where the last replay's time went on the calling thread, in ms (the bench prints them). */
export interface ReplaySteps {
  /** Posting the text to the worker (its copy is made here, on the calling thread). */
  readonly handOver: number
  readonly plan: number
  readonly ownSide: number
  /** Waiting for the worker after this side was done (0 when it had answered already). */
  readonly wait: number
  /** Taking the worker's answer (its slices and seqs, copied out of its message), then merging the sides and hashing. */
  readonly receive: number
  readonly merge: number
  /** The worker's time from the text's arrival to its answer, and its side's share of it. */
  readonly worker: number
  readonly workerSide: number
  /** Why the one-thread replay ran instead, if it did. */
  readonly doubt: string | undefined
}

export interface SplitReplayer {
  /** `replayLog(text, options)`'s result, on two threads when the log allows. */
  replay(text: string, options?: ReplayOptions): ReplayResult
  /**
   * The same replay with the sides one after the other, the worker's first: for measuring
   * what each step costs when the two threads do not compete for a core (a loaded machine).
   */
  replayApart(text: string): ReplayResult
  /** From starting the worker to its first answer (loading the domain code), in ms. */
  readonly startUpMs: number
  readonly lastSteps: ReplaySteps | undefined
  close(): Promise<void>
}

/** How long the calling thread waits for the worker before it gives up on it (a worker that died). */
const WORKER_TIMEOUT_MS = 120_000

/**
 * Starts the worker (`workerFile`: a module running replayWorker.ts, such as the bundle
 * scripts/replay.mjs builds) and answers once it has loaded. The worker does not keep the
 * process alive.
 */
export async function startSplitReplayer(workerFile: string | URL): Promise<SplitReplayer> {
  const started = performance.now()
  const channel = new MessageChannel()
  const flag = new Int32Array(new SharedArrayBuffer(4))
  const setup: WorkerSetup = { port: channel.port2, flag }
  const worker = new Worker(workerFile, { workerData: setup, transferList: [channel.port2] })
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve())
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the replay worker exited (${code}) before it was ready`)))
  })
  const startUpMs = performance.now() - started
  worker.removeAllListeners()
  let broken = false
  worker.on('error', () => (broken = true))
  worker.on('exit', () => (broken = true))
  worker.unref()
  channel.port1.unref()
  let lastSteps: ReplaySteps | undefined

  const oneThread = (text: string, options: ReplayOptions, doubt: string): ReplayResult => {
    lastSteps = {
      handOver: 0,
      plan: 0,
      ownSide: 0,
      wait: 0,
      receive: 0,
      merge: 0,
      worker: 0,
      workerSide: 0,
      doubt,
    }
    return replayLog(text, options)
  }

  const run = (text: string, options: ReplayOptions, apart: boolean): ReplayResult => {
    if (broken) return oneThread(text, options, 'the worker failed')
    if (!splittable(options))
      return oneThread(text, options, 'a replay that stops early or reports each event')
    const t0 = performance.now()
    Atomics.store(flag, 0, 0)
    worker.postMessage(text)
    const t1 = performance.now()
    if (apart) Atomics.wait(flag, 0, 0, WORKER_TIMEOUT_MS)
    const waitedFirst = performance.now() - t1
    const planned = performance.now()
    const plan = planSplit(text)
    const t2 = performance.now()
    const own = replaySide(text, plan, 0)
    const t3 = performance.now()
    if (Atomics.wait(flag, 0, 0, WORKER_TIMEOUT_MS) === 'timed-out') {
      broken = true
      return oneThread(text, options, 'the worker did not answer')
    }
    const t4 = performance.now()
    const answer = receiveMessageOnPort(channel.port1)?.message as WorkerAnswer | undefined
    if (!answer?.ok) return oneThread(text, options, answer?.message ?? 'the worker did not answer')
    const t5 = performance.now()
    const merged = mergeSides([own, answer.result], options)
    const t6 = performance.now()
    lastSteps = {
      handOver: t1 - t0,
      plan: t2 - planned,
      ownSide: t3 - t2,
      wait: waitedFirst + t4 - t3,
      receive: t5 - t4,
      merge: t6 - t5,
      worker: answer.ms,
      workerSide: answer.sideMs,
      doubt: typeof merged === 'string' ? merged : undefined,
    }
    return typeof merged === 'string' ? replayLog(text, options) : merged
  }

  return {
    startUpMs,
    get lastSteps() {
      return lastSteps
    },
    replay: (text, options = {}) => run(text, options, false),
    replayApart: (text) => run(text, {}, true),
    async close() {
      await worker.terminate()
      channel.port1.close()
    },
  }
}
