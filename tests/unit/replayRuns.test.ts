/**
 * Replay folds the events it has decoded in runs (domain/log.ts, FOLD_RUN): folded one at a time
 * between parses, each evolve ran slower than in a run. The runs change when
 * the fold happens, never what it gives: every event is folded and seen, in order, and the state
 * is the one-at-a-time fold's.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { initialAppState, workingFold } from '../../domain/app'
import { createLineReplay, decodeEventLine, FOLD_RUN } from '../../domain/log'

const kept = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/developerBrowsesPackages.ndjson'),
  'utf8',
)
const recorded = kept.split('\n').filter((l) => l.startsWith('{"kind":"event"'))
/** The kept log's events again and again, numbered on, for two runs and part of a third. */
const lines = Array.from({ length: FOLD_RUN * 2 + 5 }, (_, i) =>
  recorded[i % recorded.length]!.replace(/^\{"kind":"event","seq":\d+,/, `{"kind":"event","seq":${i + 1},`),
)

describe('replay folds in runs', () => {
  it('folds a run once it is full and the rest when the log is finished, each event once, in order', () => {
    const seen: number[] = []
    const replay = createLineReplay({ partial: true, onEvent: (e) => void seen.push(e.seq) })
    const foldedAfterLine = lines.map((line, i) => {
      replay.line(line, i + 1, false)
      return seen.length
    })
    expect(foldedAfterLine[FOLD_RUN - 2]).toBe(0)
    expect(foldedAfterLine[FOLD_RUN - 1]).toBe(FOLD_RUN)
    expect(foldedAfterLine.at(-1)).toBe(FOLD_RUN * 2)
    const result = replay.finish()
    expect(result.errors).toEqual([])
    expect(result.events).toBe(lines.length)
    expect(seen).toEqual(lines.map((_, i) => i + 1))

    const oneByOne = workingFold(initialAppState)
    for (const line of lines) {
      const decoded = decodeEventLine(JSON.parse(line))
      if (!decoded.ok) throw new Error(decoded.message)
      oneByOne.evolve(decoded.event, decoded.line)
    }
    expect(result.state).toEqual(oneByOne.state())
  })
})
