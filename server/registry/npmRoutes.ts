/**
 * The npm registry API under /artifactory/api/npm/<repoKey>/ that the npm CLI talks to:
 * package documents (packuments) and tarballs, `npm publish` (PUT) into a local repository (a
 * virtual one deploys to its default deployment repository), dist-tags, `npm unpublish`,
 * `npm login` (the CouchDB user document; web login answers 404 so the CLI falls back to it),
 * `npm whoami` and `npm ping`. A virtual repository resolves across its members in order.
 * Errors have npm's shape (`{"error": …}`) so the CLI prints them.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import semver from 'semver'
import { HttpError, type ServerContext } from '../context'
import { isoNow } from '../clock'
import { readBaseUrl } from '../platform/baseUrl'
import type { RepositoryRecord, RepositoryStore } from '../repositories/store'
import type { BlobStore } from '../repositories/blobs'
import type { RegistryAuth, RegistryCaller } from './auth'
import type { RegistryAuthorizer } from '../permissions/authorize'
import type { NpmCatalogue } from './npmCatalogue'
import { isShownFile, tarballPath } from './npmCatalogue'
import { BadTarball, readTarball, TarballTooLarge, type TarEntry } from './tarball'
import { npmNameProblem } from './npmNames'
import { inWords } from './sizes'
import { bodyTooLarge, HANDED_OVER, readPublishBody, type PublishBody } from './npmPublishBody'
import { JsonRefused, jsonStream, type StringSink } from './jsonStream'
import { builtDocuments, notModified } from './builtDocuments'
import { isCleanVersion, latestMovesTo, latestOwner, publishedVersion } from './npmVersions'
import { latestOf } from '../catalog/versionOrder'
import type { XrayService } from '../xray/service'
import type { Sql } from '../db/sql'
import { npmRows, type NpmVersionRow } from './store'
import { bulkAdvisories, quickAudit } from '../xray/audit'
import type { NpmRemote } from '../remote/npmRemote'
import { RemoteError } from '../remote/upstream'
import { downloadCounter, type DownloadCounts } from '../remote/downloads'
import {
  abbreviated,
  mergeDocuments,
  npmStatusOf,
  rewriteTarballs,
  wantsAbbreviated,
  type NpmDocument,
} from '../remote/rules'

/**
 * Largest publish body: the tarball arrives base64-encoded inside JSON (100 MB holds a 75 MB
 * tarball, beyond what the public registry accepts for most packages). It is staged on disk as
 * it arrives; only the document around it is held in memory, up to NPM_DOCUMENT_LIMIT.
 */
export const NPM_PUBLISH_LIMIT = 100 * 1024 * 1024
/** The publish document without its tarball, in characters: manifests and a README, no more. */
export const NPM_DOCUMENT_LIMIT = 8 * 1024 * 1024
/**
 * `npm unpublish name@version` sends back the whole package document it read (every version's
 * manifest, READMEs too), which grows with each version: as much room as a publish, read as it
 * arrives keeping only the names of the versions (up to NPM_DOCUMENT_LIMIT characters of keys).
 */
export const NPM_UNPUBLISH_LIMIT = NPM_PUBLISH_LIMIT
/** npm's audit requests: the project's dependency tree, as a lockfile holds it (or unpacks to). */
export const NPM_AUDIT_LIMIT = NPM_DOCUMENT_LIMIT
/** Every other body: `npm login`'s user document, a dist-tag's version; nothing else has one. */
export const NPM_SMALL_LIMIT = 64 * 1024
export const NPM_PREFIX = '/artifactory/api/npm'
/** npm's abbreviated metadata, what `npm install` asks for. */
const INSTALL_FORM = 'application/vnd.npm.install-v1+json'

interface Deps {
  readonly repos: RepositoryStore
  readonly blobs: BlobStore
  readonly auth: RegistryAuth
  readonly authz: RegistryAuthorizer
  readonly catalogue: NpmCatalogue
  readonly xray: XrayService
  readonly npmRemote: NpmRemote
  readonly downloads: DownloadCounts
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/** A deprecation message's length at most (npm's are a sentence or two). */
const DEPRECATION_CHARS = 4096

type SentDocument = { name?: unknown; versions?: Record<string, Record<string, unknown> | undefined> }

/** `npm deprecate`'s body: the package document with its versions and no tarball. */
const isDeprecation = (document: unknown): document is SentDocument => {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return false
  const { versions, _attachments: attachments } = document as { versions?: unknown; _attachments?: unknown }
  const none =
    attachments === undefined ||
    (typeof attachments === 'object' && attachments !== null && Object.keys(attachments).length === 0)
  return none && typeof versions === 'object' && versions !== null && !Array.isArray(versions)
}

/** What a route's path names; a package as `:name` or as `@:scope/:pkg` (see NAMED). */
interface RouteParams {
  repoKey: string
  name?: string
  scope?: string
  pkg?: string
  version?: string
  file?: string
  tag?: string
  document?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An npm write taken without credentials: signing in (its body holds them). */
    signIn?: boolean
  }
}

/**
 * A package in a path, as npm sends it: unscoped or `@scope%2fname` in one segment, or
 * `@scope/name` in two (tarball URLs, dist-tags). The scope's segment holds no `/` once decoded,
 * so `@scope%2fname/1.0.0` is a version of the scoped package, not a package named `1.0.0`.
 */
const NAMED = [':name', '@:scope(^[^/]+$)/:pkg'] as const

const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'PUT', 'DELETE', 'POST']

/**
 * Reads a request body handed over by the parser (see the plugin), chunk by chunk into `take`,
 * up to `limit` bytes declared or sent; a gzipped one (npm's audits) is counted as it unpacks.
 * Beyond it: 413 naming `what`, and the rest is not kept (the connection closes after the
 * answer, lingering: closeAfterAnswer). A refusal stops the reading without destroying the
 * request, so the 413 is answered.
 */
function readBody(
  request: FastifyRequest,
  limit: number,
  what: string,
  take: (chunk: Buffer) => void,
): Promise<void> {
  const payload = request.body
  if (!(payload instanceof Readable)) return Promise.resolve()
  const gzipped = request.headers['content-encoding'] === 'gzip'
  const refused = tooLarge(`The ${what} ${gzipped ? 'unpacks to' : 'is'} more than ${inWords(limit)}`)
  if (Number(request.headers['content-length']) > limit) return Promise.reject(refused)
  return new Promise((resolve, reject) => {
    let size = 0
    const stop = () => {
      payload.off('data', onData)
      payload.off('end', onEnd)
      payload.off('error', onError)
      payload.pause()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      try {
        if (size > limit) throw refused
        take(chunk)
      } catch (error) {
        stop()
        reject(error as Error)
      }
    }
    const onEnd = () => {
      stop()
      resolve()
    }
    const onError = (error: NodeJS.ErrnoException) => {
      stop()
      // zlib's: what came is not gzip, or is cut short.
      reject(
        error.code?.startsWith('Z_')
          ? new HttpError(400, `The ${what} is not gzip data`, 'BAD_REQUEST')
          : error,
      )
    }
    payload.on('data', onData)
    payload.on('end', onEnd)
    payload.on('error', onError)
  })
}

/** Takes a string value of a streamed document and keeps none of it. */
const DROPPED: StringSink = { write: () => undefined, end: () => undefined }

type JsonParser = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, value?: unknown) => void,
) => void

const tooLarge = (message: string) => new HttpError(413, message, 'TOO_LARGE')

export function npmRoutes(ctx: ServerContext, deps: Deps) {
  const { repos, blobs, auth, authz, catalogue, xray, npmRemote: remote, downloads } = deps
  const built = builtDocuments()
  // Fastify's own JSON parsing (prototype poisoning refused), taken from the plugin's instance.
  let parseJson: JsonParser | undefined

  /**
   * A JSON body, read only once the handler knows the caller may send it here, within `limit`:
   * undefined when the request has none.
   */
  const jsonBody = async (request: FastifyRequest, limit: number, what: string): Promise<unknown> => {
    if (!(request.body instanceof Readable)) return undefined
    const chunks: Buffer[] = []
    await readBody(request, limit, what, (chunk) => chunks.push(chunk))
    const text = Buffer.concat(chunks).toString('utf8')
    return new Promise((resolve, reject) =>
      parseJson!(request, text, (error, value) =>
        error ? reject(new HttpError(400, `The ${what} is not JSON`, 'BAD_REQUEST')) : resolve(value),
      ),
    )
  }

  /**
   * The versions `npm unpublish name@version` keeps: the keys of `versions` in the document it
   * sends back, read as it arrives; every string in it is dropped unread.
   */
  const versionsKept = async (request: FastifyRequest): Promise<Set<string>> => {
    const parser = jsonStream({ maxKept: NPM_DOCUMENT_LIMIT, stringSink: () => DROPPED })
    const text = new StringDecoder('utf8')
    let doc: unknown
    try {
      await readBody(request, NPM_UNPUBLISH_LIMIT, 'unpublish document', (chunk) =>
        parser.write(text.write(chunk)),
      )
      parser.write(text.end())
      doc = parser.end()
    } catch (error) {
      if (!(error instanceof JsonRefused)) throw error
      throw error.tooLarge
        ? tooLarge(`The unpublish document is too large: ${error.message}`)
        : new HttpError(400, `The unpublish document is not JSON: ${error.message}`, 'BAD_REQUEST')
    }
    const versions = (doc as { versions?: unknown } | null)?.versions
    // Without its versions the document would read as "remove them all".
    if (!versions || typeof versions !== 'object' || Array.isArray(versions))
      throw new HttpError(400, 'The document must list the versions to keep', 'BAD_REQUEST')
    return new Set(Object.keys(versions))
  }

  const versionsIn = (repo: string, name: string, sql: Sql = ctx.sql) => npmRows(sql).versionsIn(repo, name)
  const tagsIn = (repo: string, name: string, sql: Sql = ctx.sql) => npmRows(sql).tagsIn(repo, name)

  /** The npm repository `key` names, if there is one. */
  const findNpm = async (key: string): Promise<RepositoryRecord | undefined> => {
    const repo = await repos.find(key)
    return repo?.packageType === 'npm' ? repo : undefined
  }

  /** The local repository a write to `repo` goes to (as missing when the caller may not read it). */
  const deploymentTarget = async (
    caller: RegistryCaller,
    repo: RepositoryRecord,
  ): Promise<RepositoryRecord> => {
    const target = await authz.deploymentTarget(caller, repo, findNpm)
    if (target) return target
    throw new HttpError(
      405,
      repo.kind === 'remote'
        ? `${repo.key} is a remote repository: publish to a local or virtual one`
        : `${repo.key} has no default deployment repository`,
      'NOT_DEPLOYABLE',
    )
  }

  /** Where a read of `repo` looks (its members, for a virtual one) that the caller may read. */
  type Members = readonly RepositoryRecord[]
  const readable = (caller: RegistryCaller, repo: RepositoryRecord, name: string): Promise<Members> =>
    authz.readableMembers(caller, repo, `${name}/`)

  const versionRows = async (members: Members, name: string) =>
    (await Promise.all(members.map((r) => versionsIn(r.key, name)))).flat()

  /**
   * Dist-tags across the members: the tags of the member that held the package first win (so
   * `latest` stays with it), then the others' in resolution order fill in the rest.
   */
  const tagsOf = async (
    members: Members,
    name: string,
    rows?: NpmVersionRow[],
  ): Promise<Record<string, string>> => {
    rows ??= await versionRows(members, name)
    const firstSeen = new Map<string, string>()
    for (const row of rows)
      if (!firstSeen.has(row.repo) || row.created < firstSeen.get(row.repo)!)
        firstSeen.set(row.repo, row.created)
    const owner = latestOwner([...firstSeen].map(([member, created]) => ({ member, created })))
    const ordered = [...members].sort((a, b) => Number(b.key === owner) - Number(a.key === owner))
    const tags: Record<string, string> = {}
    for (const r of ordered)
      for (const t of await tagsIn(r.key, name)) if (!(t.tag in tags)) tags[t.tag] = t.version
    if (owner && !(tags.latest && rows.some((r) => r.repo === owner && r.version === tags.latest))) {
      const fallback = latestOf(rows.filter((r) => r.repo === owner).map((r) => r.version))
      if (fallback) tags.latest = fallback
    }
    return tags
  }

  /** Whether the caller may fill `r`'s cache from its upstream (a remote's cache is its deploy). */
  const mayCache = (caller: RegistryCaller, r: RepositoryRecord, name: string) =>
    authz.can(caller, r, 'deploy', `${name}/`)

  // Never the request's Host header: a client chooses it, and these URLs are what npm downloads.
  const baseUrl = (request: FastifyRequest) => readBaseUrl(ctx, request)

  /**
   * The local members' document of a package: each version from the first member holding it,
   * dist-tags as tagsOf gives them (the member that held the package first keeps `latest`).
   */
  const localDocument = async (locals: Members, name: string): Promise<NpmDocument | undefined> => {
    const rows = await versionRows(locals, name)
    if (rows.length === 0) return undefined
    const versions: Record<string, Record<string, unknown>> = {}
    const time: Record<string, string> = {}
    for (const row of rows) {
      if (row.version in versions) continue
      versions[row.version] = JSON.parse(row.document) as Record<string, unknown>
      time[row.version] = row.created
    }
    return { name, 'dist-tags': await tagsOf(locals, name, rows), versions, time }
  }

  /** What the local members hold of a package, as rows that change whenever it does. */
  const localStamp = async (locals: Members, name: string): Promise<string> => {
    const parts = await Promise.all(
      locals.map(async (r) => {
        const rows = await npmRows(ctx.sql).versionStampsIn(r.key, name)
        if (rows.length === 0) return ''
        const tags = await tagsIn(r.key, name)
        return JSON.stringify([r.key, rows, tags.sort((a, b) => (a.tag < b.tag ? -1 : 1))])
      }),
    )
    return parts.join('\0')
  }

  /**
   * What a repository's package document is built from, member by member in order, and the
   * stamp of all of it. A remote member that cannot answer is passed over when another member
   * has the package.
   */
  const sourcesOf = async (members: Members, name: string, caller?: RegistryCaller) => {
    const parts: Array<{ stamp: string; doc: () => Promise<NpmDocument | undefined> }> = []
    let failure: RemoteError | undefined
    const locals = members.filter((r) => r.kind === 'local')
    for (const r of members) {
      // The local members count as one, where the first of them stands.
      if (r === locals[0]) {
        const stamp = await localStamp(locals, name)
        parts.push({ stamp, doc: async () => (stamp ? localDocument(locals, name) : undefined) })
      } else if (r.kind === 'remote' && r.packageType === 'npm') {
        try {
          const cacheOnly = !caller || !(await mayCache(caller, r, name))
          const doc = await remote.documentOf(r, name, { cacheOnly })
          parts.push({ stamp: doc ? built.identity(doc) : '', doc: async () => doc })
        } catch (error) {
          if (!(error instanceof RemoteError)) throw error
          failure ??= error
          parts.push({ stamp: '!', doc: async () => undefined })
        }
      }
    }
    return {
      stamp: parts.map((p) => p.stamp).join('\n'),
      failure,
      docs: () => Promise.all(parts.map((p) => p.doc())),
    }
  }

  type Sources = Awaited<ReturnType<typeof sourcesOf>>
  type Packument = NpmDocument & {
    _rev: string
    'dist-tags': Record<string, string>
    versions: Record<string, Record<string, unknown>>
  }

  /** The package document built from `sources`: a virtual one merges its members' in order. */
  const buildPackument = async (
    request: FastifyRequest,
    repo: RepositoryRecord,
    name: string,
    sources: Sources,
  ): Promise<Packument> => {
    const docs = (await sources.docs()).filter((d): d is NpmDocument => d !== undefined)
    const merged = mergeDocuments(name, docs)
    if (!merged) {
      if (sources.failure) throw sources.failure
      throw new HttpError(404, `${name} is not in ${repo.key}`, 'NOT_FOUND')
    }
    const shown = rewriteTarballs(merged, name, `${await baseUrl(request)}${NPM_PREFIX}/${repo.key}`)
    const deprecations = Object.values(shown.versions ?? {}).map((v) => v?.deprecated ?? null)
    const rev = createHash('sha256')
      .update(JSON.stringify([Object.keys(shown.versions ?? {}), shown['dist-tags'], deprecations]))
      .digest('hex')
      .slice(0, 32)
    return { readme: '', ...shown, _id: name, _rev: `1-${rev}`, name } as Packument
  }

  const packument = async (
    request: FastifyRequest,
    repo: RepositoryRecord,
    members: Members,
    name: string,
    caller?: RegistryCaller,
  ) => buildPackument(request, repo, name, await sourcesOf(members, name, caller))

  /**
   * The package document's text in one form (full, or npm's install form), kept while what it
   * is built from stands (see builtDocuments).
   */
  const packumentText = async (
    request: FastifyRequest,
    repo: RepositoryRecord,
    members: Members,
    name: string,
    form: 'full' | 'install',
    caller: RegistryCaller,
  ) => {
    const sources = await sourcesOf(members, name, caller)
    const key = [form, repo.key, name, ...members.map((r) => r.key)].join('\0')
    const stamp = `${await baseUrl(request)}\n${sources.stamp}`
    return built.answer(key, stamp, async () => {
      const doc = await buildPackument(request, repo, name, sources)
      return JSON.stringify(form === 'install' ? abbreviated(doc) : doc)
    })
  }

  /** A version a watch's policy blocks is refused to everyone, with what blocks it. */
  const refuseBlocked = (versionId: string | null | undefined) => xray.refuseBlocked(versionId)

  const countOnFinish = downloadCounter(ctx, downloads)

  const sendTarball = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: RegistryCaller,
    repo: RepositoryRecord,
    members: Members,
    name: string,
    file: string,
  ) => {
    const head = request.method === 'HEAD'
    const send = (sha256: string, size: number, versionId: string | null) => {
      reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(size))
        .header('X-Checksum-Sha256', sha256)
      if (head) return reply.send()
      countOnFinish(reply, versionId)
      return reply.send(blobs.open(sha256))
    }
    for (const r of members) {
      if (r.kind === 'local') {
        const found = await npmRows(ctx.sql).fileAt(r.key, `${name}/-/${file}`)
        await refuseBlocked(found?.version_id)
        if (found && blobs.has(found.sha256)) return send(found.sha256, found.size, found.version_id)
        continue
      }
      if (r.kind !== 'remote' || r.packageType !== 'npm') continue
      const answer = await remote.tarball(r, name, file, { cacheOnly: !(await mayCache(caller, r, name)) })
      if (!answer) continue
      if (answer.kind === 'stored') {
        await refuseBlocked(answer.versionId)
        return send(answer.facts.sha256, answer.facts.size, answer.versionId)
      }
      const { live, length, done } = answer.fetch
      // A version fetched now is scanned as it is stored, before `done`: where a watch's policy
      // over this remote may block it, its bytes wait for that and are refused if it is blocked
      // (asked once, after it: a version being fetched is in the catalogue only once stored).
      if (!live || head || (await xray.mayBlockDownloadsIn(r.key))) {
        // HEAD (or a wait for the scan): nobody reads the bytes, so the fetch must not wait for a reader.
        live?.destroy()
        const facts = await done
        await refuseBlocked(answer.versionId)
        return send(facts.sha256, facts.size, answer.versionId)
      }
      try {
        await refuseBlocked(answer.versionId)
      } catch (error) {
        // Nobody will read the bytes: the fetch must not wait for a reader.
        live.destroy()
        throw error
      }
      reply.header('Content-Type', 'application/octet-stream')
      if (length !== undefined) reply.header('Content-Length', String(length))
      countOnFinish(reply, answer.versionId)
      return reply.send(live)
    }
    throw new HttpError(404, `${file} is not stored in ${repo.key}`, 'NOT_FOUND')
  }

  /**
   * The files the catalogue keeps from a publish's tarball, read before anything is stored: a
   * damaged archive is a 400, one that unpacks too large a 413, and its package.json must name
   * the package and version the document does (npm installs what the tarball says).
   */
  const shownFilesOf = async (tarball: Readable, name: string, version: string) => {
    let files: TarEntry[]
    try {
      files = await readTarball(tarball, isShownFile)
    } catch (error) {
      if (error instanceof TarballTooLarge)
        throw new HttpError(413, `The package is too large: ${error.message}`, 'TOO_LARGE')
      if (error instanceof BadTarball)
        throw new HttpError(400, `The tarball cannot be read: ${error.message}`, 'BAD_TARBALL')
      throw error
    }
    const manifest = files.find((f) => f.path === 'package.json')
    if (!manifest) throw new HttpError(400, 'The tarball holds no package/package.json', 'BAD_TARBALL')
    let inner: { name?: unknown; version?: unknown }
    try {
      inner = (JSON.parse(manifest.bytes.toString('utf8')) ?? {}) as typeof inner
    } catch {
      throw new HttpError(400, 'The package.json inside the tarball is not JSON', 'BAD_TARBALL')
    }
    const innerVersion = typeof inner.version === 'string' ? semver.clean(inner.version) : null
    if (inner.name !== name || innerVersion === null || innerVersion !== semver.clean(version))
      throw new HttpError(
        400,
        `The package.json inside the tarball names ${String(inner.name)}@${String(inner.version)}, not ${name}@${version}`,
        'TARBALL_MISMATCH',
      )
    return files
  }

  const publish = async (
    request: FastifyRequest,
    target: RepositoryRecord,
    name: string,
    caller: RegistryCaller,
    sent: PublishBody,
  ) => {
    const deployedBy = caller.user.name
    const problem = npmNameProblem(name)
    if (problem) throw new HttpError(400, `Invalid package name "${name}": ${problem}`, 'BAD_NAME')
    const body = sent.document
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new HttpError(400, 'A package document is required', 'BAD_REQUEST')
    const doc = body as {
      name?: unknown
      versions?: Record<string, Record<string, unknown>>
      'dist-tags'?: Record<string, unknown>
      _attachments?: Record<string, { data?: unknown; length?: unknown }>
    }
    if (doc.name !== name)
      throw new HttpError(400, 'The document names another package than the URL', 'BAD_NAME')
    const versionNames = Object.keys(doc.versions ?? {})
    const attachments = Object.entries(doc._attachments ?? {})
    if (versionNames.length !== 1 || attachments.length !== 1)
      throw new HttpError(400, 'Publish exactly one version with its tarball', 'BAD_REQUEST')
    const key = versionNames[0]!
    const document = doc.versions![key]!
    const verdict = publishedVersion(key, document.version)
    if (!verdict.ok) throw new HttpError(400, `Invalid version: ${verdict.problem}`, 'BAD_VERSION')
    const version = verdict.version
    // Deploy was asked at the package; the version's own file may be outside the grant.
    await authz.require(caller, target, 'deploy', tarballPath(name, version))
    if (document.name !== name)
      throw new HttpError(400, 'The version document names another package than the URL', 'BAD_NAME')
    const attachment = attachments[0]![1]
    if (!sent.tarball || typeof attachment !== 'object' || attachment?.data !== HANDED_OVER)
      throw new HttpError(400, 'The tarball is missing', 'BAD_REQUEST')
    const blob = sent.tarball.staged
    if (blob.facts.size === 0)
      throw new HttpError(400, 'The tarball cannot be read: the tarball is empty', 'BAD_TARBALL')
    const dist = (document.dist ?? {}) as { integrity?: unknown; shasum?: unknown }
    const integrity = `sha512-${sent.tarball.sha512}`
    const shasum = blob.facts.sha1
    if (
      (typeof dist.integrity === 'string' && dist.integrity !== integrity) ||
      (typeof dist.shasum === 'string' && dist.shasum !== shasum) ||
      (typeof attachment.length === 'number' && attachment.length !== blob.facts.size)
    )
      throw new HttpError(
        400,
        'Integrity check failed: the tarball does not match its dist checksums',
        'EINTEGRITY',
      )
    const sha256 = blob.facts.sha256
    const refuseOtherBytes = async (at: NpmCatalogue) => {
      const earlier = await at.publishedDigest(name, version)
      if (earlier !== undefined && earlier !== sha256)
        throw new HttpError(
          403,
          `${name}@${version} was published before with other contents; a version never changes: publish a new version.`,
          'VERSION_WAS_PUBLISHED',
        )
    }
    await refuseOtherBytes(catalogue)
    const files = await shownFilesOf(blob.open(), name, version)
    if (await catalogue.versionExists(name, version))
      throw new HttpError(
        403,
        `You cannot publish over the previously published versions: ${version}.`,
        'VERSION_EXISTS',
      )
    // The staged bytes take their place in the transaction that records the version.
    const stored = { ...document, dist: { ...dist, integrity, shasum } }
    const now = isoNow(ctx.clock)
    await ctx.sql.transaction(async (tx) => {
      const inside = catalogue.within(tx)
      await refuseOtherBytes(inside)
      if (await inside.versionExists(name, version))
        throw new HttpError(
          403,
          `You cannot publish over the previously published versions: ${version}.`,
          'VERSION_EXISTS',
        )
      await blob.commit(tx, now)
      await inside.add({
        repo: target.key,
        name,
        version,
        document: stored,
        files,
        tarballFacts: blob.facts,
        deployedBy,
        now,
      })
      const tags = Object.entries(doc['dist-tags'] ?? { latest: version })
      const latest = (await tagsIn(target.key, name, tx)).find((t) => t.tag === 'latest')?.version
      for (const [tag, v] of tags)
        if (v === version && (tag !== 'latest' || latestMovesTo(latest, version)))
          await npmRows(tx).setTag(target.key, name, tag, v)
      await inside.repairTags(target.key, name)
    })
    return { ok: true, id: name, rev: (await packument(request, target, [target], name))._rev }
  }

  /**
   * Removing versions needs delete/overwrite at each one's tarball, not only at the package: an
   * exclude pattern naming a version's file (`lib/-/lib-1.0.0.tgz`) does not cover `lib/`.
   * Refused before anything goes. The caller's grants were read by `authorize`, so no query.
   */
  type MayRemove = (rows: readonly NpmVersionRow[]) => Promise<void>

  /** `npm unpublish name@version`: the document comes back without the versions to remove. */
  const removeMissingVersions = (
    target: RepositoryRecord,
    name: string,
    kept: ReadonlySet<string>,
    mayRemove: MayRemove,
  ) =>
    ctx.sql.transaction(async (tx) => {
      const inside = catalogue.within(tx)
      const doomed = (await versionsIn(target.key, name, tx)).filter((row) => !kept.has(row.version))
      await mayRemove(doomed)
      for (const row of doomed) {
        await inside.remove(name, row.version)
        await blobs.releaseIfUnused(row.sha256, tx)
      }
      await inside.repairTags(target.key, name)
    })

  const removePackage = async (target: RepositoryRecord, name: string, mayRemove: MayRemove) => {
    if ((await versionsIn(target.key, name)).length === 0)
      throw new HttpError(404, `${name} is not in ${target.key}`, 'NOT_FOUND')
    return ctx.sql.transaction(async (tx) => {
      const inside = catalogue.within(tx)
      const doomed = await versionsIn(target.key, name, tx)
      await mayRemove(doomed)
      for (const row of doomed) {
        await inside.remove(name, row.version)
        await blobs.releaseIfUnused(row.sha256, tx)
      }
      await inside.repairTags(target.key, name)
    })
  }

  /** The repository and package a route names (see NAMED). */
  const named = (request: FastifyRequest) => {
    const p = request.params as RouteParams
    return { key: p.repoKey, name: p.name ?? `@${p.scope}/${p.pkg}`, p }
  }

  /** The deployment target of a write at the route's package, authorised for `action` at the repository. */
  const writeTo = async (request: FastifyRequest, reply: FastifyReply, action: 'deploy' | 'delete') => {
    const { key, name } = named(request)
    const found = await findNpm(key)
    const { caller, repo } = await authz.authorize(request, reply, key, found, action, `${name}/`)
    return { caller, target: await deploymentTarget(caller, repo), name }
  }

  /** As writeTo, with `action` at the target too. */
  const writeTarget = async (request: FastifyRequest, reply: FastifyReply, action: 'deploy' | 'delete') => {
    const to = await writeTo(request, reply, action)
    await authz.require(to.caller, to.target, action, `${to.name}/`)
    return to
  }

  /** What the caller may read of the route's package: answered as missing where it may not. */
  const readAt = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, name, p } = named(request)
    const { caller, repo } = await authz.authorize(request, reply, key, await findNpm(key), 'read')
    return { caller, repo, name, p }
  }

  /** `GET /name`: the package document, abbreviated when npm asks for the install form. */
  const getPackage: Handler = async (request, reply) => {
    const { caller, repo, name } = await readAt(request, reply)
    const form = wantsAbbreviated(request.headers.accept) ? 'install' : 'full'
    const members = await readable(caller, repo, name)
    const { text, etag } = await packumentText(request, repo, members, name, form, caller)
    reply
      .header('Content-Type', form === 'install' ? INSTALL_FORM : 'application/json; charset=utf-8')
      .header('ETag', etag)
      .header('Vary', 'Accept')
    if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.send(text)
  }

  /** `GET /name/version` (or a tag): that version's document. */
  const getVersion: Handler = async (request, reply) => {
    const { caller, repo, name, p } = await readAt(request, reply)
    const doc = await packument(request, repo, await readable(caller, repo, name), name, caller)
    const wanted = doc['dist-tags'][p.version!] ?? p.version!
    const one = (doc.versions as Record<string, unknown>)[wanted]
    if (!one) throw new HttpError(404, `${name}@${p.version} is not in ${repo.key}`, 'NOT_FOUND')
    return one
  }

  /** `GET /name/-/file`: read at its own path, since an exclude pattern may name one version's file. */
  const getTarball: Handler = async (request, reply) => {
    const { caller, repo, name, p } = await readAt(request, reply)
    const at = await authz.readableMembers(caller, repo, `${name}/-/${p.file}`)
    return sendTarball(request, reply, caller, repo, at, name, p.file!)
  }

  /** `PUT /name`: read only now, once the caller may publish here; the tarball staged as it arrives. */
  const putPackage: Handler = async (request, reply) => {
    const { caller, target, name } = await writeTarget(request, reply, 'deploy')
    // A refused body's rest is read and dropped after the answer (closeAfterAnswer, every route).
    if (Number(request.headers['content-length']) > NPM_PUBLISH_LIMIT) throw bodyTooLarge(NPM_PUBLISH_LIMIT)
    // No body at all reads as an empty one: not a document (400).
    const sent: PublishBody = await readPublishBody(
      request.body instanceof Readable ? request.body : Readable.from([]),
      blobs,
      { bodyBytes: NPM_PUBLISH_LIMIT, documentChars: NPM_DOCUMENT_LIMIT },
    )
    try {
      if (!sent.tarball && isDeprecation(sent.document))
        return await deprecate(request, target, name, sent.document)
      return await publish(request, target, name, caller, sent)
    } finally {
      sent.tarball?.staged.discard()
    }
  }

  /**
   * `npm deprecate name@range message` (and `""` to undeprecate): npm sends the package document
   * back, with no tarball, each matched version's `deprecated` set. Only that field is taken,
   * and only for versions the repository holds; a version it does not hold needs a publish.
   */
  const deprecate = async (
    request: FastifyRequest,
    target: RepositoryRecord,
    name: string,
    sent: SentDocument,
  ) => {
    if (sent.name !== name)
      throw new HttpError(400, 'The document names another package than the URL', 'BAD_NAME')
    await ctx.sql.transaction(async (tx) => {
      const rows = await versionsIn(target.key, name, tx)
      if (rows.length === 0) throw new HttpError(404, `${name} is not in ${target.key}`, 'NOT_FOUND')
      const held = new Set(rows.map((r) => r.version))
      const unknown = Object.keys(sent.versions ?? {}).filter((v) => !held.has(v))
      if (unknown.length > 0)
        throw new HttpError(
          400,
          `${name}@${unknown[0]} is not in ${target.key}: publish it with its tarball`,
          'BAD_REQUEST',
        )
      for (const row of rows) {
        const wanted = sent.versions?.[row.version]?.deprecated
        if (wanted !== undefined && typeof wanted !== 'string')
          throw new HttpError(400, 'A deprecation message is a string', 'BAD_REQUEST')
        if (wanted !== undefined && wanted.length > DEPRECATION_CHARS)
          throw new HttpError(
            400,
            `A deprecation message has ${DEPRECATION_CHARS} characters at most`,
            'BAD_REQUEST',
          )
        const stored = JSON.parse(row.document) as Record<string, unknown>
        // Absent: as it was (npm sends back what it read); empty: undeprecated.
        const next = wanted === undefined ? stored.deprecated : wanted || undefined
        if (next === stored.deprecated) continue
        const { deprecated: _was, ...rest } = stored
        await npmRows(tx).replaceDocument(
          target.key,
          name,
          row.version,
          next ? { ...rest, deprecated: next } : rest,
        )
      }
    })
    return { ok: true, id: name, rev: (await packument(request, target, [target], name))._rev }
  }

  /** Removing needs delete at each version's own tarball too (see MayRemove). */
  const removing = async (request: FastifyRequest, reply: FastifyReply) => {
    const { caller, target, name } = await writeTarget(request, reply, 'delete')
    const mayRemove: MayRemove = async (rows) => {
      for (const row of rows) await authz.require(caller, target, 'delete', row.path)
    }
    return { target, name, mayRemove }
  }

  /** `PUT /name/-rev/rev` (`npm unpublish name@version`): the versions the document keeps stay. */
  const putRevision: Handler = async (request, reply) => {
    const { target, name, mayRemove } = await removing(request, reply)
    await removeMissingVersions(target, name, await versionsKept(request), mayRemove)
    return { ok: true }
  }

  /** `DELETE /name/-rev/rev`: the whole package. */
  const deleteRevision: Handler = async (request, reply) => {
    const { target, name, mayRemove } = await removing(request, reply)
    await removePackage(target, name, mayRemove)
    return { ok: true }
  }

  /** The tarball's own DELETE after an unpublish: its version is already gone. */
  const deleteTarball: Handler = async (request, reply) => {
    await writeTarget(request, reply, 'delete')
    return { ok: true }
  }

  /** `GET /-/package/name/dist-tags`, with or without a tag after it: every tag. */
  const getTags: Handler = async (request, reply) => {
    const { caller, repo, name } = await readAt(request, reply)
    return (await packument(request, repo, await readable(caller, repo, name), name, caller))['dist-tags']
  }

  /** A new tag is a deploy; moving or removing one changes what clients already get. */
  const tagTarget = async (request: FastifyRequest, reply: FastifyReply) => {
    const { caller, target, name } = await writeTo(request, reply, 'deploy')
    const tag = named(request).p.tag!
    const current = (await tagsOf([target], name))[tag]
    await authz.require(caller, target, current === undefined ? 'deploy' : 'delete', `${name}/`)
    return { target, name, tag }
  }

  const putTag: Handler = async (request, reply) => {
    const { target, name, tag } = await tagTarget(request, reply)
    const version = await jsonBody(request, NPM_SMALL_LIMIT, 'dist-tag request')
    if (!isCleanVersion(version) || semver.validRange(tag) !== null)
      throw new HttpError(
        400,
        'Send the version as a JSON string; a tag cannot be a version range',
        'BAD_REQUEST',
      )
    const exists = (await versionsIn(target.key, name)).some((v) => v.version === version)
    if (!exists) throw new HttpError(404, `${name}@${version} is not in ${target.key}`, 'NOT_FOUND')
    await npmRows(ctx.sql).setTag(target.key, name, tag, version)
    return { ok: true }
  }

  const deleteTag: Handler = async (request, reply) => {
    const { target, name, tag } = await tagTarget(request, reply)
    if (tag === 'latest') throw new HttpError(400, 'The latest tag cannot be removed', 'BAD_REQUEST')
    await npmRows(ctx.sql).deleteTag(target.key, name, tag)
    return { ok: true }
  }

  /** `npm login`'s CouchDB user document: `PUT /-/user/org.couchdb.user:<name>`. */
  const putUser: Handler = async (request, reply) => {
    const { key, p } = named(request)
    const prefix = 'org.couchdb.user:'
    if (!p.document?.startsWith(prefix))
      throw new HttpError(404, `This registry does not serve /-/user/${p.document}`, 'NOT_FOUND')
    const userName = p.document.slice(prefix.length)
    const body = ((await jsonBody(request, NPM_SMALL_LIMIT, 'sign-in request')) ?? {}) as {
      name?: unknown
      password?: unknown
    }
    if (typeof body.password !== 'string' || body.name !== userName)
      throw new HttpError(400, 'Send the username and password', 'BAD_REQUEST')
    const user = await auth.checkCredentials(request, reply, userName, body.password)
    if (!user) throw new HttpError(401, 'Wrong username or password', 'UNAUTHORIZED')
    // Only once the credentials are right, and as for a missing one if this user may not read it.
    const { scope, ...who } = user
    await authz.visibleTo(
      { user: who, anonymous: false, ...(scope ? { scope } : {}) },
      key,
      await findNpm(key),
    )
    const { token } = await auth.issueToken(user.id)
    return reply.status(201).send({ ok: true, id: `org.couchdb.user:${userName}`, token })
  }

  /** Whatever the repository (the same answer for a missing one): npm's web login falls back. */
  const notServed: Handler = async (request) => {
    const path = (request.raw.url ?? '').split('?')[0]!
    throw new HttpError(404, `This registry does not serve ${path.slice(path.indexOf('/-/'))}`, 'NOT_FOUND')
  }

  /** Nothing at this path: a package's paths are the routes above. */
  const noRoute: Handler = async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD')
      throw new HttpError(404, 'Name a package and what of it to read', 'NOT_FOUND')
    throw new HttpError(405, `${request.method} is not supported here`, 'NOT_SUPPORTED')
  }

  /** The rest answer for a repository only to those who may read it, as if it were missing. */
  const reader = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = named(request)
    return (await authz.authorize(request, reply, key, await findNpm(key), 'read')).caller
  }
  const ping: Handler = async (request, reply) => {
    await reader(request, reply)
    return {}
  }
  const whoami: Handler = async (request, reply) => {
    const caller = await reader(request, reply)
    if (caller.anonymous) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
    return { username: caller.user.name }
  }
  const audit =
    (answer: (store: XrayService['store'], body: unknown) => Promise<unknown>): Handler =>
    async (request, reply) => {
      await reader(request, reply)
      return answer(xray.store, await jsonBody(request, NPM_AUDIT_LIMIT, 'audit request'))
    }

  /** npm prints `error` of a failure's body. */
  const npmFailure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ error: error.message, message: error.message, code: error.code })
    if (error instanceof RemoteError)
      return reply
        .status(npmStatusOf(error.problem, error.outage))
        .send({ error: error.message, message: error.message, code: error.problem.code })
    throw error
  }
  /** A route's handler, its failures in npm's shape. */
  const answering =
    (handle: Handler) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      try {
        const answer = await handle(request, reply)
        if (reply.sent) return reply
        return answer
      } catch (error) {
        return npmFailure(reply, error)
      }
    }

  return async (app: FastifyInstance) => {
    // Every JSON body is handed to the route unread: the route reads it once it knows the
    // caller may send it there, within that route's own limit (readBody). Plain text has no
    // route here; Fastify would read it whole.
    parseJson = app.getDefaultJsonParser('error', 'ignore') as JsonParser
    app.removeContentTypeParser('text/plain')
    app.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload))
    // npm sends its audit requests gzipped.
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (request.headers['content-encoding'] !== 'gzip') return payload
      delete request.headers['content-length']
      return payload.pipe(createGunzip())
    })
    // Writes are authenticated before their body is read; signing in is the one write without
    // credentials (route config `signIn`).
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.signIn) return
      try {
        await auth.authenticateWrite(request, reply)
      } catch (error) {
        return npmFailure(reply, error)
      }
    })
    const route = (
      method: HTTPMethods | HTTPMethods[],
      url: string,
      handle: Handler,
      config: { signIn?: boolean } = {},
    ) => app.route({ method, url: `/:repoKey/${url}`, handler: answering(handle), config })
    // A package's paths, each in both spellings npm sends (NAMED); a GET answers HEAD too.
    for (const name of NAMED) {
      route('GET', name, getPackage)
      route('PUT', name, putPackage)
      route('GET', `${name}/:version`, getVersion)
      route('GET', `${name}/-/:file`, getTarball)
      route('PUT', `${name}/-rev/:rev`, putRevision)
      route('DELETE', `${name}/-rev/:rev`, deleteRevision)
      route('DELETE', `${name}/-/:file/-rev/:rev`, deleteTarball)
      route('GET', `-/package/${name}/dist-tags`, getTags)
      route('GET', `-/package/${name}/dist-tags/:tag`, getTags)
      route('PUT', `-/package/${name}/dist-tags/:tag`, putTag)
      route('DELETE', `-/package/${name}/dist-tags/:tag`, deleteTag)
    }
    // `npm login`'s user document (again with the revision of a user it knows), and the web
    // login npm tries first, answered 404 so the CLI falls back to the document.
    route('PUT', '-/user/:document', putUser, { signIn: true })
    route('PUT', '-/user/:document/-rev/:rev', putUser, { signIn: true })
    route('POST', '-/v1/login', notServed, { signIn: true })
    route('GET', '-/ping', ping)
    route('GET', '-/whoami', whoami)
    route('POST', '-/npm/v1/security/audits', audit(quickAudit))
    route('POST', '-/npm/v1/security/audits/quick', audit(quickAudit))
    route('POST', '-/npm/v1/security/advisories/bulk', audit(bulkAdvisories))
    route(ALL_METHODS, '-/*', notServed)
    app.route({ method: ALL_METHODS, url: '/*', handler: answering(noRoute) })
  }
}
