/**
 * Files a remote repository fetches once: the upstream's bytes go to the blob store (checked
 * against the digest the metadata gives, if any) and, for the request that started the
 * fetch, to its client while they arrive. Concurrent requests for the same file wait for
 * that one fetch instead of making their own. Memory stays flat: bytes go to disk and to the
 * client, with the client's back-pressure, never held whole.
 *
 * A streamed client gets every byte but the last chunk until the digest is checked, so a file
 * that does not match never arrives complete; a small file with a known digest (the usual npm
 * tarball) is checked before its first byte is sent, so the client gets a clear error instead.
 */
import { createHash, type Hash } from 'node:crypto'
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream'
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

/** Passes chunks on, one behind, digesting them; waits for the reader of `live`. */
class Tee extends Transform {
  private held: Buffer | undefined
  readonly digest: Hash | undefined
  constructor(
    private readonly live: PassThrough | undefined,
    expected: ExpectedDigest | undefined,
  ) {
    super()
    this.digest = expected ? createHash(expected.algorithm) : undefined
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.digest?.update(chunk)
    const previous = this.held
    this.held = chunk
    if (!previous || !this.live || this.live.destroyed) return done(null, chunk)
    if (this.live.write(previous)) return done(null, chunk)
    // The client reads slower than the upstream sends: wait for it (or for it to go away).
    const resume = () => {
      this.live?.off('drain', resume)
      this.live?.off('close', resume)
      done(null, chunk)
    }
    this.live.once('drain', resume)
    this.live.once('close', resume)
  }
  /** The held chunk, once the whole file is known good. */
  release(): void {
    if (this.live && !this.live.destroyed) this.live.end(this.held)
  }
}

export function fileCache(blobs: BlobStore) {
  const inflight = new Map<string, Promise<BlobFacts>>()

  return {
    /** A fetch of `key` under way, if any: another request waits for it. */
    pending: (key: string): Promise<BlobFacts> | undefined => inflight.get(key),

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
      inflight.set(key, done)
      const finished = () => inflight.delete(key)
      done.then(finished, finished)
      let begun: FetchStart | CacheStands
      try {
        begun = await start()
      } catch (error) {
        settle.reject(error)
        throw error
      }
      if ('stands' in begun) {
        settle.resolve(begun.stands)
        return { live: undefined, length: begun.stands.size, done }
      }
      const { response, expected } = begun
      const streams =
        expected === undefined || response.length === undefined || response.length > CHECK_BEFORE_SENDING
      const live = streams ? new PassThrough() : undefined
      const tee = new Tee(live, expected)
      response.body.on('error', (error) => tee.destroy(error))
      response.body.pipe(tee)
      blobs
        .putStream(tee, {
          maxBytes: begun.maxBytes,
          verify: () => {
            if (!expected || !tee.digest) return
            const actual = tee.digest.digest(expected.encoding)
            if (actual !== expected.value) throw new IntegrityMismatch(expected, actual)
          },
        })
        .then(async (staged) => {
          try {
            await keep(staged)
          } finally {
            staged.discard()
          }
          tee.release()
          settle.resolve(staged.facts)
        })
        .catch((error: unknown) => {
          live?.destroy(error instanceof Error ? error : new Error(String(error)))
          response.body.destroy()
          settle.reject(error)
        })
      return { live, length: response.length, done }
    },
  }
}

export type FileCache = ReturnType<typeof fileCache>
