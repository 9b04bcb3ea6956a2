// The overview's downloads chart, its byte figures and the storage cache's first walk, as the
// page shows them.
import { describe, expect, it } from 'vitest'
import { awaitsStorageCache, bytesText, downloadColumns, storedFigures } from '../../domain/overview/rules'
import type { Overview } from '../../domain/overview/types'

const overview = (storage: Overview['storage']): Overview => ({
  artifactCount: 0,
  packagesByType: [],
  vulnerabilities: [],
  recentDeployments: [],
  storage,
  health: [],
})
const stored = { artifactBytes: 10, blobCount: 2, diskFreeBytes: 1, diskTotalBytes: 2 }
const calculating = { calculating: true as const, diskFreeBytes: 1, diskTotalBytes: 2 }

describe('overview charts and figures', () => {
  it('the downloads chart has a column a day, as tall as its share of the busiest, and the total', () => {
    expect(
      downloadColumns([
        { day: '2026-01-01', count: 2 },
        { day: '2026-01-02', count: 8 },
        { day: '2026-01-03', count: 0 },
      ]),
    ).toEqual({
      columns: [
        { label: '2026-01-01', count: 2, share: 0.25 },
        { label: '2026-01-02', count: 8, share: 1 },
        { label: '2026-01-03', count: 0, share: 0 },
      ],
      total: 10,
    })
    expect(downloadColumns([])).toEqual({ columns: [], total: 0 })
  })

  it('names the one day with a count, and none when two days or none have one', () => {
    const day = (d: string, count: number) => ({ day: `2026-01-0${d}`, count })
    expect(downloadColumns([day('1', 0), day('2', 3), day('3', 0)]).onlyDay).toEqual({
      label: '2026-01-02',
      count: 3,
      share: 1,
    })
    expect(downloadColumns([day('1', 1), day('2', 3)]).onlyDay).toBeUndefined()
    expect(downloadColumns([day('1', 0), day('2', 0)]).onlyDay).toBeUndefined()
  })

  it('bytes are written in the unit that keeps the figure below 1024', () => {
    expect(bytesText(0)).toBe('0 B')
    expect(bytesText(1023)).toBe('1023 B')
    expect(bytesText(1536)).toBe('1.5 KB')
    expect(bytesText(5 * 1024 ** 2)).toBe('5.0 MB')
    expect(bytesText(20 * 1024 ** 3)).toBe('20 GB')
    expect(bytesText(3 * 1024 ** 5)).toBe('3072 TB')
  })

  it('no storage figures while the platform walks its blob store for the first time', () => {
    expect(storedFigures(overview(stored))).toEqual(stored)
    expect(storedFigures(overview(calculating))).toBeNull()
  })

  it('the page asks again only while loaded figures say the first walk is under way', () => {
    expect(awaitsStorageCache({ status: 'loaded', data: overview(calculating) })).toBe(true)
    expect(awaitsStorageCache({ status: 'loaded', data: overview(stored) })).toBe(false)
    expect(awaitsStorageCache({ status: 'loading', requestId: 'r', previous: overview(calculating) })).toBe(
      false,
    )
    expect(awaitsStorageCache({ status: 'idle' })).toBe(false)
  })
})
