/**
 * The blob store never lets a commit name bytes that are not on disk, nor removes bytes a
 * committed row still names:
 * - a real process keeps bytes (streamed and in memory) under strace: each staged copy is flushed
 *   before it is linked into place, and the folder it is linked into before the commit (the WAL's
 *   flush) that names it;
 * - a cache fill's bytes placed before their transaction opens leave nothing to flush inside it,
 *   and go again when no commit names them;
 * - on both engines, a release whose transaction fails at its commit leaves the file and its row;
 *   one that commits has removed the file when its transaction returns; bytes named again between
 *   a release's commit and the removal stay.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { describe, expect, it, vi } from 'vitest'
import { blobPathOf, blobStore } from '../../server/repositories/blobs'
import { testEngines } from '../support/engines'
import { tempFolders } from '../support/tempFolders'

const folder = tempFolders()

/** tests/support/blobCommits.ts run under strace: the system calls, and where each copy went. */
async function tracedCommits() {
  const dataDir = folder('console-blob-sync-')
  const trace = join(folder('console-blob-trace-'), 'trace')
  const { stdout } = await promisify(execFile)(
    'strace',
    [
      ...[
        '-f',
        '-y',
        '-qq',
        '-e',
        'trace=fsync,fdatasync,link,linkat,access,faccessat,faccessat2',
        '-o',
        trace,
      ],
      ...[resolve('node_modules/.bin/tsx'), 'tests/support/blobCommits.ts', dataDir],
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  const kept = JSON.parse(stdout.trim().split('\n').pop()!) as Array<{ staged: string; place: string }>
  const calls = readFileSync(trace, 'utf8').split('\n')
  const linkOf = (place: string) =>
    calls.findIndex((line) => /\blink(at)?\(/.test(line) && line.includes(`"${place}"`))
  const commitAfter = (at: number) =>
    calls.findIndex((line, i) => i > at && /\bf(data)?sync\(\d+<[^>]*platform\.db-wal>/.test(line))
  /** Where the placed fill's transaction opened (it looks for a file named for that). */
  const opened = calls.findIndex((line) => line.includes('transaction-opens'))
  return { kept, calls, linkOf, commitAfter, opened }
}

const isFlush = (line: string) => /\bf(data)?sync\(\d+</.test(line)

describe('bytes reach the disk before the commit that names them', () => {
  it('flushes each staged copy before linking it, and its folder before the commit', async () => {
    const { kept, calls, linkOf, commitAfter } = await tracedCommits()
    expect(kept).toHaveLength(3)
    const flushOf = (path: string, after = -1) =>
      calls.findIndex((line, i) => i > after && isFlush(line) && line.includes(`<${path}>`))
    for (const { staged, place } of kept) {
      const linked = linkOf(place)
      expect(linked, `${place} linked`).toBeGreaterThan(-1)
      const copyFlushed = flushOf(staged)
      expect(copyFlushed, `${staged} flushed`).toBeGreaterThan(-1)
      expect(copyFlushed, `${staged} flushed before it is linked`).toBeLessThan(linked)
      const committed = commitAfter(linked)
      expect(committed, 'the commit after the link').toBeGreaterThan(linked)
      const folderFlushed = flushOf(dirname(place), linked)
      expect(folderFlushed, `${dirname(place)} flushed after the link`).toBeGreaterThan(linked)
      expect(folderFlushed, `${dirname(place)} flushed before the commit`).toBeLessThan(committed)
    }
  }, 120_000)

  // On SQLite every statement of the node waits while a transaction is open: a remote's cache fill
  // of a new blob waited there for three folder flushes (its two new folders and the store's own).
  it('makes a streamed copy’s new folders before its transaction: the commit flushes one folder', async () => {
    const { kept, calls, linkOf, commitAfter } = await tracedCommits()
    const { place } = kept[0]!
    const linked = linkOf(place)
    const inCommit = calls.slice(linked + 1, commitAfter(linked)).filter(isFlush)
    expect(inCommit).toHaveLength(1)
    expect(inCommit[0]).toContain(`<${dirname(place)}>`)
    // The folders above it were made, and flushed, before the link.
    const parents = [dirname(dirname(place)), dirname(dirname(dirname(place)))]
    for (const parent of parents)
      expect(
        calls.slice(0, linked).some((line) => isFlush(line) && line.includes(`<${parent}>`)),
        `${parent} flushed before the link`,
      ).toBe(true)
  }, 120_000)

  // The one flush left in a cache fill's transaction was its folder's: placed before the
  // transaction opens, the fill's commit waits for the database's own flush only.
  it('places a cache fill’s bytes before its transaction: nothing flushed inside it', async () => {
    const { kept, calls, linkOf, commitAfter, opened } = await tracedCommits()
    const { place } = kept[2]!
    const linked = linkOf(place)
    expect(opened, 'the transaction opened').toBeGreaterThan(-1)
    expect(linked, `${place} linked before the transaction`).toBeGreaterThan(-1)
    expect(linked).toBeLessThan(opened)
    const folderFlushed = calls.findIndex(
      (line, i) => i > linked && isFlush(line) && line.includes(`<${dirname(place)}>`),
    )
    expect(folderFlushed, `${dirname(place)} flushed before the transaction`).toBeGreaterThan(linked)
    expect(folderFlushed).toBeLessThan(opened)
    const committed = commitAfter(opened)
    expect(committed, 'the commit').toBeGreaterThan(opened)
    expect(calls.slice(opened + 1, committed).filter(isFlush)).toEqual([])
  }, 120_000)
})

describe.each(testEngines())('released bytes on %s', (_engine, openEngine) => {
  const setUp = async () => {
    const sql = await openEngine()
    await sql.migrate()
    const blobDir = folder('console-blob-release-')
    const blobs = blobStore(sql, blobDir)
    const now = new Date().toISOString()
    const keep = async (text: string) => {
      const staged = blobs.putBytes(Buffer.from(text))
      await sql.transaction((tx) => staged.commit(tx, now))
      staged.discard()
      return { sha256: staged.facts.sha256, path: blobPathOf(blobDir, staged.facts.sha256) }
    }
    return { sql, blobs, keep }
  }

  it('keeps the file and its row when the release fails at its commit', async () => {
    const { sql, blobs, keep } = await setUp()
    const bytes = await keep('released, then rolled back\n')
    await expect(
      sql.transaction(async (tx) => {
        await blobs.releaseIfUnused(bytes.sha256, tx)
        throw new Error('injected failure at commit')
      }),
    ).rejects.toThrow('injected failure at commit')
    expect(await blobs.find(bytes.sha256)).toBeDefined()
    expect(existsSync(bytes.path)).toBe(true)
  })

  it('has removed the file when a committed release returns', async () => {
    const { sql, blobs, keep } = await setUp()
    const bytes = await keep('released for good\n')
    await sql.transaction((tx) => blobs.releaseIfUnused(bytes.sha256, tx))
    expect(await blobs.find(bytes.sha256)).toBeUndefined()
    expect(existsSync(bytes.path)).toBe(false)
  })

  it('takes bytes placed early back when no commit named them', async () => {
    const { sql, blobs } = await setUp()
    const staged = await blobs.putStream(Readable.from([Buffer.from('placed, never named\n')]), {
      maxBytes: 1024,
    })
    await staged.place()
    expect(blobs.has(staged.facts.sha256)).toBe(true)
    await expect(
      sql.transaction(async (tx) => {
        await staged.commit(tx, new Date().toISOString())
        throw new Error('injected failure at commit')
      }),
    ).rejects.toThrow('injected failure at commit')
    staged.discard()
    // The removal takes the bytes' row lock in a transaction of its own, after the discard.
    await vi.waitFor(() => expect(blobs.has(staged.facts.sha256)).toBe(false), { timeout: 60_000 })
    expect(await blobs.find(staged.facts.sha256)).toBeUndefined()
  })

  it('keeps bytes named again after the release committed and before their removal', async () => {
    const { sql, blobs, keep } = await setUp()
    const text = 'released, then named again\n'
    const bytes = await keep(text)
    await sql.transaction(async (tx) => {
      // Runs after the commit, before the removal the release asks for.
      tx.afterCommit(async () => void (await keep(text)))
      await blobs.releaseIfUnused(bytes.sha256, tx)
    })
    expect(await blobs.find(bytes.sha256)).toBeDefined()
    expect(existsSync(bytes.path)).toBe(true)
  })
})
