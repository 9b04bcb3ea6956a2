/**
 * The replay split in two by area gives what the one-thread replay gives: on every clean log
 * it is trusted and its result (state, hash, counts, no messages) is replayLog's; on a log
 * with anything wrong it is either in doubt (and the one-thread replay runs) or, when it is
 * still trusted, again replayLog's result to the last message.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eventSpecs } from '../../domain/app'
import { checkedEvent, replayLog } from '../../domain/log'
import { mergeSides, planSplit, replaySide, replaySplit, replaySplitOrDoubt } from '../../domain/logSplit'
import { corporaDir, corpusLines } from '../support/corpora'
import { runLive, stepArbitrary } from '../support/sessionSteps'

const sessionLog = fc
  .array(stepArbitrary, { minLength: 1, maxLength: 40 })
  .map((steps) => {
    const app = runLive(steps)
    const log = app.exportLog()
    app.dispose()
    return log
  })
  .filter((log) => log.split('\n').length > 3)

const jsonSuite = join(corporaDir(), 'json-parsing', 'test_parsing')
const hostileLines = [
  ...readdirSync(jsonSuite)
    .sort()
    .map((f) => readFileSync(join(jsonSuite, f), 'utf8')),
  ...corpusLines('xss').slice(0, 200),
]
const types = [...eventSpecs.keys()]

/** One way to spoil a log's lines (`at`, `other` pick lines; `text` and `type` are what is put in). */
type Spoil = (lines: string[], at: number, other: number, text: string, type: string) => void
const spoils: Record<string, Spoil> = {
  drop: (lines, at) => void lines.splice(at, 1),
  duplicate: (lines, at) => void lines.splice(at, 0, lines[at]!),
  swap: (lines, at, other) => void ([lines[at], lines[other]] = [lines[other]!, lines[at]!]),
  replace: (lines, at, _o, text) => void (lines[at] = text),
  insert: (lines, at, _o, text) => void lines.splice(at, 0, text),
  blank: (lines, at) => void lines.splice(at, 0, at % 2 === 0 ? '' : '  '),
  // The text names one type and the parsed line another (the last of two keys wins in JSON).
  secondType: (lines, at, _o, _t, type) =>
    void (lines[at] = lines[at]!.replace(/\}$/, `,"type":${JSON.stringify(type)}}`)),
  retype: (lines, at, _o, _t, type) =>
    void (lines[at] = lines[at]!.replace(/,"type":"[^"]*"/, `,"type":${JSON.stringify(type)}`)),
  reseq: (lines, at, other) => void (lines[at] = lines[at]!.replace(/"seq":\d+/, `"seq":${other}`)),
  oldVersion: (lines, at) => void (lines[at] = lines[at]!.replace(/"v":\d+/, '"v":0')),
  cut: (lines, at) => void (lines[at] = lines[at]!.slice(0, Math.floor(lines[at]!.length / 2))),
}

const spoiled = fc
  .tuple(
    sessionLog,
    fc.array(
      fc.record({
        how: fc.constantFrom(...Object.keys(spoils)),
        at: fc.nat(),
        other: fc.nat(),
        text: fc.oneof(fc.constantFrom(...hostileLines), fc.string({ maxLength: 30 })),
        type: fc.constantFrom(...types),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([log, changes]) => {
    const lines = log.split('\n')
    for (const { how, at, other, text, type } of changes)
      spoils[how]!(lines, at % lines.length, other % lines.length, text, type)
    return lines.join('\n')
  })

describe('the split replay', () => {
  it('is trusted on every clean log and gives replayLog’s result', () => {
    fc.assert(
      fc.property(sessionLog, (log) => {
        const split = replaySplitOrDoubt(log)
        if (typeof split === 'string') throw new Error(`in doubt on a clean log: ${split}`)
        expect(split.errors).toEqual([])
        expect(split.hashMatches).toBe(true)
        expect(split).toStrictEqual(replayLog(log))
      }),
      { numRuns: 100 },
    )
  })

  it('gives replayLog’s result, messages and all, on logs spoilt in every way', () => {
    fc.assert(
      fc.property(spoiled, (text) => {
        const one = replayLog(text)
        const split = replaySplitOrDoubt(text)
        if (typeof split !== 'string') expect(split).toStrictEqual(one)
        expect(replaySplit(text)).toStrictEqual(one)
      }),
      { numRuns: 400 },
    )
  })

  it('is in doubt when a line names one type in its text and parses as another', () => {
    // Lines whose data another area's event type accepts too: with that type as a second key,
    // the text routes the line by the first and JSON.parse keeps the second.
    const lines = fc.sample(sessionLog, { numRuns: 30, seed: 3 }).flatMap((log) => log.split('\n'))
    const twins = lines.flatMap((line) => {
      if (!line.startsWith('{"kind":"event"')) return []
      const raw = JSON.parse(line) as { type: string; v: number }
      const area = raw.type.split('/')[0]!
      const other = types.find(
        (t) =>
          !t.startsWith(`${area}/`) &&
          eventSpecs.get(t)!.v === raw.v &&
          checkedEvent({ ...raw, type: t }, t) !== undefined,
      )
      return other ? [{ line, other }] : []
    })
    expect(twins.length).toBeGreaterThan(0)
    const { line, other } = twins[0]!
    const log = lines.find((l) => l.includes('"kind":"header"'))!
    const seq1 = line.replace(/"seq":\d+/, '"seq":1')
    const text = [log, seq1.replace(/\}$/, `,"type":${JSON.stringify(other)}}`)].join('\n')
    const trailer = JSON.stringify({
      kind: 'trailer',
      lastSeq: 1,
      stateHash: replayLog(text, { partial: true }).actualHash,
    })
    const whole = `${text}\n${trailer}\n`
    expect(replayLog(whole).errors).toEqual([])
    expect(replaySplitOrDoubt(whole)).toEqual(expect.any(String))
    expect(replaySplit(whole)).toStrictEqual(replayLog(whole))
  })

  it('refuses sides that leave an area out, rather than keep its initial slice', () => {
    const app = runLive([{ kind: 'command', command: { type: 'nowhere/DoThing' } as never }])
    const log = app.exportLog()
    app.dispose()
    const plan = planSplit(log)
    const first = replaySide(log, plan, 0)
    const second = replaySide(log, plan, 1)
    expect(typeof mergeSides([first, second])).toBe('object')
    const dropped = { ...second, areas: second.areas.slice(1) }
    expect(() => mergeSides([first, dropped])).toThrow(/folded no side for/)
  })
})
