/** The log-append rule: however a text is cut into answers, the viewer ends with the same lines. */
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { appendLogText, applyLogChunk, emptyLogTail, type LogTail } from '../../domain/serviceStatus'

// Text with many line ends, CRs and the odd long line, so cuts fall everywhere that matters.
const logTextArb = fc
  .array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r', 'x'.repeat(50))), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''))

/** Cut points inside the text, sorted, so a text becomes consecutive chunks. */
const split = (text: string, cuts: number[]): string[] => {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const chunks: string[] = []
  let at = 0
  for (const p of points) {
    chunks.push(text.slice(at, p))
    at = p
  }
  chunks.push(text.slice(at))
  return chunks
}

const same = (a: LogTail, b: LogTail) =>
  JSON.stringify([a.lines, a.partial, a.dropped]) === JSON.stringify([b.lines, b.partial, b.dropped])

describe('log append rule (property)', () => {
  it('any split of a text into chunks yields the same lines as the whole text', () => {
    fc.assert(
      fc.property(
        logTextArb,
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (text, cuts, max) => {
          const whole = appendLogText(emptyLogTail, text, max)
          const pieces = split(text, cuts).reduce(
            (tail, chunk) => appendLogText(tail, chunk, max),
            emptyLogTail,
          )
          return same(whole, pieces)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('the same holds for data answers applied by offset, with stale repeats mixed in', () => {
    fc.assert(
      fc.property(logTextArb, fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (text, cuts, repeat) => {
        let tail = emptyLogTail
        for (const chunk of split(text, cuts)) {
          const answer = { from: tail.offset, content: chunk, fileSize: tail.offset + chunk.length }
          tail = applyLogChunk(tail, answer)
          // A repeated (stale) answer must not append its text twice.
          if (repeat) tail = applyLogChunk(tail, answer)
        }
        return same(tail, appendLogText(emptyLogTail, text)) && tail.offset === text.length
      }),
      { numRuns: 500 },
    )
  })
})
