/**
 * A generic remote repository: any HTTP file server's files, fetched on first request through
 * the file cache (one upstream request however many ask), checked against the checksum the
 * upstream declares (`X-Checksum-Sha256` or `-Sha1`), stored in the blob store and listed as
 * files of the repository. A cached file is served as it is for the repository's retrieval
 * period, then revalidated (If-None-Match / If-Modified-Since); when the upstream is slow,
 * failing or gone, or the remote is offline, the cached copy is served (and the log says so).
 */
import type { ServerContext } from '../context'
import { isoNow } from '../clock'
import type { RepositoryRecord } from '../repositories/store'
import type { BlobFacts, BlobStore } from '../repositories/blobs'
import type { FileCache, FileFetch } from './fileCache'
import type { CacheOptions } from './npmRemote'
import { headerDigest, isFresh, notAllowedProblem, offlineProblem, statusProblem } from './rules'
import { RELAXED, remoteStore, type CachedFile, type FileValidators, type RemoteStore } from './store'
import { MAX_FILE_BYTES, RemoteError, type RemoteUpstream } from './upstream'

export interface GenericRemoteDeps {
  readonly store: RemoteStore
  readonly upstream: RemoteUpstream
  readonly files: FileCache
  readonly blobs: BlobStore
  /** The MIME type a file is listed with, by its name. */
  readonly mimeOf: (path: string) => string
}

/** A cached file (listed in the repository), or the fetch that will store it; undefined when the upstream has none. */
export type FileAnswer =
  | { readonly kind: 'stored'; readonly facts: BlobFacts }
  | { readonly kind: 'fetching'; readonly fetch: FileFetch }

/** A path under the upstream's address, each segment URL-encoded. */
const upstreamPath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null)

export function genericRemote(ctx: ServerContext, deps: GenericRemoteDeps) {
  const { store, upstream, files, blobs, mimeOf } = deps

  /** The cached copy, when its bytes are still there. */
  const cachedFacts = async (cached: CachedFile | undefined) =>
    cached && blobs.has(cached.sha256) ? blobs.find(cached.sha256) : undefined

  /**
   * The upstream's answer for a file: a response to store, the cached copy standing (not
   * modified; or the upstream failing or no longer having it while a copy is cached), or an
   * error (a RemoteError, or `undefined` as the value when the upstream has no such file).
   */
  const ask = async (repo: RepositoryRecord, path: string, cached: CachedFile | undefined) => {
    const stands = await cachedFacts(cached)
    const standing = (why: string) => {
      upstream.log('WARN', `${repo.key}: serving the cached ${path} from ${cached!.fetchedAt}: ${why}`)
      return { stands: stands! }
    }
    let response
    try {
      response = await upstream.request(repo, upstreamPath(path), path, {
        headers: {
          ...(stands && cached?.etag ? { 'if-none-match': cached.etag } : {}),
          ...(stands && cached?.lastModified ? { 'if-modified-since': cached.lastModified } : {}),
        },
        maxBytes: MAX_FILE_BYTES,
      })
    } catch (error) {
      if (stands && error instanceof RemoteError) return standing(error.message)
      throw error
    }
    if (response.status === 304 && stands) {
      response.body.resume()
      await store.touchFile(repo.key, path, isoNow(ctx.clock))
      await upstream.succeeded(repo)
      return { stands }
    }
    if (response.status === 404 || response.status === 410) {
      response.body.resume()
      await upstream.succeeded(repo)
      if (stands) return standing(`the upstream answered ${response.status}`)
      throw new NotUpstream()
    }
    if (response.status < 200 || response.status >= 300) {
      response.body.resume()
      const error = await upstream.failure(repo, statusProblem(repo.key, response.url, response.status))
      if (stands) return standing(error.message)
      throw error
    }
    const validators: FileValidators = {
      etag: header(response.headers.etag),
      lastModified: header(response.headers['last-modified']),
    }
    return { response, expected: headerDigest(response.headers), maxBytes: MAX_FILE_BYTES, validators }
  }

  /**
   * A file of the remote: from the cache within its period (or whenever the remote is offline
   * or the caller may not fill the cache), else asked of the upstream once for every caller
   * waiting. Undefined when neither the cache nor the upstream has it.
   */
  const file = async (
    repo: RepositoryRecord,
    path: string,
    options: CacheOptions = { cacheOnly: false },
  ): Promise<FileAnswer | undefined> => {
    const cached = await store.file(repo.key, path)
    const facts = await cachedFacts(cached)
    const settings = await store.settings(repo.key)
    if (
      facts &&
      (settings.offline ||
        options.cacheOnly ||
        isFresh(Date.parse(cached!.fetchedAt), ctx.clock.now(), settings.metadataTtlSeconds))
    )
      return { kind: 'stored', facts }
    if (settings.offline) throw new RemoteError(offlineProblem(repo.key, path))
    if (options.cacheOnly) throw new RemoteError(notAllowedProblem(repo.key, path))
    const key = `${repo.key}\0${path}`
    try {
      let validators: FileValidators = { etag: null, lastModified: null }
      // A fetch under way: this request follows its bytes (or waits for it).
      const joined = files.pending(key)
      const fetch = joined
        ? await joined
        : await files.fetch(
            key,
            async () => {
              // Looked at again inside the one fetch: a fetch that ended after this request first
              // looked (and so could not be joined) has stored the file by now.
              const latest = await store.file(repo.key, path)
              const stored = await cachedFacts(latest)
              if (
                stored &&
                isFresh(Date.parse(latest!.fetchedAt), ctx.clock.now(), settings.metadataTtlSeconds)
              )
                return { stands: stored }
              const answer = await ask(repo, path, latest)
              if ('validators' in answer) validators = answer.validators
              return answer
            },
            async (staged) => {
              const now = isoNow(ctx.clock)
              const before = await store.file(repo.key, path)
              // Relaxed, as it can be fetched again, unless it releases the old bytes: their file goes
              // once this commits, which must then not be lost.
              const replaces = before !== undefined && before.sha256 !== staged.facts.sha256
              await ctx.sql.transaction(
                async (tx) => {
                  await staged.commit(tx, now)
                  await remoteStore(tx).saveGenericFile(
                    repo.key,
                    path,
                    { ...staged.facts, mimeType: mimeOf(path) },
                    now,
                    validators,
                  )
                  if (replaces) await blobs.releaseIfUnused(before.sha256, tx)
                },
                replaces ? undefined : RELAXED,
              )
              await upstream.succeeded(repo)
            },
          )
      if (!fetch.live) return { kind: 'stored', facts: await fetch.done }
      const done = fetch.done.catch(async (error: unknown) => {
        throw await upstream.asRemoteError(repo, path, error)
      })
      done.catch(() => undefined)
      return { kind: 'fetching', fetch: { ...fetch, done } }
    } catch (error) {
      if (error instanceof NotUpstream) return undefined
      throw await upstream.asRemoteError(repo, path, error)
    }
  }

  return { file }
}

/** The upstream has no such file (and nothing is cached). */
class NotUpstream extends Error {}

export type GenericRemote = ReturnType<typeof genericRemote>
