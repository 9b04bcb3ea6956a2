// The streaming JSON parser behind npm publish: it must read exactly what JSON.parse reads,
// whatever the chunks, refuse what JSON.parse refuses (the JSONTestSuite corpus), refuse
// duplicate keys, bound what it keeps, and hand a chosen string over without keeping it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HANDED_OVER, JsonRefused, jsonStream, type JsonPath } from '../../server/registry/jsonStream'
import { corporaDir } from '../support/corpora'

/** Parses `text` written in pieces cut at `cuts`. */
function parseInPieces(text: string, cuts: readonly number[] = [], parser = jsonStream()): unknown {
  let from = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parser.write(text.slice(from, Math.max(from, cut)))
    from = Math.max(from, cut)
  }
  parser.write(text.slice(from))
  return parser.end()
}

const outcome = (run: () => unknown): { value: unknown } | 'refused' => {
  try {
    return { value: run() }
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof JsonRefused) return 'refused'
    throw error
  }
}

const suite = join(corporaDir(), 'json-parsing', 'test_parsing')
const cases = readdirSync(suite)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, text: readFileSync(join(suite, file)).toString('utf8') }))
// Accepted by JSON.parse; refused here on purpose, since two readers could see two values.
const duplicateKeys = (file: string) => file.includes('duplicated_key')

describe('the JSONTestSuite corpus', () => {
  it('has its cases', () => {
    expect(cases.filter((c) => c.file.startsWith('n_')).length).toBeGreaterThan(150)
    expect(cases.filter((c) => c.file.startsWith('y_')).length).toBeGreaterThan(80)
  })

  it('reads every valid document as JSON.parse does, in one piece and one character at a time', () => {
    for (const { file, text } of cases.filter((c) => c.file.startsWith('y_'))) {
      if (duplicateKeys(file)) {
        expect(
          outcome(() => parseInPieces(text)),
          file,
        ).toBe('refused')
        continue
      }
      const expected = JSON.parse(text) as unknown
      expect(parseInPieces(text), file).toEqual(expected)
      const everyChar = Array.from({ length: text.length }, (_, i) => i)
      expect(parseInPieces(text, everyChar), file).toEqual(expected)
    }
  })

  it('refuses every invalid document, and never fails otherwise on the rest', () => {
    for (const { file, text } of cases.filter((c) => c.file.startsWith('n_')))
      expect(
        outcome(() => parseInPieces(text)),
        file,
      ).toBe('refused')
    for (const { file, text } of cases.filter((c) => c.file.startsWith('i_'))) {
      const ours = outcome(() => parseInPieces(text))
      // Implementation-defined cases: accepted only with JSON.parse's value.
      if (ours !== 'refused') expect(ours, file).toEqual(outcome(() => JSON.parse(text)))
    }
  })
})

describe('any JSON value (property)', () => {
  it('reads as JSON.parse does, wherever the pieces are cut', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom(0, 2),
        (value, cuts, indent) => {
          const text = JSON.stringify(value, null, indent)
          const expected = JSON.parse(text) as unknown
          expect(
            parseInPieces(
              text,
              cuts.map((c) => c % (text.length + 1)),
            ),
          ).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('bounds and hand-over', () => {
  it('refuses duplicate keys, keeps __proto__ an own key, and refuses beyond maxKept or maxDepth', () => {
    expect(outcome(() => parseInPieces('{"a":1,"a":2}'))).toBe('refused')
    const proto = parseInPieces('{"__proto__":{"admin":true}}') as Record<string, unknown>
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype)
    expect(Object.keys(proto)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    const big = () => parseInPieces(`["${'x'.repeat(100)}"]`, [], jsonStream({ maxKept: 50 }))
    expect(big).toThrow(expect.objectContaining({ tooLarge: true }))
    const many = () => parseInPieces(`[${'1,'.repeat(60)}1]`, [], jsonStream({ maxKept: 50 }))
    expect(many).toThrow(expect.objectContaining({ tooLarge: true }))
    const deep = '['.repeat(10_000) + ']'.repeat(10_000)
    expect(() => parseInPieces(deep)).toThrow(/nesting deeper than 512/)
  })

  it('hands the chosen string over in pieces, unescaped, and keeps only the rest', () => {
    const pieces: string[] = []
    const paths: JsonPath[] = []
    let ended = 0
    const parser = jsonStream({
      maxKept: 100,
      stringSink: (path) => {
        paths.push(path)
        if (path.join('.') !== 'att.x.data') return undefined
        return { write: (t) => void pieces.push(t), end: () => void ended++ }
      },
    })
    const data = 'QUJD\\u0044'.repeat(1000)
    const text = `{"name":"a","list":["b"],"att":{"x":{"data":"${data}","length":5000}}}`
    const doc = parseInPieces(text, [7, 40, 41, 500, 501, 502, 3000], parser)
    expect(doc).toEqual({ name: 'a', list: ['b'], att: { x: { data: HANDED_OVER, length: 5000 } } })
    expect(pieces.join('')).toBe('QUJDD'.repeat(1000))
    expect(ended).toBe(1)
    expect(paths).toEqual([['name'], ['list', 0], ['att', 'x', 'data']])
  })
})
