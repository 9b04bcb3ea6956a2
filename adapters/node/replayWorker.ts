/**
 * The worker thread of the split replay (splitReplay.ts): it waits for a log's text, replays
 * the second side of it and answers on its port, then wakes the calling thread, which waits
 * on `flag` (it may be blocked in a synchronous replay, so a message alone would not wake it).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { planSplit, replaySide } from '../../domain/logSplit'

export interface WorkerSetup {
  readonly port: MessagePort
  readonly flag: Int32Array
}

/** The worker's answer to one text. */
export type WorkerAnswer =
  | {
      readonly ok: true
      readonly result: ReturnType<typeof replaySide>
      /** Milliseconds from the text's arrival to the answer, and the side's share of them. */
      readonly ms: number
      readonly sideMs: number
    }
  | { readonly ok: false; readonly message: string }

const { port, flag } = workerData as WorkerSetup

parentPort?.on('message', (text: string) => {
  const started = performance.now()
  let answer: WorkerAnswer
  try {
    const plan = planSplit(text)
    const sideStarted = performance.now()
    const result = replaySide(text, plan, 1)
    const now = performance.now()
    answer = { ok: true, result, ms: now - started, sideMs: now - sideStarted }
    // The seqs by line are moved, not copied.
    port.postMessage(answer, [result.seqs.buffer])
  } catch (e) {
    answer = { ok: false, message: (e as Error).message }
    port.postMessage(answer)
  }
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
})
parentPort?.postMessage('ready')
