/**
 * Replay of a 100,000-event log: events per second, and the ratio to a baseline that only
 * JSON.parses the same lines (target: at least 0.5 of the baseline).
 */
import { replayLog } from '../domain/log'
import type { Figure } from './types'
import { recordSessionLog } from './support/sampleSession'

export const title = 'Replay of an exported session log'

function time(fn: () => void): number {
  const start = performance.now()
  fn()
  return performance.now() - start
}

export async function run(): Promise<Figure[]> {
  const log = recordSessionLog(100_000)
  const lines = log.split('\n').filter((l) => l !== '')
  const eventCount = lines.length - 2
  // Runs alternate between the two paths and the best of each counts, so load from other
  // processes on the machine skews both alike; the first run of each warms the JIT.
  let parseMs = Infinity
  let replayMs = Infinity
  let replayed = 0
  for (let round = 0; round < 6; round++) {
    parseMs = Math.min(
      parseMs,
      time(() => {
        for (const line of lines) JSON.parse(line)
      }),
    )
    replayMs = Math.min(
      replayMs,
      time(() => {
        const r = replayLog(log)
        if (r.errors.length > 0) throw new Error(`replay reported ${r.errors.length} bad lines`)
        replayed = r.events
      }),
    )
  }
  const perSecond = (replayed / replayMs) * 1000
  const baseline = (eventCount / parseMs) * 1000
  return [
    { name: 'log size', value: log.length / 1e6, unit: 'MB' },
    { name: 'events replayed', value: replayed, unit: 'events' },
    { name: 'baseline: JSON.parse only', value: baseline, unit: 'events/s' },
    {
      name: 'replay (decode, upcast, evolve, hash)',
      value: perSecond,
      unit: 'events/s',
      ratio: { to: 'of baseline', value: perSecond / baseline },
      target: '≥ 0.5 of baseline',
    },
  ]
}
