/**
 * A blob folder several hosts share (BLOB_DIR): a node starting removes the temporary files that
 * crashed uploads of its own host left, never those of another host, whose pids it cannot judge
 * (a pid not running here may be an upload under way there).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { blobStore } from '../../server/repositories/blobs'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'

const dir = mkdtempSync(join(tmpdir(), 'console-blob-shared-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a shared blob folder at start', () => {
  it("clears this host's leftovers of processes gone and keeps another host's", () => {
    const blobs = join(dir, 'shared-blobs')
    const tmp = join(blobs, 'tmp')
    mkdirSync(tmp, { recursive: true })
    // A pid that ran and ended here.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid
    const here = hostname().replace(/[^A-Za-z0-9-]/g, '_')
    const files = {
      otherHost: `${gone}.aaaa.another-host`,
      ours: `${gone}.bbbb.${here}`,
      beforeHosts: `${gone}.cccc`,
      running: `${process.pid}.dddd.${here}`,
    }
    for (const name of Object.values(files)) writeFileSync(join(tmp, name), 'partial')
    const db = openDatabase(join(dir, 'data'))
    try {
      blobStore(sqliteSql(db), blobs)
    } finally {
      db.close()
    }
    const kept = (name: string) => existsSync(join(tmp, name))
    expect(kept(files.otherHost)).toBe(true)
    expect(kept(files.running)).toBe(true)
    expect(kept(files.ours)).toBe(false)
    expect(kept(files.beforeHosts)).toBe(false)
  })
})
