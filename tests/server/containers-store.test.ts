/**
 * The container store's mount (a blob linked from another image) against a release of the same
 * bytes, on both engines, and on PostgreSQL through two connections as two nodes would race:
 * a release either sees the new link or the mount finds the bytes gone, never a link to bytes
 * no longer kept.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { containerStore } from '../../server/containers/store'
import type { Sql } from '../../server/db/sql'
import { blobStore } from '../../server/repositories/blobs'
import { anotherConnection, migrated, testEngines, waitsForLock } from '../support/engines'

const engines = testEngines()
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const T0 = '2026-12-02T10:00:00.000Z'

/** A layer held by docker-local's `from/app`, then unlinked there: bytes only a release keeps from going. */
async function heldThenUnlinked(sql: Sql) {
  const dir = mkdtempSync(join(tmpdir(), 'console-oci-store-'))
  dirs.push(dir)
  const blobs = blobStore(sql, join(dir, 'blobs'))
  const staged = blobs.putBytes(Buffer.from(`layer ${dir}`))
  const digest = `sha256:${staged.facts.sha256}`
  try {
    await containerStore(sql).linkStagedBlob(staged, 'docker-local', 'from/app', digest, T0)
  } finally {
    staged.discard()
  }
  expect(await containerStore(sql).unlinkBlob('docker-local', 'from/app', digest)).toBe(true)
  return { dir, blobs, digest, sha256: staged.facts.sha256, size: staged.facts.size }
}

const linksTo = (sql: Sql, image: string) =>
  sql.all('SELECT digest FROM oci_blob_links WHERE repo = ? AND image = ?', ['docker-local', image])

describe.each(engines)('container mounts on %s', (_name, open) => {
  it('links bytes still kept, and a release then keeps them for the new link', async () => {
    const sql = await migrated(open)
    const held = await heldThenUnlinked(sql)
    expect(await containerStore(sql).linkBlob('docker-local', 'to/app', held.digest, held.size, T0)).toBe(
      true,
    )
    await held.blobs.releaseIfUnused(held.sha256)
    expect(await linksTo(sql, 'to/app')).toEqual([{ digest: held.digest }])
    expect(existsSync(held.blobs.pathOf(held.sha256))).toBe(true)
  })

  it('links nothing once the bytes are released', async () => {
    const sql = await migrated(open)
    const held = await heldThenUnlinked(sql)
    await held.blobs.releaseIfUnused(held.sha256)
    expect(existsSync(held.blobs.pathOf(held.sha256))).toBe(false)
    expect(await containerStore(sql).linkBlob('docker-local', 'to/app', held.digest, held.size, T0)).toBe(
      false,
    )
    expect(await linksTo(sql, 'to/app')).toEqual([])
  })
})

describe('container mounts on postgres, two connections', () => {
  const postgres = engines.find(([name]) => name === 'postgres')![1]

  it('a mount waits while a release holds the bytes, then finds them gone', async () => {
    const one = await migrated(postgres)
    const two = await anotherConnection(one)
    // A transaction reads the server's activity once: a third connection asks each time.
    const watcher = await anotherConnection(one)
    const held = await heldThenUnlinked(one)
    let mount: Promise<boolean> | undefined
    let waited = false
    await one.transaction(async (tx) => {
      await held.blobs.releaseIfUnused(held.sha256, tx)
      // Released, not yet committed: the other node mounts the same bytes now.
      mount ??= containerStore(two).linkBlob('docker-local', 'to/app', held.digest, held.size, T0)
      // It must wait for the release's lock on the bytes' row, not link them meanwhile.
      waited = (await waitsForLock(watcher, mount, 'the mount')) === 'waiting'
    })
    expect(waited).toBe(true)
    expect(await mount).toBe(false)
    expect(await linksTo(one, 'to/app')).toEqual([])
    expect(existsSync(held.blobs.pathOf(held.sha256))).toBe(false)
  })
})
