/**
 * An npm remote repository: package documents fetched on first request and cached for the
 * repository's metadata retrieval period, then revalidated with If-None-Match (a cached one
 * is served past its period when the upstream fails, and the log says so); tarballs fetched
 * once through the file cache, checked against the document's integrity or shasum, and
 * recorded in the catalogue so the package shows at once in the console.
 */
import { PassThrough } from 'node:stream'
import type { ServerContext } from '../context'
import { isoNow } from '../clock'
import { packageIdOf, versionIdOf } from '../catalog/load'
import type { RepositoryRecord } from '../repositories/store'
import type { Sql } from '../db/sql'
import type { BlobFacts, BlobStore, StagedBlob } from '../repositories/blobs'
import { isShownFile, type NpmCatalogue } from '../registry/npmCatalogue'
import { readTarball, type TarEntry } from '../registry/tarball'
import { readAll, UpstreamFault } from '../upstream/fetch'
import { deepFreeze, documentMemory } from './documentMemory'
import { IntegrityMismatch, type FileCache, type FileFetch } from './fileCache'
import {
  asNpmDocument,
  expectedDigest,
  faultProblem,
  isFresh,
  notJsonProblem,
  notAllowedProblem,
  offlineProblem,
  statusProblem,
  tarballSource,
  type NpmDocument,
} from './rules'
import { RELAXED, remoteStore, type DocumentStamp, type RemoteSettings, type RemoteStore } from './store'
import { MAX_DOCUMENT_BYTES, MAX_FILE_BYTES, RemoteError, type RemoteUpstream } from './upstream'

/** Tarballs up to this size are read back to put their README and licence in the catalogue. */
const CATALOGUE_READ_LIMIT = 64 * 1024 * 1024

/** Parsed documents kept in memory, by their text's size (a parse takes a few times that). */
export const DOCUMENT_MEMORY_BYTES = 32 * 1024 * 1024

/** The upstream's path of a package document (`@scope/name` → `@scope%2fname`, as npm asks). */
export const documentPath = (name: string) => name.replace('/', '%2f')

/** A caller who may not fill the cache (no deploy on the remote) is served what is cached only. */
export interface CacheOptions {
  readonly cacheOnly: boolean
}

export interface NpmRemoteDeps {
  readonly store: RemoteStore
  readonly upstream: RemoteUpstream
  readonly files: FileCache
  readonly blobs: BlobStore
  readonly catalogue: NpmCatalogue
  /** The bound of the parsed documents kept in memory (DOCUMENT_MEMORY_BYTES unless given). */
  readonly documentMemoryBytes?: number
}

/** A cached tarball, or the fetch that will store it. */
export type TarballAnswer =
  | {
      readonly kind: 'stored'
      /** What its answer's headers say, as the cache's own row has it. */
      readonly facts: Pick<BlobFacts, 'sha256' | 'size'>
      readonly versionId: string
    }
  | { readonly kind: 'fetching'; readonly fetch: FileFetch; readonly versionId: string }

/** A document's fetch time that no metadata period counts as fresh. */
const STALE_SINCE = new Date(0).toISOString()

export function npmRemote(ctx: ServerContext, deps: NpmRemoteDeps) {
  const { store, upstream, files, blobs, catalogue } = deps
  const documentsInFlight = new Map<string, Promise<NpmDocument | undefined>>()
  const memory = documentMemory<NpmDocument>(deps.documentMemoryBytes ?? DOCUMENT_MEMORY_BYTES)
  const keyOf = (repo: RepositoryRecord, name: string) => `${repo.key}\0${name}`
  const stampOf = (s: DocumentStamp) => `${s.fetchedAt}\0${s.etag ?? ''}`

  const parse = (text: string, name: string) => {
    try {
      return asNpmDocument(JSON.parse(text), name)
    } catch {
      return undefined
    }
  }

  /** The stored document as parsed, from memory while it is the parse of the row stored now. */
  const stored = async (
    repo: RepositoryRecord,
    name: string,
    stamp: DocumentStamp,
  ): Promise<NpmDocument | undefined> => {
    const key = keyOf(repo, name)
    const kept = memory.get(key, stampOf(stamp))
    if (kept) return kept
    const row = await store.document(repo.key, name)
    const doc = row && parse(row.document, name)
    if (!row || !doc) return void memory.forget(key)
    memory.set(key, stampOf(row), deepFreeze(doc), row.document.length)
    return doc
  }

  /** The cached document when the upstream cannot answer, or the error when there is none. */
  const staleOr = async (repo: RepositoryRecord, name: string, error: RemoteError): Promise<NpmDocument> => {
    const stamp = await store.documentStamp(repo.key, name)
    const doc = stamp && (await stored(repo, name, stamp))
    if (!doc) throw error
    upstream.log('WARN', `${repo.key}: serving the cached ${name} from ${stamp.fetchedAt}: ${error.message}`)
    return doc
  }

  /** `settings`: the remote's, as the request read them a moment ago (not read again here). */
  const fetchDocument = async (
    repo: RepositoryRecord,
    name: string,
    settings: RemoteSettings,
  ): Promise<NpmDocument | undefined> => {
    const cached = await store.documentStamp(repo.key, name)
    // A fetch that ended after the caller first looked (and so could not be joined) has stored
    // the document by now: no second request upstream.
    if (cached && isFresh(Date.parse(cached.fetchedAt), ctx.clock.now(), settings.metadataTtlSeconds))
      return stored(repo, name, cached)
    const response = await upstream.request(repo, documentPath(name), name, {
      headers: { accept: 'application/json', ...(cached?.etag ? { 'if-none-match': cached.etag } : {}) },
      maxBytes: MAX_DOCUMENT_BYTES,
      settings,
    })
    const now = isoNow(ctx.clock)
    if (response.status === 304 && cached) {
      response.body.resume()
      await ctx.sql.transaction(async (tx) => {
        await remoteStore(tx).touchDocument(repo.key, name, now)
        await remoteStore(tx).recordSuccess(repo.key, now)
      }, RELAXED)
      const renewed = { etag: cached.etag, fetchedAt: now }
      memory.restamp(keyOf(repo, name), stampOf(cached), stampOf(renewed))
      return stored(repo, name, renewed)
    }
    if (response.status === 404 || response.status === 410) {
      response.body.resume()
      await upstream.succeeded(repo)
      return undefined
    }
    if (response.status < 200 || response.status >= 300) {
      response.body.resume()
      throw await upstream.failure(repo, statusProblem(repo.key, response.url, response.status))
    }
    let text: string
    try {
      text = (await readAll(response)).toString('utf8')
    } catch (error) {
      if (error instanceof UpstreamFault) throw await upstream.failure(repo, faultProblem(repo.key, error))
      throw error
    }
    const doc = parse(text, name)
    if (!doc) throw await upstream.failure(repo, notJsonProblem(repo.key, response.url))
    const etag = typeof response.headers.etag === 'string' ? response.headers.etag : null
    // Kept as the upstream sent it: it parsed to this document, so it reads back as the same one,
    // and a large one is not written out again (a popular package's is megabytes).
    const kept = text
    // One commit for both: a cold install asks for hundreds.
    await ctx.sql.transaction(async (tx) => {
      await remoteStore(tx).saveDocument(repo.key, name, etag, now, kept)
      await remoteStore(tx).recordSuccess(repo.key, now)
    }, RELAXED)
    memory.set(keyOf(repo, name), stampOf({ etag, fetchedAt: now }), deepFreeze(doc), kept.length)
    return doc
  }

  /**
   * The package document as the upstream has it (tarball addresses the upstream's), from the
   * cache while fresh; undefined when the upstream has no such package.
   */
  const documentOf = async (
    repo: RepositoryRecord,
    name: string,
    options: CacheOptions = { cacheOnly: false },
    settingsRead?: RemoteSettings,
  ): Promise<NpmDocument | undefined> => {
    const cached = await store.documentStamp(repo.key, name)
    if (!cached) memory.forget(keyOf(repo, name))
    const settings = settingsRead ?? (await store.settings(repo.key))
    if (
      cached &&
      (settings.offline ||
        options.cacheOnly ||
        isFresh(Date.parse(cached.fetchedAt), ctx.clock.now(), settings.metadataTtlSeconds))
    )
      return stored(repo, name, cached)
    if (settings.offline) throw new RemoteError(offlineProblem(repo.key, name))
    if (options.cacheOnly) throw new RemoteError(notAllowedProblem(repo.key, name))
    const key = keyOf(repo, name)
    let pending = documentsInFlight.get(key)
    if (!pending) {
      pending = fetchDocument(repo, name, settings).finally(() => documentsInFlight.delete(key))
      documentsInFlight.set(key, pending)
    }
    try {
      return await pending
    } catch (error) {
      if (error instanceof RemoteError) return await staleOr(repo, name, error)
      throw error
    }
  }

  /**
   * What the catalogue shows of a tarball being fetched, read from its bytes as they arrive
   * (not read back once stored: on a loaded disk that read waited behind other requests'
   * flushes), or nothing for a tarball too large to read. `files` settles once the bytes have
   * all come (or the fetch failed, which nobody then asks about).
   */
  const catalogueReader = (length: number | undefined) => {
    if (length !== undefined && length > CATALOGUE_READ_LIMIT) return undefined
    const sink = new PassThrough()
    const files = readTarball(sink, isShownFile).then(
      (found) => ({ found }),
      (error: unknown) => ({ error }),
    )
    return { sink, files }
  }

  /** The files a reader found, for a tarball stored whole (none: it stays out of the catalogue). */
  const shownFiles = async (
    repo: RepositoryRecord,
    name: string,
    version: string,
    staged: StagedBlob,
    reader: ReturnType<typeof catalogueReader>,
  ) => {
    if (!reader || staged.facts.size > CATALOGUE_READ_LIMIT) return undefined
    const read = await reader.files
    if ('found' in read) return read.found
    // The bytes are cached and served; a tarball the catalogue cannot read stays out of it.
    upstream.log('WARN', `${repo.key}: ${name}@${version} is cached but not listed: ${String(read.error)}`)
    return undefined
  }

  /**
   * Puts a cached version in the catalogue (unless another repository has it), replacing a
   * sample record of it, within `tx`: a failure here undoes only this, not the caching.
   */
  const list = async (
    tx: Sql,
    repo: RepositoryRecord,
    name: string,
    version: string,
    doc: NpmDocument,
    facts: BlobFacts,
    files: readonly TarEntry[],
  ) => {
    const document = doc.versions?.[version]
    if (!document) return
    try {
      await tx.transaction(async (t) => {
        const inside = catalogue.within(t)
        const existing = await inside.versionExists(name, version)
        if (existing && (existing.repo !== repo.key || (await inside.hasDocument(existing.id)))) return
        if (existing) await inside.remove(name, version)
        await inside.add({
          repo: repo.key,
          name,
          version,
          document,
          files,
          tarballFacts: facts,
          deployedBy: repo.key,
          now: isoNow(ctx.clock),
        })
      })
    } catch (error) {
      upstream.log('WARN', `${repo.key}: ${name}@${version} is cached but not listed: ${String(error)}`)
    }
  }

  /**
   * A tarball of the remote: from the cache, or fetched once (others wait for that fetch),
   * checked, stored and recorded. Undefined when the document lists no such file.
   */
  const tarball = async (
    repo: RepositoryRecord,
    name: string,
    file: string,
    options: CacheOptions = { cacheOnly: false },
  ): Promise<TarballAnswer | undefined> => {
    const path = `${name}/-/${file}`
    // A tarball that does not match the digest its document names makes the document suspect:
    // it is stale from now on, so the next ask goes upstream (a corrected document comes at once,
    // not after the metadata period; the answer still names the mismatch).
    const refused = async (error: unknown) => {
      if (error instanceof IntegrityMismatch) await store.touchDocument(repo.key, name, STALE_SINCE)
      return upstream.asRemoteError(repo, file, error)
    }
    const versionId = (version: string) => versionIdOf(packageIdOf('npm', name), version)
    // A cached file is served as it is, without its document: a version's bytes never change,
    // so neither the upstream (past the metadata period) nor the cached document is asked.
    // Its row holds what the answer needs (digest and size): the blob's own row is not read.
    const stored = await store.file(repo.key, path)
    if (stored && blobs.has(stored.sha256)) {
      const fileVersion = file.slice(name.split('/').pop()!.length + 1, -'.tgz'.length)
      const facts = { sha256: stored.sha256, size: stored.size }
      return { kind: 'stored', facts, versionId: versionId(fileVersion) }
    }
    // Read once for the document's freshness and both upstream requests.
    const settings = await store.settings(repo.key)
    const doc = await documentOf(repo, name, options, settings)
    const source = doc && tarballSource(doc, name, file)
    if (!source || !doc) return undefined
    if (options.cacheOnly) throw new RemoteError(notAllowedProblem(repo.key, file))
    const key = `${repo.key}\0${path}`
    // A fetch under way: this request follows its bytes (or waits for it); the first one records it.
    const following = files.pending(key)
    if (following) {
      const joined = await following
      const done = joined.done.catch(async (error: unknown) => {
        throw await refused(error)
      })
      done.catch(() => undefined)
      return { kind: 'fetching', fetch: { ...joined, done }, versionId: versionId(source.version) }
    }
    const expected = expectedDigest(source.integrity, source.shasum)
    let reader: ReturnType<typeof catalogueReader>
    try {
      const fetch = await files.fetch(
        key,
        async () => {
          // Looked at again inside the one fetch: a fetch that ended after this request first
          // looked (and so could not be joined) has stored the tarball by now.
          const latest = await store.file(repo.key, path)
          const kept = latest && blobs.has(latest.sha256) ? await blobs.find(latest.sha256) : undefined
          if (kept) return { stands: kept }
          const response = await upstream.request(repo, { url: source.url }, file, {
            maxBytes: MAX_FILE_BYTES,
            settings,
          })
          if (response.status < 200 || response.status >= 300) {
            response.body.resume()
            throw await upstream.failure(repo, statusProblem(repo.key, response.url, response.status))
          }
          reader = catalogueReader(response.length)
          return { response, expected, maxBytes: MAX_FILE_BYTES, copy: reader?.sink }
        },
        async (staged) => {
          const files = await shownFiles(repo, name, source.version, staged, reader)
          const now = isoNow(ctx.clock)
          // Cached, the remote's success and the catalogue's listing in one commit, before the asker
          // hears it is done; relaxed, as all of it can be fetched again.
          await ctx.sql.transaction(async (tx) => {
            await staged.commit(tx, now)
            await remoteStore(tx).saveFile(repo.key, path, staged.facts.sha256, staged.facts.size, now)
            await remoteStore(tx).recordSuccess(repo.key, now)
            if (files) await list(tx, repo, name, source.version, doc, staged.facts, files)
          }, RELAXED)
        },
      )
      const checked = fetch.done.catch(async (error: unknown) => {
        throw await refused(error)
      })
      checked.catch(() => undefined)
      return { kind: 'fetching', fetch: { ...fetch, done: checked }, versionId: versionId(source.version) }
    } catch (error) {
      throw await refused(error)
    }
  }

  return { documentOf, tarball }
}

export type NpmRemote = ReturnType<typeof npmRemote>
