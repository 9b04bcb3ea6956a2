/**
 * The log viewer's rules as the specification gives them (spec 001 sections 7 and 9): the six
 * log products and their keys, which nodes the viewer may read, which licences run in high
 * availability, and the text and lines a tailed file shows at its edges.
 */
import { describe, expect, it } from 'vitest'
import {
  appendLogText,
  applyLogChunk,
  availableLogProducts,
  emptyLogTail,
  logLinesOf,
  logNodesFromStates,
  logProductOf,
  logText,
  MAX_LOG_LINE_CHARS,
  usesHighAvailability,
} from '../../domain/serviceStatus'

// Spec 001 section 9: log services and log keys, in this order.
const SERVICES = ['Artifactory', 'Mission Control', 'Xray', 'Distribution', 'Pipelines', 'Insight']
const KEYS = ['jfrt', 'jfmc', 'jfxr', 'jfds', 'jfpip', 'jfisv']

describe('the log products (spec 001 section 9)', () => {
  it('offers each of the six services under its name, in the specification’s order, when a node runs it', () => {
    const nodes = [...KEYS].reverse().map((product) => ({ product, nodeId: `${product}-1` }))
    const products = availableLogProducts(nodes)
    expect(products.map((p) => p.name)).toEqual(SERVICES)
    expect(products.map((p) => p.key)).toEqual(KEYS)
  })

  it('offers each service alone when only its nodes run, by its own name', () => {
    KEYS.forEach((key, i) => {
      expect(availableLogProducts([{ product: key }])).toEqual([{ key, name: SERVICES[i] }])
    })
  })

  it('reads each log key from a service id, and nothing from a service that has no logs', () => {
    for (const key of KEYS) expect(logProductOf(`${key}@01abc`)).toBe(key)
    expect(logProductOf('jftrk@01abc')).toBeUndefined()
    expect(logProductOf('jfrtx@01abc')).toBeUndefined()
    expect(logProductOf('')).toBeUndefined()
  })
})

describe('the nodes of the per-node status (spec 001 section 7: state HEALTHY)', () => {
  it('keeps the HEALTHY nodes of each log product, with their product’s key, in the order given', () => {
    const states = [
      { serviceId: 'jfxr@1', nodeId: 'x-1', state: 'HEALTHY' },
      { serviceId: 'jfrt@2', nodeId: 'rt-1', state: 'UNHEALTHY' },
      { serviceId: 'jfrt@2', nodeId: 'rt-2', state: 'HEALTHY' },
      { serviceId: 'jftrk@3', nodeId: 'trk-1', state: 'HEALTHY' },
      { serviceId: 'jfmc@4', nodeId: 'mc-1', state: 'healthy' },
      { serviceId: 'jfisv@5', nodeId: 'isv-1', state: 'HEALTHY' },
    ]
    expect(logNodesFromStates(states)).toEqual([
      { product: 'jfxr', nodeId: 'x-1' },
      { product: 'jfrt', nodeId: 'rt-2' },
      { product: 'jfisv', nodeId: 'isv-1' },
    ])
    expect(logNodesFromStates([])).toEqual([])
  })
})

describe('high availability (spec 000 section 6, spec 001 section 7)', () => {
  it('is every enterprise plan, in any spelling, trials included', () => {
    for (const licence of [
      'ENTERPRISE',
      'Enterprise',
      'ENTERPRISE_PLUS',
      'Enterprise+',
      'ENTERPRISE_X',
      'Enterprise X',
      'ENTERPRISE_TRIAL',
      'Enterprise Plus Trial',
      'ENTERPRISE_X_TRIAL',
    ])
      expect(usesHighAvailability(licence), licence).toBe(true)
  })

  it('is no other plan, nor a type that only starts or ends like an enterprise one', () => {
    for (const licence of [
      '',
      'PRO',
      'OSS',
      'EDGE',
      'TRIAL',
      'ENTERPRISE_Y',
      'ENTERPRISE_PLUS_X',
      'ENTERPRISES',
      'NOT_ENTERPRISE',
      'ENTERPRISE_TRIAL_PLUS',
    ])
      expect(usesHighAvailability(licence), licence).toBe(false)
  })
})

describe('what the viewer shows of a tailed file', () => {
  const withLines = appendLogText(emptyLogTail, 'one\ntwo\n')

  it('shows the kept lines, then the line still being written', () => {
    const writing = appendLogText(withLines, 'thr')
    expect(logText(writing)).toBe('one\ntwo\nthr')
    expect(logLinesOf(writing)).toEqual(['one', 'two', 'thr'])
  })

  it('shows no empty last line when no line is being written', () => {
    expect(logText(withLines)).toBe('one\ntwo')
    expect(logLinesOf(withLines)).toEqual(['one', 'two'])
  })

  it('shows a line being written alone when no line is complete yet, and nothing for an empty file', () => {
    const started = appendLogText(emptyLogTail, 'sta')
    expect(logText(started)).toBe('sta')
    expect(logLinesOf(started)).toEqual(['sta'])
    expect(logText(emptyLogTail)).toBe('')
    expect(logLinesOf(emptyLogTail)).toEqual([])
  })
})

describe('a tailed file at its edges', () => {
  it('keeps a line of exactly the longest length whole and cuts one character more', () => {
    const longest = 'y'.repeat(MAX_LOG_LINE_CHARS)
    expect(appendLogText(emptyLogTail, `${longest}\n`).lines).toEqual([longest])
    expect(appendLogText(emptyLogTail, `${longest}z\n`).lines).toEqual([longest])
  })

  it('with no room for lines keeps none and counts every one dropped, also over several answers', () => {
    const none = appendLogText(appendLogText(emptyLogTail, 'a\nb\n', 0), 'c\n', 0)
    expect(none.lines).toEqual([])
    expect(none.dropped).toBe(3)
    expect(appendLogText(emptyLogTail, 'a\nb\n', -5)).toMatchObject({ lines: [], dropped: 2 })
  })

  it('adds the lines dropped by each answer to those dropped before', () => {
    const first = appendLogText(emptyLogTail, 'a\nb\nc\n', 2)
    expect(first).toMatchObject({ lines: ['b', 'c'], dropped: 1 })
    const second = appendLogText(first, 'd\ne\n', 2)
    expect(second).toMatchObject({ lines: ['d', 'e'], dropped: 3 })
  })

  it('ignores an answer that gives no size or a negative one', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a\n', fileSize: 2 })
    expect(applyLogChunk(tail, { from: 2, content: 'b\n', fileSize: Number.NaN })).toBe(tail)
    expect(applyLogChunk(tail, { from: 2, content: 'b\n', fileSize: -1 })).toBe(tail)
  })

  it('after a rotation drops the old file’s unfinished line and reads the new file from its start', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'old\nhal', fileSize: 7 })
    const rotated = applyLogChunk(tail, { from: 7, content: 'ne', fileSize: 2 })
    expect(rotated).toMatchObject({ lines: ['old'], partial: 'ne', offset: 2, restarts: 1 })
    const again = applyLogChunk(rotated, { from: 2, content: 'w\n', fileSize: 4 })
    expect(again).toMatchObject({ lines: ['old', 'new'], partial: '', offset: 4, restarts: 1 })
  })

  it('reads a file rotated to an empty one as restarted, from its start', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'old\nhal', fileSize: 7 })
    const emptied = applyLogChunk(tail, { from: 7, content: '', fileSize: 0 })
    expect(emptied).toMatchObject({ lines: ['old'], partial: '', offset: 0, restarts: 1 })
  })

  it('drops only the CR of a CRLF line end, whatever the line’s length', () => {
    expect(appendLogText(emptyLogTail, 'first line\r\nsecond\r\n').lines).toEqual(['first line', 'second'])
  })

  it('asks next from the size an answer gives, also when it carries no text', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a\n', fileSize: 2 })
    const moved = applyLogChunk(tail, { from: 2, content: '', fileSize: 5 })
    expect(moved).toMatchObject({ lines: ['a'], partial: '', offset: 5 })
  })

  it('reads an answer that only completes the line being written', () => {
    const tail = applyLogChunk(emptyLogTail, { from: 0, content: 'a', fileSize: 1 })
    const done = applyLogChunk(tail, { from: 1, content: '\n', fileSize: 2 })
    expect(done).toMatchObject({ lines: ['a'], partial: '', offset: 2 })
  })
})
