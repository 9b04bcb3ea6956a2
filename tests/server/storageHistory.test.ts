/**
 * Storage used over time, on both engines: a sample an hour (a later one of the same hour
 * replaces an earlier, never the other way), read back oldest first, samples past the kept
 * days deleted; and the chart's days, each with its last sample and nulls where none was taken.
 */
import { describe, expect, it } from 'vitest'
import { STORAGE_SAMPLES_KEPT_DAYS, storageOverDays } from '../../server/overview/storageHistory'
import { storageHistory } from '../../server/overview/store'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

describe.each(engines)('storage history on %s', (_name, open) => {
  it('keeps one sample an hour, the latest, and reads them oldest first', async () => {
    const history = storageHistory(await migrated(open))
    await history.record({ sampledAt: '2026-12-01T10:05:00.000Z', artifactBytes: 100, files: 1 })
    await history.record({ sampledAt: '2026-12-01T10:50:00.000Z', artifactBytes: 300, files: 3 })
    // A node whose calculation ended later but started earlier does not undo the newer figures.
    await history.record({ sampledAt: '2026-12-01T10:20:00.000Z', artifactBytes: 200, files: 2 })
    // Beyond 32-bit integers: bytes of a large store.
    await history.record({
      sampledAt: '2026-12-02T09:00:00.000Z',
      artifactBytes: 5_000_000_000_000,
      files: 4,
    })
    expect(await history.since('2026-12-01')).toEqual([
      { sampledAt: '2026-12-01T10:50:00.000Z', artifactBytes: 300, files: 3 },
      { sampledAt: '2026-12-02T09:00:00.000Z', artifactBytes: 5_000_000_000_000, files: 4 },
    ])
    expect(await history.since('2026-12-02')).toHaveLength(1)
  })

  it('deletes the samples older than the days kept', async () => {
    const history = storageHistory(await migrated(open))
    const now = Date.parse('2026-12-02T12:00:00.000Z')
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString()
    await history.record({ sampledAt: daysAgo(STORAGE_SAMPLES_KEPT_DAYS + 1), artifactBytes: 1, files: 1 })
    await history.record({ sampledAt: daysAgo(STORAGE_SAMPLES_KEPT_DAYS - 1), artifactBytes: 2, files: 2 })
    await history.prune(daysAgo(0))
    expect((await history.since('2000-01-01')).map((s) => s.artifactBytes)).toEqual([2])
  })
})

describe('the storage chart days', () => {
  it('gives each day its last sample, and nulls for a day without one', () => {
    const days = storageOverDays('2026-12-02', 3, [
      { sampledAt: '2026-11-30T23:00:00.000Z', artifactBytes: 10, files: 1 },
      { sampledAt: '2026-12-02T08:00:00.000Z', artifactBytes: 30, files: 3 },
      { sampledAt: '2026-12-02T07:00:00.000Z', artifactBytes: 20, files: 2 },
      // Before the first day shown: not shown.
      { sampledAt: '2026-11-29T12:00:00.000Z', artifactBytes: 5, files: 1 },
    ])
    expect(days).toEqual([
      { day: '2026-11-30', artifactBytes: 10, files: 1 },
      { day: '2026-12-01', artifactBytes: null, files: null },
      { day: '2026-12-02', artifactBytes: 30, files: 3 },
    ])
  })
})
