/**
 * Files a remote repository fetches once: the upstream's bytes go to the blob store (checked
 * against the digest the metadata gives, if any) and, for the request that started the
 * fetch, to its client while they arrive. Concurrent requests for the same file join that
 * one fetch instead of making their own, reading the staged file as it grows (a request that
 * comes before the upstream has answered waits for its headers, then does the same). Memory stays
 * flat: bytes go to disk and to the clients, with the first client's back-pressure, never
 * held whole.
 *
 * A streamed client gets every byte but the last chunk until the digest is checked, so a file
 * that does not match never arrives complete; a small file with a known digest (the usual npm
 * tarball) is checked before its first byte is sent, so the client gets a clear error instead.
 */
import { createHash, type Hash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { close, openSync, read } from 'node:fs'
import { PassThrough, Readable, Transform, type TransformCallback, type Writable } from 'node:stream'
import type { BlobFacts, BlobStore, StagedBlob } from '../repositories/blobs'
import type { UpstreamResponse } from '../upstream/fetch'
import type { ExpectedDigest } from './rules'

/** Files up to this size with a known digest are checked before they are sent. */
export const CHECK_BEFORE_SENDING = 16 * 1024 * 1024

/** The bytes did not match the digest the metadata gives; nothing was kept. */
export class IntegrityMismatch extends Error {
  constructor(
    readonly expected: ExpectedDigest,
    readonly actual: string,
  ) {
    super('integrity mismatch')
  }
}

export interface FetchStart {
  /** The upstream's answer, its status already checked (a non-2xx throws before this). */
  readonly response: UpstreamResponse
  readonly expected: ExpectedDigest | undefined
  readonly maxBytes: number
  /**
   * Also given every byte as it arrives, with its back-pressure (a reader of the file's contents,
   * so nothing reads the file back once it is stored); ended with the file, destroyed if the fetch
   * fails. One that stops reading early (ended or destroyed) is given nothing more.
   */
  readonly copy?: Writable
}

/** The upstream says the cached copy stands (not modified, or unreachable while one is cached). */
export interface CacheStands {
  readonly stands: BlobFacts
}

export interface FileFetch {
  /** The bytes as they arrive, for the request that started the fetch when it streams. */
  readonly live: Readable | undefined
  readonly length: number | undefined
  /** The stored blob once complete and checked. */
  readonly done: Promise<BlobFacts>
}

/**
 * How far a streamed fetch has come, for the requests that join it: they read the staged file
 * up to what is both on disk and released (every byte but the last chunk until the file is
 * checked), and to its end once it is kept.
 */
class Progress extends EventEmitter {
  onDisk = 0
  released = 0
  partial: string | undefined
  outcome: { readonly size: number } | { readonly error: Error } | undefined
  constructor() {
    super()
    // One listener per joined request, however many.
    this.setMaxListeners(0)
  }
  limit(): number {
    return this.outcome && 'size' in this.outcome ? this.outcome.size : Math.min(this.onDisk, this.released)
  }
  update(change: Partial<Pick<Progress, 'onDisk' | 'released' | 'partial' | 'outcome'>>): void {
    Object.assign(this, change)
    this.emit('change')
  }
}

/** A joined request's bytes: the staged file read as it grows, cut off if the fetch fails. */
class Follower extends Readable {
  private position = 0
  private waiting = false
  private readonly onChange = () => {
    if (!this.waiting) return
    this.waiting = false
    this._read()
  }
  constructor(
    private readonly fd: number,
    private readonly progress: Progress,
  ) {
    super()
    progress.on('change', this.onChange)
    // A failed fetch cuts this stream off; a request that never came to send it must not crash.
    this.on('error', () => undefined)
  }
  override _read(): void {
    const { outcome } = this.progress
    if (outcome && 'error' in outcome) return void this.destroy(outcome.error)
    const limit = this.progress.limit()
    if (this.position >= limit) {
      if (outcome) return void this.push(null)
      this.waiting = true
      return
    }
    const buffer = Buffer.allocUnsafe(Math.min(limit - this.position, 64 * 1024))
    read(this.fd, buffer, 0, buffer.length, this.position, (error, bytes) => {
      if (error) return void this.destroy(error)
      this.position += bytes
      if (bytes === 0) this.waiting = true
      else this.push(buffer.subarray(0, bytes))
    })
  }
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.progress.off('change', this.onChange)
    close(this.fd, () => callback(error))
  }
}

/** Calls `then` once `stream` takes more writes (or has gone away). */
function whenWritable(stream: Writable, then: () => void): void {
  const resume = () => {
    stream.off('drain', resume)
    stream.off('close', resume)
    then()
  }
  stream.once('drain', resume)
  stream.once('close', resume)
}

/** Passes chunks on, one behind, digesting them and copying them; waits for the reader of `live`. */
class Tee extends Transform {
  private held: Buffer | undefined
  private passed = 0
  readonly digest: Hash | undefined
  constructor(
    private readonly live: PassThrough | undefined,
    expected: ExpectedDigest | undefined,
    private readonly progress: Progress | undefined,
    private readonly copy: Writable | undefined,
  ) {
    super()
    this.digest = expected ? createHash(expected.algorithm) : undefined
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.digest?.update(chunk)
    const { copy } = this
    if (!copy || copy.destroyed || copy.writableEnded || copy.write(chunk)) return this.pass(chunk, done)
    whenWritable(copy, () => this.pass(chunk, done))
  }
  override _flush(done: TransformCallback): void {
    if (this.copy && !this.copy.destroyed && !this.copy.writableEnded) this.copy.end()
    done()
  }
  private pass(chunk: Buffer, done: TransformCallback): void {
    const previous = this.held
    this.held = chunk
    // Every chunk before this one may go to joined requests.
    this.progress?.update({ released: this.passed })
    this.passed += chunk.length
    if (!previous || !this.live || this.live.destroyed) return done(null, chunk)
    if (this.live.write(previous)) return done(null, chunk)
    // The client reads slower than the upstream sends: wait for it (or for it to go away).
    whenWritable(this.live, () => done(null, chunk))
  }
  /** The held chunk, once the whole file is known good. */
  release(): void {
    if (this.live && !this.live.destroyed) this.live.end(this.held)
  }
}

interface Inflight {
  readonly done: Promise<BlobFacts>
  /** Settles once the upstream has answered (or failed): from then on the fetch can be followed. */
  readonly begun: Promise<void>
  length?: number
  progress?: Progress
}

export function fileCache(blobs: BlobStore) {
  const inflight = new Map<string, Inflight>()

  /** The bytes of a streamed fetch for a request that joins it, if it can still be followed. */
  const follow = (fetch: Inflight): Readable | undefined => {
    const { progress } = fetch
    if (!progress?.partial || progress.outcome) return undefined
    try {
      return new Follower(openSync(progress.partial, 'r'), progress)
    } catch {
      // The staged copy just went (kept or failed): the request waits for the outcome.
      return undefined
    }
  }

  return {
    /**
     * A fetch of `key` under way, if any (decided at once, so no second fetch can start
     * between the question and the answer), for another request to join: once the upstream
     * has answered, the bytes as they arrive when the fetch streams (`live`), else only its
     * outcome.
     */
    pending(key: string): Promise<FileFetch> | undefined {
      const fetch = inflight.get(key)
      return fetch?.begun.then(() => ({ live: follow(fetch), length: fetch.length, done: fetch.done }))
    },

    /**
     * Starts the one fetch of `key`; `start` asks the upstream (or says the cached copy
     * stands, which is what waiters get too), `keep` commits the checked
     * bytes in the transaction that names them. The returned promise settles with what the
     * first caller needs; later callers should use `pending(key)`.
     */
    async fetch(
      key: string,
      start: () => Promise<FetchStart | CacheStands>,
      keep: (staged: StagedBlob) => Promise<void>,
    ): Promise<FileFetch> {
      let settle!: { resolve: (f: BlobFacts) => void; reject: (e: unknown) => void }
      const done = new Promise<BlobFacts>((resolve, reject) => {
        settle = { resolve, reject }
      })
      // Waiters may come and go; an unobserved failure is not an unhandled rejection.
      done.catch(() => undefined)
      let markBegun!: () => void
      const begun = new Promise<void>((resolve) => {
        markBegun = resolve
      })
      const entry: Inflight = { done, begun }
      inflight.set(key, entry)
      const finished = () => inflight.delete(key)
      done.then(finished, finished)
      let started: FetchStart | CacheStands
      try {
        started = await start()
      } catch (error) {
        settle.reject(error)
        markBegun()
        throw error
      }
      if ('stands' in started) {
        settle.resolve(started.stands)
        markBegun()
        return { live: undefined, length: started.stands.size, done }
      }
      const { response, expected } = started
      const streams =
        expected === undefined || response.length === undefined || response.length > CHECK_BEFORE_SENDING
      const live = streams ? new PassThrough() : undefined
      const progress = streams ? new Progress() : undefined
      entry.length = response.length
      entry.progress = progress
      const tee = new Tee(live, expected, progress, started.copy)
      response.body.on('error', (error) => tee.destroy(error))
      response.body.pipe(tee)
      const failed = (error: unknown) => {
        const cause = error instanceof Error ? error : new Error(String(error))
        live?.destroy(cause)
        started.copy?.destroy(cause)
        progress?.update({ outcome: { error: cause } })
        response.body.destroy()
        settle.reject(error)
      }
      blobs
        .putStream(tee, {
          maxBytes: started.maxBytes,
          verify: () => {
            if (!expected || !tee.digest) return
            const actual = tee.digest.digest(expected.encoding)
            if (actual !== expected.value) throw new IntegrityMismatch(expected, actual)
          },
          written: progress && ((partial, bytes) => progress.update({ partial, onDisk: bytes })),
        })
        .then(async (staged) => {
          try {
            // In place before `keep`'s transaction opens: it then waits for no disk.
            await staged.place()
            await keep(staged)
          } finally {
            staged.discard()
          }
          tee.release()
          progress?.update({ outcome: { size: staged.facts.size } })
          settle.resolve(staged.facts)
        })
        .catch(failed)
      // The staged copy is named by now (putStream opens it before its first byte): joiners may follow.
      markBegun()
      return { live, length: response.length, done }
    },
  }
}

export type FileCache = ReturnType<typeof fileCache>
