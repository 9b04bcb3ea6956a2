/** The log viewer's pure rules: offsets, partial lines, rotation and the line bound. */
import { describe, expect, it } from 'vitest'
import {
  appendLogText,
  applyLogChunk,
  availableLogProducts,
  emptyLogTail,
  logNodesOf,
  logProductOf,
  logText,
  MAX_LOG_LINE_CHARS,
  MAX_LOG_LINES,
} from '../../domain/serviceStatus'

describe('applyLogChunk (offset handling)', () => {
  it('appends the new text and moves the offset to the answer’s end', () => {
    const first = applyLogChunk(emptyLogTail, { from: 0, content: 'a\nb\n', fileSize: 4 })
    expect(first.lines).toEqual(['a', 'b'])
    expect(first.offset).toBe(4)
    const second = applyLogChunk(first, { from: 4, content: 'c\n', fileSize: 6 })
    expect(second.lines).toEqual(['a', 'b', 'c'])
    expect(second.offset).toBe(6)
  })

  it('ignores an answer for another offset (stale): nothing is appended twice', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a\n', fileSize: 2 })
    expect(applyLogChunk(tail, { from: 0, content: 'a\n', fileSize: 2 })).toBe(tail)
    expect(applyLogChunk(tail, { from: 7, content: 'x\n', fileSize: 9 })).toBe(tail)
  })

  it('keeps an unfinished line until its newline arrives', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'one\ntw', fileSize: 6 })
    expect(tail.lines).toEqual(['one'])
    expect(tail.partial).toBe('tw')
    expect(logText(tail)).toBe('one\ntw')
    const done = applyLogChunk(tail, { from: 6, content: 'o\n', fileSize: 8 })
    expect(done.lines).toEqual(['one', 'two'])
    expect(done.partial).toBe('')
  })

  it('an empty answer at the same offset changes nothing', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a\n', fileSize: 2 })
    expect(applyLogChunk(tail, { from: 2, content: '', fileSize: 2 })).toBe(tail)
  })

  it('a rotated file (answer ends before where it was asked) keeps the shown lines and reads on from the new start', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'old 1\nold 2\nhalf', fileSize: 16 })
    const rotated = applyLogChunk(tail, { from: 16, content: 'new 1\n', fileSize: 6 })
    expect(rotated.lines).toEqual(['old 1', 'old 2', 'new 1'])
    expect(rotated.offset).toBe(6)
    expect(rotated.restarts).toBe(1)
  })

  it('drops CR of CRLF line ends, also when CR and LF arrive in different answers', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a\r', fileSize: 2 })
    expect(applyLogChunk(tail, { from: 2, content: '\nb\r\n', fileSize: 6 }).lines).toEqual(['a', 'b'])
  })
})

describe('line bounding', () => {
  it(`keeps the last ${MAX_LOG_LINES} lines and counts the dropped ones`, () => {
    const text = Array.from({ length: MAX_LOG_LINES + 25 }, (_, i) => `line ${i}\n`).join('')
    const tail = appendLogText(emptyLogTail, text)
    expect(tail.lines).toHaveLength(MAX_LOG_LINES)
    expect(tail.lines[0]).toBe('line 25')
    expect(tail.lines.at(-1)).toBe(`line ${MAX_LOG_LINES + 24}`)
    expect(tail.dropped).toBe(25)
  })

  it('cuts a very long line, also one that never ends', () => {
    const long = 'x'.repeat(MAX_LOG_LINE_CHARS * 3)
    expect(appendLogText(emptyLogTail, `${long}\n`).lines[0]).toHaveLength(MAX_LOG_LINE_CHARS)
    let tail = emptyLogTail
    for (let i = 0; i < 10; i++) tail = appendLogText(tail, long)
    expect(tail.partial).toHaveLength(MAX_LOG_LINE_CHARS)
  })
})

describe('products and nodes', () => {
  it('maps service ids to log keys and lists products in the specification’s order', () => {
    expect(logProductOf('jfxr@abc')).toBe('jfxr')
    expect(logProductOf('jftrk@abc')).toBeUndefined()
    const nodes = [
      { product: 'jfxr', nodeId: 'node-1' },
      { product: 'jfrt', nodeId: 'node-2' },
      { product: 'jfrt', nodeId: 'node-1' },
      { product: 'jfrt', nodeId: 'node-2' },
    ]
    expect(availableLogProducts(nodes).map((p) => p.name)).toEqual(['Artifactory', 'Xray'])
    expect(availableLogProducts([]).map((p) => p.name)).toEqual(['Artifactory'])
    expect(logNodesOf(nodes, 'jfrt')).toEqual(['node-2', 'node-1'])
  })
})
