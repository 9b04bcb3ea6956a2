/**
 * The OCI Distribution Specification v1.1 under `/v2/`, the repository key first in every
 * name (`/v2/<repoKey>/<image>/…`): version check, blob uploads (monolithic, chunked, mounted
 * from another repository), blobs by digest with Range, manifests by tag and digest (OCI
 * manifest and index, Docker schema 2 and manifest list), tags with pagination, referrers,
 * `_catalog` and deletes. Bytes stream to the platform's content-addressed blob store and are
 * checked against their digest before anything points at them. Pushes go to a local
 * repository (or a virtual one's deployment repository); reads resolve across a virtual
 * repository's members. A tagged image is at once a docker package in the catalogue.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, rmSync, truncateSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable, Transform } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isoNow } from '../clock'
import { HttpError, type ServerContext } from '../context'
import { ChecksumMismatch, TooLarge, type BlobStore } from '../repositories/blobs'
import type { RepositoryRecord, RepositoryStore } from '../repositories/store'
import type { RegistryAuth } from '../registry/auth'
import { tagPath, type RegistryAuthorizer } from '../permissions/authorize'
import { containerAuth, type Access, type ContainerCaller } from './auth'
import { containerStore } from './store'
import { recordTaggedImage } from './catalogue'
import { evictDockerReference } from './eviction'
import { collectContainerGarbage, GC_EVERY_MS } from './gc'
import type { RemoteRegistry } from './remote'
import type { PlatformPush } from './samples'
import { RemoteError } from '../remote/upstream'
import {
  artifactTypeOf,
  byteRange,
  checkDigest,
  chunkRange,
  errorBody,
  hexOf,
  isDigest,
  isIndexType,
  MEDIA,
  OciError,
  pageOf,
  pageSize,
  parseEndpoint,
  parseManifest,
  uploadRange,
  type Endpoint,
  type ParsedManifest,
} from './rules'

/** The largest manifest taken (the specification suggests registries accept at least 4 MiB). */
export const MANIFEST_LIMIT = 4 * 1024 * 1024
/** The largest blob taken in one upload. Bytes stream to disk; the cap protects the disk. */
export const BLOB_LIMIT = 10 * 1024 * 1024 * 1024
/** The largest page of tags or repositories answered at once. */
const PAGE_LIMIT = 1000
/**
 * How far a referrer's chain of subjects is followed to the tag it stands on (a signature of a
 * signature of an attestation is 3): bounded, since each hop is a few queries per request.
 */
const SUBJECT_HOPS = 8

interface Deps {
  readonly repos: RepositoryStore
  readonly blobs: BlobStore
  readonly auth: RegistryAuth
  readonly authz: RegistryAuthorizer
  readonly remote?: RemoteRegistry
  /** Told of each tag recorded in the catalogue (its version id), to be scanned. */
  readonly imageTagged?: (versionId: string) => unknown
  /** Told of each blob stored (its digest), and awaited: an image elsewhere may show or wait for that layer. */
  readonly blobStored?: (digest: string) => unknown
  /** Why a watch's policy blocks downloading a manifest or blob that `repo` serves, if it does. */
  readonly pullBlocked?: (pull: {
    repo: string
    image: string
    digest: string
    kind: 'manifest' | 'blob'
    tag?: string
  }) => Promise<string | undefined>
}

type Located = { readonly repo: string; readonly image: string }
type Grant = {
  readonly members: RepositoryRecord[]
  readonly target?: RepositoryRecord
  readonly fills?: ReadonlySet<string>
  /** The virtual repository a push came through: its patterns apply to the tag too. */
  readonly via?: RepositoryRecord
  /**
   * When a pattern narrows a read to some of the image's tags: whether the caller may read a
   * tag of a member (absent: every tag).
   */
  readonly readsTag?: (r: RepositoryRecord, tag: string) => boolean
}

export function containerRoutes(ctx: ServerContext, deps: Deps) {
  const { repos, blobs } = deps
  const store = containerStore(ctx.sql)
  const auth = containerAuth(ctx, store, deps.auth)
  const uploadsDir = join(ctx.config.dataDir, 'uploads')
  mkdirSync(uploadsDir, { recursive: true })
  const uploadFile = (id: string) => join(uploadsDir, id)
  const now = () => isoNow(ctx.clock)

  const dockerRepo = async (key: string): Promise<RepositoryRecord> => {
    const repo = await repos.find(key)
    if (!repo || repo.packageType !== 'docker')
      throw new OciError('NAME_UNKNOWN', `There is no docker repository ${key}`)
    return repo
  }

  /**
   * What the authoriser grants a request on a name's repository: the repositories a read looks
   * in (a virtual one's members the caller may read, in order), or the local repository a push
   * or delete lands in (a virtual one's deployment repository). Set by dispatch, per request.
   */
  const granted = new WeakMap<Located, Grant>()
  const readOrder = (e: Located): RepositoryRecord[] => granted.get(e)?.members ?? []
  /** What a remote member may do for this request: fill its cache (deploy on it) or serve it. */
  const remoteOptions = (e: Located, r: RepositoryRecord) => ({
    cacheOnly: !granted.get(e)?.fills?.has(r.key),
  })
  const pushTarget = (e: Located): RepositoryRecord => {
    const target = granted.get(e)?.target
    if (!target) throw new OciError('DENIED', `Nothing may be written to ${e.repo}`)
    return target
  }

  // The permission targets' patterns apply to the image's folder (some of it readable, pushable…)
  // for the request as a whole, then to the tag's own path (tagPath) for whatever names a tag.
  const readable = async (caller: ContainerCaller, key: string, image: string) => {
    const repo = await dockerRepo(key)
    if (!(await deps.authz.canBelow(caller, repo, 'read', image, 'some'))) return []
    const members: RepositoryRecord[] = []
    for (const r of await repos.resolutionOrder(repo.key))
      if (r.packageType === 'docker' && (await deps.authz.canBelow(caller, r, 'read', image, 'some')))
        members.push(r)
    return members
  }

  /** The test of a tag where a pattern narrows the image for the caller (in `repo` or a member). */
  const tagReader = async (
    caller: ContainerCaller,
    repo: RepositoryRecord,
    members: readonly RepositoryRecord[],
    image: string,
  ): Promise<Grant['readsTag']> => {
    const filters = new Map<string, (path: string) => boolean>()
    for (const r of [repo, ...members]) {
      const filter = filters.has(r.key) ? undefined : await deps.authz.pathFilter(caller, r)
      if (filter) filters.set(r.key, filter)
    }
    if (filters.size === 0) return undefined
    return (r, tag) => {
      const path = tagPath(image, tag)
      return (filters.get(repo.key)?.(path) ?? true) && (filters.get(r.key)?.(path) ?? true)
    }
  }

  const grant = async (
    caller: ContainerCaller,
    key: string,
    image: string,
    access: Access,
    refuse: () => Promise<never>,
  ): Promise<Grant> => {
    const repo = await dockerRepo(key)
    if (access === 'pull') {
      const members = await readable(caller, key, image)
      if (members.length === 0) await refuse()
      // Filling a remote's cache from its upstream is deploying to it; other readers get its cache.
      const fills = new Set<string>()
      for (const r of members)
        if (r.kind === 'remote' && (await deps.authz.canBelow(caller, r, 'deploy', image, 'some')))
          fills.add(r.key)
      const readsTag = await tagReader(caller, repo, members, image)
      return { members, fills, ...(readsTag ? { readsTag } : {}) }
    }
    if (repo.kind === 'virtual' && !(await deps.authz.canBelow(caller, repo, 'read', image, 'some')))
      await refuse()
    if (repo.kind === 'remote' && access === 'delete') {
      // What a remote caches is the installation's: an admin may let it go (the next pull
      // fetches it again), as in the Artifacts tree.
      if ((await readable(caller, key, image)).length === 0) await refuse()
      if (!caller.user.admin)
        throw new OciError('DENIED', `Only an administrator deletes what ${key} has cached`)
      if (!(await deps.authz.canBelow(caller, repo, 'delete', image, 'all'))) await refuse()
      return { members: [repo], target: repo }
    }
    const target =
      repo.kind === 'local'
        ? repo
        : repo.kind === 'virtual' && repo.defaultDeploymentRepo
          ? await dockerRepo(repo.defaultDeploymentRepo)
          : undefined
    if (!target) throw new OciError('UNSUPPORTED', `${key} does not take pushes`)
    const action = access === 'push' ? 'deploy' : 'delete'
    if (!(await deps.authz.canBelow(caller, target, action, image, 'some'))) await refuse()
    return { members: [target], target, ...(repo.kind === 'virtual' ? { via: repo } : {}) }
  }

  /** Whether the caller may read a tag of the image in a member (every tag, unless a pattern narrows). */
  const readsTag = (e: Located, r: RepositoryRecord, tag: string) =>
    granted.get(e)?.readsTag?.(r, tag) ?? true

  /**
   * Whether the caller may read a manifest or blob by digest in a member: where a pattern
   * narrows the image to some tags, one of them must stand on it. A referrer, such as a
   * signature, goes with the manifest it is about, and so do its own config and layers; so does a
   * referrer of a referrer (a signature of a signature), up to SUBJECT_HOPS subjects away. Looked
   * at nearest first, so each digest is asked about once, at its shortest distance.
   */
  const readsDigest = async (e: Located, r: RepositoryRecord, digest: string): Promise<boolean> => {
    if (!granted.get(e)?.readsTag) return true
    const seen = new Set([digest])
    let frontier = [digest]
    for (let hop = 0; frontier.length > 0; hop++) {
      const next: string[] = []
      for (const d of frontier) {
        for (const tag of await store.tagsReaching(r.key, e.image, d)) if (readsTag(e, r, tag)) return true
        if (hop === SUBJECT_HOPS) continue
        const own = (await store.manifest(r.key, e.image, d))?.subject
        for (const subject of [...(own ? [own] : []), ...(await store.subjectsNaming(r.key, e.image, d))])
          if (!seen.has(subject)) {
            seen.add(subject)
            next.push(subject)
          }
      }
      frontier = next
    }
    return false
  }

  /** Refuses a write of `action` on one tag (or, without one, on the image as a whole). */
  const requireWrite = async (
    caller: ContainerCaller,
    e: Located,
    action: 'deploy' | 'delete',
    tag: string | undefined,
  ) => {
    const g = granted.get(e)
    const target = pushTarget(e)
    const may = async (r: RepositoryRecord, wanted: 'read' | 'deploy' | 'delete') =>
      tag === undefined
        ? deps.authz.canBelow(caller, r, wanted, e.image, 'all')
        : deps.authz.can(caller, r, wanted, tagPath(e.image, tag))
    if ((!g?.via || (await may(g.via, 'read'))) && (await may(target, action))) return
    const what = tag === undefined ? `every tag of ${nameOf(e)}` : `${nameOf(e)}:${tag}`
    throw new OciError(
      'DENIED',
      `${caller.user.name} may not ${action === 'deploy' ? 'push' : 'delete'} ${what}`,
    )
  }

  const scopeOf = (e: Endpoint, access: Access) =>
    'repo' in e ? `repository:${e.repo}/${e.image}:${access === 'pull' ? 'pull' : 'pull,push'}` : undefined

  const nameOf = (e: Located) => `${e.repo}/${e.image}`

  /**
   * The first member's answer, in resolution order. A remote that cannot answer (its upstream
   * failing, or a caller who may not fill its cache) is told only when no member after it has it.
   */
  const firstOf = async <T>(e: Located, find: (r: RepositoryRecord) => Promise<T | undefined>) => {
    let failure: RemoteError | undefined
    for (const r of readOrder(e)) {
      try {
        const found = await find(r)
        if (found !== undefined) return found
      } catch (error) {
        if (!(error instanceof RemoteError)) throw error
        failure ??= error
      }
    }
    if (failure) throw failure
    return undefined
  }

  /** Reads a request's body into memory, refusing more than `limit` bytes. */
  const readBody = async (request: FastifyRequest, limit: number): Promise<Buffer> => {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of request.raw as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limit) throw new OciError('SIZE_INVALID', `More than ${limit} bytes`, 413)
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  const sha256Of = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`

  /** A pull of what a watch's policy blocks is denied, saying which policy and advisory. */
  const refuseBlocked = async (pull: Parameters<NonNullable<Deps['pullBlocked']>>[0]) => {
    const why = await deps.pullBlocked?.(pull)
    if (why) throw new OciError('DENIED', why, 403, { repository: pull.repo, digest: pull.digest })
  }

  // ------------------------------------------------------------------ blobs

  const locateBlob = (e: Located, digest: string) =>
    firstOf(e, async (r) => {
      if (r.kind === 'remote') {
        if (!(await readsDigest(e, r, digest))) return undefined
        const fetched = await deps.remote?.blob(r, e.image, digest, store, remoteOptions(e, r))
        return fetched && { repo: r.key, size: fetched.size }
      }
      const size = await store.blobSize(r.key, e.image, digest)
      if (size === undefined || !blobs.has(hexOf(digest))) return undefined
      return (await readsDigest(e, r, digest)) ? { repo: r.key, size } : undefined
    })

  const getBlob = async (
    e: Extract<Endpoint, { kind: 'blob' }>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const digest = checkDigest(e.digest)
    const found = await locateBlob(e, digest)
    if (!found) throw new OciError('BLOB_UNKNOWN', `No blob ${digest} in ${nameOf(e)}`, 404, { digest })
    await refuseBlocked({ repo: found.repo, image: e.image, digest, kind: 'blob' })
    reply
      .header('Docker-Content-Digest', digest)
      .header('ETag', `"${digest}"`)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'max-age=31536000')
      .type('application/octet-stream')
    const range = byteRange(request.headers.range, found.size)
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${found.size}`)
      throw new OciError('BLOB_UNKNOWN', 'The range is outside the blob', 416)
    }
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${found.size}`)
        .header('Content-Length', String(range.end - range.start + 1))
      if (request.method === 'HEAD') return reply.send()
      return reply.send(createReadStream(blobs.pathOf(hexOf(digest)), { start: range.start, end: range.end }))
    }
    reply.header('Content-Length', String(found.size))
    if (request.method === 'HEAD') return reply.send()
    return reply.send(blobs.open(hexOf(digest)))
  }

  const deleteBlob = async (
    e: Extract<Endpoint, { kind: 'blob' }>,
    reply: FastifyReply,
    caller: ContainerCaller,
  ) => {
    const digest = checkDigest(e.digest)
    const target = pushTarget(e)
    // Bytes belong to no one tag: only who may delete every tag of the image lets them go.
    await requireWrite(caller, e, 'delete', undefined)
    if (target.kind === 'remote')
      throw new OciError('UNSUPPORTED', "A cache's blobs go with the manifests that name them", 405)
    if (!(await store.unlinkBlob(target.key, e.image, digest)))
      throw new OciError('BLOB_UNKNOWN', `No blob ${digest} in ${nameOf(e)}`, 404, { digest })
    await blobs.releaseIfUnused(hexOf(digest))
    return reply.status(202).send()
  }

  /** Streams into the blob store, checking the digest; a mismatch keeps nothing. */
  const storeBlob = async (source: Readable, digest: string) => {
    try {
      return await blobs.putStream(source, { expectedSha256: hexOf(digest), maxBytes: BLOB_LIMIT })
    } catch (error) {
      if (error instanceof ChecksumMismatch)
        throw new OciError('DIGEST_INVALID', `The bytes are sha256:${error.actual}, not ${digest}`, 400, {
          expected: digest,
          actual: `sha256:${error.actual}`,
        })
      if (error instanceof TooLarge)
        throw new OciError('SIZE_INVALID', `A blob may have at most ${BLOB_LIMIT} bytes`)
      throw error
    }
  }

  /** A monolithic blob push: streamed and checked against its digest, then linked to the image. */
  const pushBlob = async (target: RepositoryRecord, image: string, source: Readable, digest: string) => {
    const staged = await storeBlob(source, digest)
    try {
      await store.linkStagedBlob(staged, target.key, image, digest, now())
    } finally {
      staged.discard()
    }
    await deps.blobStored?.(digest)
  }

  const blobCreated = (reply: FastifyReply, target: string, image: string, digest: string) =>
    reply
      .status(201)
      .header('Location', `/v2/${target}/${image}/blobs/${digest}`)
      .header('Docker-Content-Digest', digest)
      .header('Content-Length', '0')
      .send()

  const uploadAnswer = (reply: FastifyReply, status: number, e: Located, id: string, received: number) =>
    reply
      .status(status)
      .header('Location', `/v2/${e.repo}/${e.image}/blobs/uploads/${id}`)
      .header('Range', uploadRange(received))
      .header('Docker-Upload-UUID', id)
      .header('Content-Length', '0')
      .send()

  const startUpload = async (
    e: Extract<Endpoint, { kind: 'uploads' }>,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    caller: ContainerCaller,
  ) => {
    const target = pushTarget(e)
    const q = request.query
    if (q.mount !== undefined) {
      const digest = checkDigest(q.mount)
      const from = q.from ? parseEndpoint(`${q.from}/tags/list`) : undefined
      if (from && from.kind === 'tags') {
        const members = await readable(caller, from.repo, from.image)
        const readsFrom = members.length > 0 && (await dockerRepo(from.repo))
        const reader = readsFrom ? await tagReader(caller, readsFrom, members, from.image) : undefined
        const source: Located = { repo: from.repo, image: from.image }
        if (reader) granted.set(source, { members, readsTag: reader })
        for (const r of members) {
          if (r.kind === 'remote') continue
          const size = await store.blobSize(r.key, from.image, digest)
          if (size === undefined || !blobs.has(hexOf(digest))) continue
          // Bytes the caller may not read there (a pattern narrows the image to some tags) are not mounted.
          if (!(await readsDigest(source, r, digest))) continue
          // Released since it was found: an ordinary upload, as for bytes never there.
          if (!(await store.linkBlob(target.key, e.image, digest, size, now()))) break
          return blobCreated(reply, e.repo, e.image, digest)
        }
      }
      // Not mountable: the specification says to start an ordinary upload instead.
    }
    if (q.digest !== undefined) {
      const digest = checkDigest(q.digest)
      await pushBlob(target, e.image, request.raw, digest)
      return blobCreated(reply, e.repo, e.image, digest)
    }
    const id = randomUUID()
    await store.startUpload(id, target.key, e.image, now())
    createWriteStream(uploadFile(id)).end()
    return uploadAnswer(reply, 202, e, id, 0)
  }

  const uploadOf = async (e: Extract<Endpoint, { kind: 'upload' }>) => {
    const target = pushTarget(e)
    const upload = /^[0-9a-f-]{36}$/.test(e.id) ? await store.upload(e.id) : undefined
    if (!upload || upload.repo !== target.key || upload.image !== e.image)
      throw new OciError('BLOB_UPLOAD_UNKNOWN', `No upload ${e.id} for ${nameOf(e)}`)
    return upload
  }

  /** Appends a chunk to the session's file; a Content-Range must start where the last chunk ended. */
  const appendChunk = async (request: FastifyRequest, e: Located, id: string, received: number) => {
    const header = request.headers['content-range']
    const range = chunkRange(header)
    if (header !== undefined && (!range || range.start !== received)) {
      throw Object.assign(
        new OciError('BLOB_UPLOAD_INVALID', `The chunk must start at byte ${received}`, 416),
        { uploadRange: { e, id, received } },
      )
    }
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (received + size > BLOB_LIMIT) return done(new OciError('SIZE_INVALID', 'The blob is too large'))
        done(null, chunk)
      },
    })
    await pipeline(request.raw, counter, createWriteStream(uploadFile(id), { flags: 'a' }))
    if (range && range.end - range.start + 1 !== size) {
      // The chunk was not what its range said: forget it, keep what came before.
      truncateSync(uploadFile(id), received)
      throw new OciError('BLOB_UPLOAD_INVALID', `The chunk has ${size} bytes, its range says otherwise`, 416)
    }
    const total = received + size
    await store.setReceived(id, total, now())
    return total
  }

  const patchUpload = async (
    e: Extract<Endpoint, { kind: 'upload' }>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const upload = await uploadOf(e)
    const total = await appendChunk(request, e, upload.id, upload.received)
    return uploadAnswer(reply, 202, e, upload.id, total)
  }

  const finishUpload = async (
    e: Extract<Endpoint, { kind: 'upload' }>,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
  ) => {
    const upload = await uploadOf(e)
    const digest = checkDigest(request.query.digest)
    await appendChunk(request, e, upload.id, upload.received)
    const file = uploadFile(upload.id)
    try {
      const staged = await storeBlob(createReadStream(file), digest)
      try {
        await store.linkStagedBlob(staged, upload.repo, e.image, digest, now())
      } finally {
        staged.discard()
      }
      await deps.blobStored?.(digest)
    } finally {
      // A wrong digest ends the session too: the client starts again.
      await store.endUpload(upload.id)
      rmSync(file, { force: true })
    }
    return blobCreated(reply, e.repo, e.image, digest)
  }

  const uploadStatus = async (e: Extract<Endpoint, { kind: 'upload' }>, reply: FastifyReply) => {
    const upload = await uploadOf(e)
    return uploadAnswer(reply, 204, e, upload.id, upload.received)
  }

  const cancelUpload = async (e: Extract<Endpoint, { kind: 'upload' }>, reply: FastifyReply) => {
    const upload = await uploadOf(e)
    await store.endUpload(upload.id)
    rmSync(uploadFile(upload.id), { force: true })
    return reply.status(204).send()
  }

  // ------------------------------------------------------------------ manifests

  /** A manifest by tag or digest, with its bytes, from the first repository that has it. */
  const locateManifest = async (e: Extract<Endpoint, { kind: 'manifest' }>) => {
    const byDigest = isDigest(e.reference)
    if (!byDigest && e.reference.includes(':')) checkDigest(e.reference)
    return firstOf(e, async (r) => {
      if (!byDigest && !readsTag(e, r, e.reference)) return undefined
      if (r.kind === 'remote') {
        // A digest read through a remote, for a caller some of whose tags are hidden: only
        // what a readable tag already brought into the cache.
        if (byDigest && granted.get(e)?.readsTag && !(await readsDigest(e, r, e.reference))) return undefined
        return deps.remote?.manifest(r, e.image, e.reference, store, remoteOptions(e, r))
      }
      const digest = byDigest ? e.reference : await store.tagDigest(r.key, e.image, e.reference)
      const record = digest ? await store.manifest(r.key, e.image, digest) : undefined
      if (!record || !blobs.has(hexOf(record.digest))) return undefined
      if (byDigest && !(await readsDigest(e, r, record.digest))) return undefined
      return { record, path: blobs.pathOf(hexOf(record.digest)) }
    })
  }

  const getManifest = async (
    e: Extract<Endpoint, { kind: 'manifest' }>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const found = await locateManifest(e)
    if (!found)
      throw new OciError('MANIFEST_UNKNOWN', `No manifest ${e.reference} in ${nameOf(e)}`, 404, {
        name: nameOf(e),
        reference: e.reference,
      })
    await refuseBlocked({
      repo: found.record.repo,
      image: e.image,
      digest: found.record.digest,
      kind: 'manifest',
      ...(isDigest(e.reference) ? {} : { tag: e.reference }),
    })
    reply
      .type(found.record.mediaType)
      .header('Docker-Content-Digest', found.record.digest)
      .header('ETag', `"${found.record.digest}"`)
      .header('Content-Length', String(found.record.size))
    if (request.method === 'HEAD') return reply.send()
    return reply.send(createReadStream(found.path))
  }

  /** The blobs (or, for an index, the manifests) a manifest names that this image does not hold. */
  const missingOf = async (repo: string, image: string, m: ParsedManifest) => {
    const missing: string[] = []
    if (isIndexType(m.mediaType)) {
      for (const d of m.manifests) if (!(await store.manifest(repo, image, d.digest))) missing.push(d.digest)
      return missing
    }
    for (const d of [m.config!, ...m.layers]) {
      const size = await store.blobSize(repo, image, d.digest)
      if (size === undefined || !blobs.has(hexOf(d.digest))) missing.push(d.digest)
      else if (size !== d.size)
        throw new OciError('MANIFEST_INVALID', `${d.digest} has ${size} bytes, the manifest says ${d.size}`)
    }
    return missing
  }

  /**
   * Stores a manifest pushed under `reference` (a tag or its digest) in the local repository
   * `target`: its digest checked, everything it names already held by the image, the tag
   * recorded in the catalogue. Answers the manifest's digest and what it was parsed as.
   */
  const pushManifest = async (m: {
    readonly target: RepositoryRecord
    readonly image: string
    readonly reference: string
    readonly bytes: Buffer
    readonly contentType: string | undefined
    readonly deployedBy: string
    /** The name the client used (through a virtual repository, its key), for messages. */
    readonly name: string
    /** Whether the pusher may overwrite: move a tag that names other bytes (absent: may). */
    readonly mayOverwrite?: () => Promise<boolean>
  }) => {
    const { target, image, reference, bytes } = m
    const digest = sha256Of(bytes)
    const byDigest = reference.includes(':')
    if (byDigest && checkDigest(reference) !== digest)
      throw new OciError('DIGEST_INVALID', `The manifest is ${digest}, not ${reference}`, 400, {
        expected: reference,
        actual: digest,
      })
    if (!byDigest && m.mayOverwrite) {
      // A tag moved to other bytes is an overwrite (as a published npm version's bytes are kept);
      // the same bytes again, a retried push, are not.
      const current = await store.tagDigest(target.key, image, reference)
      if (current && current !== digest && !(await m.mayOverwrite()))
        throw new OciError('DENIED', `Moving the tag ${reference} of ${m.name} needs delete/overwrite`)
    }
    const parsed = parseManifest(bytes, m.contentType)
    const missing = await missingOf(target.key, image, parsed)
    if (missing.length > 0)
      throw new OciError('MANIFEST_BLOB_UNKNOWN', `The manifest names what ${m.name} does not hold`, 400, {
        digests: missing,
      })
    const staged = blobs.putBytes(bytes)
    const created = now()
    const tag = byDigest ? undefined : reference
    try {
      await store.putManifest(
        {
          repo: target.key,
          image,
          digest,
          mediaType: parsed.mediaType,
          size: bytes.length,
          subject: parsed.subject?.digest ?? null,
          artifactType: artifactTypeOf(parsed) ?? null,
          annotations: parsed.annotations ?? null,
          created,
        },
        staged,
        isIndexType(parsed.mediaType)
          ? parsed.manifests.map((d) => d.digest)
          : [parsed.config!.digest, ...parsed.layers.map((d) => d.digest)],
        tag,
      )
    } finally {
      staged.discard()
    }
    if (tag)
      await recordTaggedImage(
        { store, blobs, tagged: deps.imageTagged },
        { repo: target.key, image, tag, digest, now: created, deployedBy: m.deployedBy },
      )
    return { digest, parsed }
  }

  const putManifest = async (
    e: Extract<Endpoint, { kind: 'manifest' }>,
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ContainerCaller,
  ) => {
    const target = pushTarget(e)
    // A tag is pushed at its own path; a manifest pushed by digest (an index's parts) names no
    // tag, so the image's grant holds for it.
    if (!e.reference.includes(':')) await requireWrite(caller, e, 'deploy', e.reference)
    const { digest, parsed } = await pushManifest({
      target,
      image: e.image,
      reference: e.reference,
      bytes: await readBody(request, MANIFEST_LIMIT),
      contentType: request.headers['content-type'],
      deployedBy: caller.user.name,
      name: nameOf(e),
      mayOverwrite: () => deps.authz.can(caller, target, 'delete', tagPath(e.image, e.reference)),
    })
    if (parsed.subject) reply.header('OCI-Subject', parsed.subject.digest)
    return reply
      .status(201)
      .header('Location', `/v2/${e.repo}/${e.image}/manifests/${digest}`)
      .header('Docker-Content-Digest', digest)
      .header('Content-Length', '0')
      .send()
  }

  const deleteManifest = async (
    e: Extract<Endpoint, { kind: 'manifest' }>,
    reply: FastifyReply,
    caller: ContainerCaller,
  ) => {
    const target = pushTarget(e)
    // A tag is deleted at its own path; a manifest by digest takes every tag on it, so needs them all.
    if (!e.reference.includes(':')) await requireWrite(caller, e, 'delete', e.reference)
    else if (target.kind !== 'remote') {
      const tags = await store.tagsReaching(target.key, e.image, checkDigest(e.reference))
      const each = async () => {
        for (const tag of tags) await requireWrite(caller, e, 'delete', tag)
      }
      await (tags.length > 0 ? each() : requireWrite(caller, e, 'delete', undefined))
    }
    if (target.kind === 'remote') {
      const reference = e.reference.includes(':') ? checkDigest(e.reference) : e.reference
      const evicted = await ctx.sql.transaction((tx) =>
        evictDockerReference(tx, blobs, target.key, e.image, reference),
      )
      if (!evicted) throw new OciError('MANIFEST_UNKNOWN', `${nameOf(e)} has no ${reference} cached`)
      return reply.status(202).send()
    }
    if (!e.reference.includes(':')) {
      if (!(await store.deleteTag(target.key, e.image, e.reference)))
        throw new OciError('MANIFEST_UNKNOWN', `No tag ${e.reference} in ${nameOf(e)}`)
      return reply.status(202).send()
    }
    const digest = checkDigest(e.reference)
    if (!(await store.manifest(target.key, e.image, digest)))
      throw new OciError('MANIFEST_UNKNOWN', `No manifest ${digest} in ${nameOf(e)}`)
    await store.deleteManifest(target.key, e.image, digest)
    await blobs.releaseIfUnused(hexOf(digest))
    return reply.status(202).send()
  }

  // ------------------------------------------------------------------ lists

  /** Sets the `Link` header of a page that has a next one. */
  const linkNext = (reply: FastifyReply, path: string, n: number, last: string | undefined) => {
    if (last === undefined) return
    reply.header('Link', `<${path}?n=${n}&last=${encodeURIComponent(last)}>; rel="next"`)
  }

  const listTags = async (
    e: Extract<Endpoint, { kind: 'tags' }>,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
  ) => {
    const n = pageSize(request.query.n, PAGE_LIMIT)
    const all = new Set<string>()
    let known = false
    let failure: RemoteError | undefined
    for (const r of readOrder(e)) {
      let tags: string[] | undefined
      try {
        tags =
          r.kind === 'remote'
            ? await deps.remote?.tags(r, e.image, store, remoteOptions(e, r))
            : (await store.imageExists(r.key, e.image))
              ? await store.tags(r.key, e.image)
              : undefined
      } catch (error) {
        if (!(error instanceof RemoteError)) throw error
        failure ??= error
      }
      if (!tags) continue
      const shown = tags.filter((t) => readsTag(e, r, t))
      // An image none of whose tags the caller may read is answered as one that is not there.
      if (shown.length === 0 && tags.length > 0) continue
      known = true
      for (const t of shown) all.add(t)
    }
    if (!known && failure) throw failure
    if (!known) throw new OciError('NAME_UNKNOWN', `There is no image ${nameOf(e)}`, 404, { name: nameOf(e) })
    const page = pageOf([...all].sort(), n, request.query.last)
    if (page.more && n !== undefined) linkNext(reply, `/v2/${nameOf(e)}/tags/list`, n, page.items.at(-1))
    return reply.send({ name: nameOf(e), tags: page.items })
  }

  const catalog = async (
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    caller: ContainerCaller,
  ) => {
    const n = pageSize(request.query.n, PAGE_LIMIT)
    const found = new Map<string, RepositoryRecord | undefined>()
    const names: string[] = []
    for (const i of await store.images()) {
      if (!found.has(i.repo)) found.set(i.repo, await repos.find(i.repo))
      const repo = found.get(i.repo)
      if (repo && (await deps.authz.canBelow(caller, repo, 'read', i.image, 'some')))
        names.push(`${i.repo}/${i.image}`)
    }
    names.sort()
    const page = pageOf(names, n, request.query.last)
    if (page.more && n !== undefined) linkNext(reply, '/v2/_catalog', n, page.items.at(-1))
    return reply.send({ repositories: page.items })
  }

  const referrers = async (
    e: Extract<Endpoint, { kind: 'referrers' }>,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
  ) => {
    const subject = checkDigest(e.digest)
    const wanted = request.query.artifactType
    const manifests = []
    for (const r of readOrder(e)) {
      if (r.kind === 'remote' || !(await readsDigest(e, r, subject))) continue
      for (const m of await store.referrers(r.key, e.image, subject)) {
        if (wanted !== undefined && m.artifactType !== wanted) continue
        manifests.push({
          mediaType: m.mediaType,
          digest: m.digest,
          size: m.size,
          ...(m.artifactType ? { artifactType: m.artifactType } : {}),
          ...(m.annotations ? { annotations: m.annotations } : {}),
        })
      }
    }
    if (wanted !== undefined) reply.header('OCI-Filters-Applied', 'artifactType')
    return reply.type(MEDIA.ociIndex).send({ schemaVersion: 2, mediaType: MEDIA.ociIndex, manifests })
  }

  // ------------------------------------------------------------------ dispatch

  // An upload session is the pusher's, whatever the method (its status is a GET).
  const accessOf = (method: string, e: Endpoint): Access =>
    e.kind === 'upload' || e.kind === 'uploads'
      ? 'push'
      : method === 'GET' || method === 'HEAD'
        ? 'pull'
        : method === 'DELETE'
          ? 'delete'
          : 'push'

  const dispatch = async (
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
  ) => {
    const rest = (request.raw.url ?? '').split('?')[0]!.slice('/v2/'.length)
    let endpoint: Endpoint | undefined
    try {
      endpoint = parseEndpoint(decodeURIComponent(rest))
    } catch (error) {
      if (error instanceof URIError) throw new OciError('NAME_INVALID', 'The path is not valid URL encoding')
      throw error
    }
    const method = request.method
    if (!endpoint) throw new OciError('UNSUPPORTED', 'No such registry endpoint', 404)
    const access = accessOf(method, endpoint)
    const scope = scopeOf(endpoint, access)
    const caller = await auth.caller(request, reply, access !== 'pull', scope)
    if ('repo' in endpoint)
      granted.set(
        endpoint,
        await grant(caller, endpoint.repo, endpoint.image, access, () =>
          auth.refuse(request, reply, caller, scope),
        ),
      )
    const unsupported = () => {
      throw new OciError('UNSUPPORTED', `${method} is not supported here`, 405)
    }
    switch (endpoint.kind) {
      case 'base':
        return reply.send({})
      case 'catalog':
        return method === 'GET' ? catalog(request, reply, caller) : unsupported()
      case 'tags':
        return method === 'GET' ? listTags(endpoint, request, reply) : unsupported()
      case 'referrers':
        return method === 'GET' ? referrers(endpoint, request, reply) : unsupported()
      case 'blob':
        if (method === 'GET' || method === 'HEAD') return getBlob(endpoint, request, reply)
        return method === 'DELETE' ? deleteBlob(endpoint, reply, caller) : unsupported()
      case 'uploads':
        return method === 'POST' ? startUpload(endpoint, request, reply, caller) : unsupported()
      case 'upload':
        if (method === 'PATCH') return patchUpload(endpoint, request, reply)
        if (method === 'PUT') return finishUpload(endpoint, request, reply)
        if (method === 'GET') return uploadStatus(endpoint, reply)
        return method === 'DELETE' ? cancelUpload(endpoint, reply) : unsupported()
      case 'manifest':
        if (method === 'GET' || method === 'HEAD') return getManifest(endpoint, request, reply)
        if (method === 'PUT') return putManifest(endpoint, request, reply, caller)
        return method === 'DELETE' ? deleteManifest(endpoint, reply, caller) : unsupported()
    }
  }

  /** Every error in the specification's shape; the platform's own errors mapped to its codes. */
  const errorHandler = async (
    error: FastifyError | HttpError | OciError | RemoteError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (error instanceof OciError) {
      const upload = (error as OciError & { uploadRange?: { e: Located; id: string; received: number } })
        .uploadRange
      if (upload)
        reply
          .header('Location', `/v2/${upload.e.repo}/${upload.e.image}/blobs/uploads/${upload.id}`)
          .header('Range', uploadRange(upload.received))
      return reply.status(error.status).send(errorBody(error.code, error.message, error.detail))
    }
    // A remote's upstream could not answer: the gateway's status and what went wrong, logged already.
    if (error instanceof RemoteError)
      return reply
        .status(error.problem.status)
        .send(errorBody(error.problem.status === 403 ? 'DENIED' : 'UNKNOWN', error.problem.message))
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500)
    const code =
      status === 401
        ? 'UNAUTHORIZED'
        : status === 403
          ? 'DENIED'
          : status === 413
            ? 'SIZE_INVALID'
            : status === 429
              ? 'TOOMANYREQUESTS'
              : status >= 400 && status < 500
                ? 'UNSUPPORTED'
                : 'UNKNOWN'
    if (status === 401) reply.header('WWW-Authenticate', await auth.challenge(request, undefined))
    if (status >= 500) request.log.error(error)
    return reply.status(status).send(errorBody(code, status >= 500 ? 'Internal server error' : error.message))
  }

  const stopCollecting = ctx.clock.every(GC_EVERY_MS, () => {
    void collectContainerGarbage(ctx, store, blobs).catch(() => undefined)
  })

  /**
   * The platform's own pushes (its sample images): a client's monolithic push, blobs then the
   * manifest, through the same checks and catalogue recording, with no client to authenticate.
   */
  const platformPush: PlatformPush = {
    async pushBlob(repoKey, image, blob) {
      await pushBlob(await localRepo(repoKey), image, Readable.from([blob.bytes]), blob.digest)
    },
    async pushManifest(repoKey, image, manifest, reference, deployedBy) {
      await pushManifest({
        target: await localRepo(repoKey),
        image,
        reference,
        bytes: manifest.bytes,
        contentType: manifest.mediaType,
        deployedBy,
        name: `${repoKey}/${image}`,
      })
    },
  }
  const localRepo = async (key: string) => {
    const repo = await dockerRepo(key)
    if (repo.kind !== 'local') throw new OciError('UNSUPPORTED', `${key} does not take pushes`)
    return repo
  }

  return {
    store,
    platformPush,
    plugin: async (app: FastifyInstance) => {
      app.addHook('onClose', async () => stopCollecting())
      // Bodies are streamed by the handlers themselves (blobs) or read with a cap (manifests).
      app.removeAllContentTypeParsers()
      app.addContentTypeParser('*', (_request, _payload, done) => done(null))
      app.setErrorHandler(errorHandler)
      app.addHook('onRequest', async (_request, reply) => {
        reply.header('Docker-Distribution-API-Version', 'registry/2.0')
      })
      app.get('/v2/token', async (request, reply) => auth.token(request, reply))
      app.route({
        method: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'],
        url: '/v2/*',
        handler: dispatch,
      })
      app.route({ method: ['GET', 'HEAD'], url: '/v2', handler: dispatch })
    },
  }
}
