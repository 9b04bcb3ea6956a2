/**
 * Logs that last: real sessions exported by earlier builds (tests/fixtures/logs/, recorded by
 * scripts/recordFixtureLogs.ts) must keep replaying, strictly, to the
 * state hash their trailer recorded. An event whose codec changes without an upcaster breaks
 * this test: add the upcaster, never re-record the logs.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'

const dir = join(import.meta.dirname, '../fixtures/logs')
const files = readdirSync(dir).filter((f) => f.endsWith('.ndjson'))

describe('kept session logs replay to their recorded state', () => {
  it('there are kept logs to replay', () => {
    expect(files.length).toBeGreaterThanOrEqual(2)
  })

  it.each(files)('%s', (file) => {
    const text = readFileSync(join(dir, file), 'utf8')
    const result = replayLog(text)
    expect(result.errors).toEqual([])
    expect(result.events).toBeGreaterThan(10)
    expect(result.expectedHash).toMatch(/^[0-9a-f]+$/)
    expect(result.hashMatches).toBe(true)
  })
})
