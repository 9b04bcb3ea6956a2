/**
 * Node's replay on two threads (adapters/node/splitReplay.ts) against the one-thread replay,
 * with a real worker thread running the bundle scripts/replay.mjs builds: the same result on
 * clean logs (split) and on spoilt ones (the one-thread replay again), one worker for them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { startSplitReplayer, type SplitReplayer } from '../../adapters/node/splitReplay'
import { corporaDir } from '../support/corpora'
import { runLive, stepArbitrary } from '../support/sessionSteps'
import fc from 'fast-check'
// @ts-expect-error -- a plain ES module script without types
import { buildReplayWorker } from '../../scripts/replay.mjs'

let replayer: SplitReplayer

beforeAll(async () => {
  replayer = await startSplitReplayer((await buildReplayWorker()) as string)
}, 60_000)
afterAll(() => replayer.close())

const logs = fc
  .sample(fc.array(stepArbitrary, { minLength: 5, maxLength: 60 }), { numRuns: 12, seed: 39 })
  .map((steps) => {
    const app = runLive(steps)
    const log = app.exportLog()
    app.dispose()
    return log
  })

describe('replay on two threads', () => {
  it('splits every clean log and gives replayLog’s result, with one worker for all', () => {
    const started = replayer.startUpMs
    for (const log of logs) {
      expect(replayer.replay(log)).toStrictEqual(replayLog(log))
      expect(replayer.lastSteps?.doubt).toBeUndefined()
      expect(replayer.lastSteps?.worker).toBeGreaterThan(0)
      expect(replayer.replayApart(log)).toStrictEqual(replayLog(log))
      expect(replayer.lastSteps?.doubt).toBeUndefined()
    }
    expect(replayer.startUpMs).toBe(started)
  })

  it('gives replayLog’s result, messages and all, when the log holds lines of the JSON test suite', () => {
    const dir = join(corporaDir(), 'json-parsing', 'test_parsing')
    const hostile = readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'))
    for (const [i, log] of logs.entries()) {
      const lines = log.split('\n')
      lines.splice(1 + (i % (lines.length - 1)), 0, ...hostile.slice(i * 25, i * 25 + 25))
      const text = lines.join('\n')
      const one = replayLog(text)
      expect(one.errors.length).toBeGreaterThan(0)
      expect(replayer.replay(text)).toStrictEqual(one)
      expect(replayer.lastSteps?.doubt).toEqual(expect.any(String))
    }
  })

  it('gives replayLog’s result for a replay that stops early', () => {
    const log = logs[0]!
    expect(replayer.replay(log, { until: 2 })).toStrictEqual(replayLog(log, { until: 2 }))
  })
})
