/** Log lines read into columns, the viewer's filter and search, and the view's decisions. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isLeft, isRight } from 'fp-ts/Either'
import {
  defaultLogView,
  parseLogLine,
  searchParts,
  shownLogLines,
  MAX_LOG_SEARCH,
  type LogLevel,
} from '../../domain/serviceStatus/logLines'
import { decideLogViewer, evolveLogViewer } from '../../domain/serviceStatus/logViewer'
import { initialLogViewerState } from '../../domain/serviceStatus/initial'
import { LogViewChanged, LogViewerOpened } from '../../domain/serviceStatus/events'
import { corpusLines } from '../support/corpora'

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'c-1' }

describe('parseLogLine', () => {
  it.each([
    [
      '2026-01-01T10:00:00.000Z [node-1] [ERROR] Database down',
      { time: '2026-01-01T10:00:00.000Z', node: 'node-1', level: 'ERROR', message: 'Database down' },
    ],
    [
      '2026-01-01T10:00:00.000Z [n] [WARNING] slow',
      { time: '2026-01-01T10:00:00.000Z', node: 'n', level: 'WARN', message: 'slow' },
    ],
    [
      '2026-01-01T10:00:00.000Z|node-2|GET|/api/x|200|3.0ms',
      { time: '2026-01-01T10:00:00.000Z', node: 'node-2', level: 'INFO', message: 'GET /api/x 200 3.0ms' },
    ],
    [
      '2026-01-01T10:00:00.000Z|node-2|PUT|/api/x|403|1.0ms',
      { time: '2026-01-01T10:00:00.000Z', node: 'node-2', level: 'WARN', message: 'PUT /api/x 403 1.0ms' },
    ],
    [
      '2026-01-01T10:00:00.000Z|node-2|GET|/api/x|502|9.0ms',
      { time: '2026-01-01T10:00:00.000Z', node: 'node-2', level: 'ERROR', message: 'GET /api/x 502 9.0ms' },
    ],
    ['INFO started', { time: null, node: null, level: null, message: 'INFO started' }],
    ['a|b|c|d|e|f', { time: null, node: null, level: null, message: 'a|b|c|d|e|f' }],
  ])('%s', (raw, expected) => {
    expect(parseLogLine(raw)).toEqual({ ...expected, raw })
  })

  it('never throws and keeps the line as written, whatever the text (the XSS corpus too)', () => {
    for (const raw of corpusLines('xss')) expect(parseLogLine(raw).raw).toBe(raw)
    fc.assert(fc.property(fc.string(), (raw) => parseLogLine(raw).raw === raw))
  })
})

describe('shownLogLines', () => {
  const lines = [
    '2026-01-01T10:00:00.000Z [n] [INFO] Started',
    '2026-01-01T10:00:01.000Z [n] [ERROR] Disk full',
    'no shape at all',
    '2026-01-01T10:00:02.000Z|n|GET|/disk|404|1.0ms',
  ]
  const messages = (levels: LogLevel[], search = '') =>
    shownLogLines(lines, { ...defaultLogView, levels, search }).map((l) => l.message)

  it('shows every line without a level or a search', () => {
    expect(messages([])).toEqual(['Started', 'Disk full', 'no shape at all', 'GET /disk 404 1.0ms'])
  })
  it('a level chosen shows only its lines (a line of no level is hidden then)', () => {
    expect(messages(['ERROR'])).toEqual(['Disk full'])
    expect(messages(['ERROR', 'WARN'])).toEqual(['Disk full', 'GET /disk 404 1.0ms'])
  })
  it('the search matches the line as written, in any case, with the levels', () => {
    expect(messages([], 'DISK')).toEqual(['Disk full', 'GET /disk 404 1.0ms'])
    expect(messages(['WARN'], 'disk')).toEqual(['GET /disk 404 1.0ms'])
    expect(messages([], '  ')).toHaveLength(4)
  })
})

describe('searchParts', () => {
  it('marks every occurrence, in any case', () => {
    expect(searchParts('Disk: disk DISK', 'disk')).toEqual([
      { text: 'Disk', match: true },
      { text: ': ', match: false },
      { text: 'disk', match: true },
      { text: ' ', match: false },
      { text: 'DISK', match: true },
    ])
  })
  it('the parts put back together are the text, whatever the text and search', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 3 }), (text, search) => {
        const parts = searchParts(text, search)
        expect(parts.map((p) => p.text).join('')).toBe(text)
      }),
    )
  })
})

describe('the log view', () => {
  const open = evolveLogViewer(
    initialLogViewerState,
    LogViewerOpened({ selection: 's-1', highAvailability: false }),
  )

  it('records a change of levels, search or wrapping, levels in one order', () => {
    const decided = decideLogViewer(
      { type: 'serviceStatus/SetLogView', view: { levels: ['WARN', 'ERROR'], search: 'x', wrap: false } },
      open,
      meta,
    )
    expect(decided).toEqual({
      _tag: 'Right',
      right: [LogViewChanged({ view: { levels: ['ERROR', 'WARN'], search: 'x', wrap: false } })],
    })
  })

  it('records nothing when the view is as it is, and refuses an overlong search', () => {
    const same = decideLogViewer({ type: 'serviceStatus/SetLogView', view: defaultLogView }, open, meta)
    expect(isRight(same) && same.right).toEqual([])
    const long = { ...defaultLogView, search: 'x'.repeat(MAX_LOG_SEARCH + 1) }
    expect(isLeft(decideLogViewer({ type: 'serviceStatus/SetLogView', view: long }, open, meta))).toBe(true)
  })

  it('the state holds no view while it is the default, so kept logs keep their hashes', () => {
    const changed = evolveLogViewer(open, LogViewChanged({ view: { ...defaultLogView, search: 'x' } }))
    expect(changed.view).toEqual({ ...defaultLogView, search: 'x' })
    const back = evolveLogViewer(changed, LogViewChanged({ view: defaultLogView }))
    expect('view' in back).toBe(false)
    expect(back).toEqual(open)
  })
})
