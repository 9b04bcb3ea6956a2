/**
 * The remote file cache's one fetch per file, driven by hand: the test is the upstream, so it
 * decides when the headers come and when each half of the bytes does. A request that joins
 * while the upstream has not answered yet follows the bytes once it does, instead of waiting
 * for the whole file; a fetch that fails before answering fails its joiners too. The bytes are in
 * place before the transaction that keeps them opens, so it waits for no disk. A copy of the bytes
 * (the catalogue's reader of a tarball) has them all by then, and is cut off when the fetch fails.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, type Readable, type Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { blobStore, type BlobStore } from '../../server/repositories/blobs'
import { fileCache, type FetchStart } from '../../server/remote/fileCache'

let dataDir: string
let db: ReturnType<typeof openDatabase>
let files: ReturnType<typeof fileCache>
let blobs: BlobStore

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'file-cache-'))
  db = openDatabase(dataDir)
  blobs = blobStore(sqliteSql(db), join(dataDir, 'blobs'))
  files = fileCache(blobs)
})
afterAll(() => {
  db?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** The upstream's answer, held until the test gives it. */
function handUpstream() {
  let answer!: (start: FetchStart) => void
  let refuse!: (error: Error) => void
  const answered = new Promise<FetchStart>((resolve, reject) => {
    answer = resolve
    refuse = reject
  })
  const body = new PassThrough()
  return {
    start: () => answered,
    body,
    answer: (length: number, copy?: Writable) =>
      answer({
        response: { status: 200, headers: {}, url: 'http://upstream.invalid/f', length, body },
        expected: undefined,
        maxBytes: 1 << 30,
        copy,
      }),
    refuse,
  }
}

/** The next chunk `stream` gives. */
const nextChunk = (stream: Readable) =>
  new Promise<Buffer>((resolve, reject) => {
    stream.once('data', (chunk: Buffer) => {
      stream.pause()
      resolve(chunk)
    })
    stream.once('error', reject)
    stream.resume()
  })

const rest = async (stream: Readable, first: Buffer) => {
  const chunks = [first]
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('a request joining a fetch before the upstream answers', () => {
  it('follows the bytes once the headers come, before the upstream finishes', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 13) % 251))
    const upstream = handUpstream()
    const first = files.fetch('repo\0early.bin', upstream.start, async () => undefined)
    // The upstream has not answered: the joiner is told of the fetch at once, and waits for its headers.
    const joining = files.pending('repo\0early.bin')
    expect(joining).toBeDefined()
    upstream.answer(bytes.length)
    const joined = await joining!
    expect(joined.length).toBe(bytes.length)
    expect(joined.live).toBeDefined()
    const started = await first
    // Half the bytes, in four chunks, then the upstream waits; the joiner gets some of them all
    // the same (every chunk but the last is passed on before the file is checked).
    for (let at = 0; at < bytes.length >> 1; at += bytes.length >> 3)
      upstream.body.write(bytes.subarray(at, at + (bytes.length >> 3)))
    const early = await nextChunk(joined.live!)
    expect(early.length).toBeGreaterThan(0)
    const firstEarly = await nextChunk(started.live!)
    upstream.body.end(bytes.subarray(bytes.length >> 1))
    // Both read at once: the first request's client paces the fetch.
    const [joinedBytes, firstBytes] = await Promise.all([
      rest(joined.live!, early),
      rest(started.live!, firstEarly),
    ])
    expect(joinedBytes.equals(bytes)).toBe(true)
    expect(firstBytes.equals(bytes)).toBe(true)
    expect((await joined.done).size).toBe(bytes.length)
    expect(files.pending('repo\0early.bin')).toBeUndefined()
  })

  it('fails the joiner when the upstream fails before answering', async () => {
    const upstream = handUpstream()
    const first = files.fetch('repo\0refused.bin', upstream.start, async () => undefined)
    const joining = files.pending('repo\0refused.bin')
    upstream.refuse(new Error('connect refused'))
    await expect(first).rejects.toThrow('connect refused')
    const joined = await joining!
    expect(joined.live).toBeUndefined()
    await expect(joined.done).rejects.toThrow('connect refused')
  })
})

describe('a fetched file kept', () => {
  it('is in place before the transaction that keeps it opens', async () => {
    const bytes = Buffer.from('kept once checked\n')
    const upstream = handUpstream()
    let inPlace: boolean | undefined
    const fetching = files.fetch('repo\0placed.bin', upstream.start, async (staged) => {
      inPlace = blobs.has(staged.facts.sha256)
    })
    upstream.answer(bytes.length)
    upstream.body.end(bytes)
    const started = await fetching
    started.live?.resume()
    await started.done
    expect(inPlace).toBe(true)
  })
})

describe('a copy of the bytes as they arrive', () => {
  it('has every byte, and has ended, before the fetch keeps the file', async () => {
    const bytes = Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i * 7) % 253))
    const upstream = handUpstream()
    const copy = new PassThrough()
    const copied: Buffer[] = []
    copy.on('data', (chunk: Buffer) => copied.push(chunk))
    let atKeep: { bytes: Buffer; ended: boolean } | undefined
    const fetching = files.fetch('repo\0copied.bin', upstream.start, async () => {
      atKeep = { bytes: Buffer.concat(copied), ended: copy.writableEnded }
    })
    upstream.answer(bytes.length, copy)
    for (let at = 0; at < bytes.length; at += 50 * 1024)
      upstream.body.write(bytes.subarray(at, at + 50 * 1024))
    upstream.body.end()
    const started = await fetching
    started.live?.resume()
    await started.done
    expect(atKeep?.ended).toBe(true)
    expect(atKeep?.bytes.equals(bytes)).toBe(true)
  })

  it('is cut off when the upstream breaks off, and nothing is kept', async () => {
    const upstream = handUpstream()
    const copy = new PassThrough()
    copy.resume()
    const cut = new Promise<unknown>((resolve) => copy.on('error', resolve))
    let kept = false
    const fetching = files.fetch('repo\0cut.bin', upstream.start, async () => {
      kept = true
    })
    upstream.answer(100_000, copy)
    upstream.body.write(Buffer.alloc(10_000, 1))
    const started = await fetching
    started.live?.on('error', () => undefined).resume()
    upstream.body.destroy(new Error('reset mid-file'))
    await expect(started.done).rejects.toThrow('reset mid-file')
    expect(await cut).toBeInstanceOf(Error)
    expect(copy.destroyed).toBe(true)
    expect(kept).toBe(false)
  })
})
