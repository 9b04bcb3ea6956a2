// The overview's chart and size rules, and its decider: a stale answer never replaces a newer request's.
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { BYTE_TICK_STEPS, bars, byteAxis, bytesText, storageLine } from '../../domain/overview/rules'
import { overviewArea } from '../../domain/overview/decider'
import { Failed, Loaded, Requested } from '../../domain/overview/events'
import type { Overview } from '../../domain/overview/types'
import type { AppEvent } from '../../domain/app'
import { spec } from '../support/decider'

describe('the storage line', () => {
  it('keeps the days without a sample as gaps and gives the last day with one', () => {
    const days = [
      { day: '2026-11-30', artifactBytes: 10 },
      { day: '2026-12-01', artifactBytes: 30 },
      { day: '2026-12-02', artifactBytes: null },
    ]
    expect(storageLine(days)).toEqual({
      points: days,
      latest: { day: '2026-12-01', artifactBytes: 30 },
      sampledDays: 2,
    })
  })

  it('draws nothing when no day has a sample', () => {
    expect(storageLine([{ day: '2026-12-02', artifactBytes: null }])).toEqual({
      points: [],
      latest: undefined,
      sampledDays: 0,
    })
  })

  it('steps its ticks by whole binary units', () => {
    expect(BYTE_TICK_STEPS.map(bytesText)).toContain('500 MB')
    expect(BYTE_TICK_STEPS.map(bytesText)).toContain('2.0 GB')
    expect(BYTE_TICK_STEPS.map(bytesText).filter((t) => !/^\d+(\.0)? [KMGT]?B$/.test(t))).toEqual([])
  })

  // 7.9 MB was drawn above the axis's top tick of 5.0 MB, a lone point off the grid.
  it('ends its byte axis on a whole tick above the highest day', () => {
    const MB = 1024 ** 2
    expect(byteAxis(7.9 * MB)).toEqual({ top: 10 * MB, ticks: [0, 5 * MB, 10 * MB] })
    for (const max of [1, 999, 1024, 5 * MB, 7.9 * MB, 3.2 * 1024 ** 3, 123_456_789]) {
      const { top, ticks } = byteAxis(max)
      expect(top, bytesText(max)).toBeGreaterThan(max)
      expect(ticks.at(-1)).toBe(top)
      expect(ticks.length - 1).toBeLessThanOrEqual(4)
      expect(
        ticks
          .slice(1)
          .map(bytesText)
          .filter((t) => !/^\d+(\.\d)? [KMGT]?B$/.test(t)),
        bytesText(max),
      ).toEqual([])
    }
    expect(byteAxis(0)).toEqual({ top: 1, ticks: [0] })
  })

  it('takes the finest step whose ticks fit, four intervals included', () => {
    const MB = 1024 ** 2
    // 3.5 MB with its room above needs four 1 MB intervals: as many as the axis allows, so the
    // grid is 1 MB apart, not 2 MB.
    expect(byteAxis(3.5 * MB)).toEqual({ top: 4 * MB, ticks: [0, MB, 2 * MB, 3 * MB, 4 * MB] })
    expect(byteAxis(3.5 * MB, 2)).toEqual({ top: 4 * MB, ticks: [0, 2 * MB, 4 * MB] })
  })

  it('steps by its largest step past what four of them hold, still above the highest day', () => {
    // 500 of 1024⁵ bytes (written 512000 TB): a platform storing exabytes.
    const largest = BYTE_TICK_STEPS[BYTE_TICK_STEPS.length - 1]!
    expect(largest).toBe(500 * 1024 ** 5)
    const max = 5 * largest
    const { top, ticks } = byteAxis(max)
    expect(top).toBe(6 * largest)
    expect(ticks).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => i * largest))
  })
})

describe('overview bars', () => {
  it.each([
    [[], []],
    [[{ label: 'npm', count: 0 }], [{ label: 'npm', count: 0, share: 0 }]],
    [
      [
        { label: 'npm', count: 40 },
        { label: 'generic', count: 10 },
      ],
      [
        { label: 'npm', count: 40, share: 1 },
        { label: 'generic', count: 10, share: 0.25 },
      ],
    ],
  ])('%j → %j', (items, expected) => expect(bars(items)).toEqual(expected))

  it('sums what is past the largest into Other, which can be the longest bar', () => {
    const items = [5, 4, 3].map((count, i) => ({ label: `t${i}`, count }))
    expect(bars(items, 1)).toEqual([
      { label: 't0', count: 5, share: 5 / 7 },
      { label: 'Other', count: 7, share: 1 },
    ])
  })
})

describe('overview bytesText', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [5 * 1024 ** 4, '5.0 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d → %s', (n, text) => expect(bytesText(n)).toBe(text))
})

describe('overview decider', () => {
  const data = { artifactCount: 1 } as unknown as Overview
  /** The overview's state given these events (the specification's fold of the whole app). */
  const fold = (...events: AppEvent[]) => spec(appSlice(overviewArea)).given(...events).state.overview

  it('a load is requested, then loaded', () => {
    expect(fold(Requested({ requestId: 'a' }), Loaded({ requestId: 'a', overview: data }))).toEqual({
      status: 'loaded',
      data,
    })
  })

  it('keeps the figures shown while a refresh loads', () => {
    expect(
      fold(
        Requested({ requestId: 'a' }),
        Loaded({ requestId: 'a', overview: data }),
        Requested({ requestId: 'b' }),
      ),
    ).toEqual({
      status: 'loading',
      requestId: 'b',
      previous: data,
    })
  })

  it('ignores the answer of an older request', () => {
    const failure = { kind: 'network', message: 'x' } as const
    const s = fold(
      Requested({ requestId: 'a' }),
      Requested({ requestId: 'b' }),
      Loaded({ requestId: 'a', overview: data }),
      Failed({ requestId: 'a', failure }),
    )
    expect(s).toEqual({ status: 'loading', requestId: 'b' })
  })
})
