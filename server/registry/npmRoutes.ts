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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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
import { bodyTooLarge, HANDED_OVER, readPublishBody, type PublishBody } from './npmPublishBody'
import { JsonRefused, jsonStream, type StringSink } from './jsonStream'
import { isCleanVersion, latestMovesTo, latestOwner, publishedVersion } from './npmVersions'
import { latestOf } from '../catalog/versionOrder'
import type { XrayService } from '../xray/service'
import type { Sql } from '../db/sql'
import { bulkAdvisories, quickAudit } from '../xray/audit'
import type { NpmRemote } from '../remote/npmRemote'
import { RemoteError } from '../remote/upstream'
import { downloadCounter } from '../remote/downloads'
import {
  abbreviated,
  mergeDocuments,
  rewriteTarballs,
  wantsAbbreviated,
  type NpmDocument,
} from '../remote/rules'
import type { RemoteStore } from '../remote/store'

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

interface Deps {
  readonly repos: RepositoryStore
  readonly blobs: BlobStore
  readonly auth: RegistryAuth
  readonly authz: RegistryAuthorizer
  readonly catalogue: NpmCatalogue
  readonly xray: XrayService
  readonly npmRemote: NpmRemote
  readonly remoteStore: RemoteStore
}

interface VersionRow {
  version: string
  created: string
  modified: string
  document: string
  sha256: string
  path: string
  repo: string
}

/** The repository key and the path after it, as segments (see npmPathSegments). */
function npmRequestPath(request: FastifyRequest): { key: string; segments: string[] } {
  const path = (request.raw.url ?? '').split('?')[0]!.slice(NPM_PREFIX.length)
  const [repoKey = '', ...restParts] = path.split('/').filter((s) => s !== '')
  return { key: decodeURIComponent(repoKey), segments: npmPathSegments(restParts.join('/')) }
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`

/**
 * Reads a request body handed over by the parser (see the plugin), chunk by chunk into `take`,
 * up to `limit` bytes declared or sent; a gzipped one (npm's audits) is counted as it unpacks.
 * Beyond it: 413 naming `what`, and the rest is not read (the connection closes after the
 * answer). A refusal stops the reading without destroying the request, so the 413 is answered.
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
  const refused = tooLarge(`The ${what} ${gzipped ? 'unpacks to' : 'is'} more than ${sizeOf(limit)}`)
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

/** Whether the request came with a body that no one has read (or finished reading). */
const bodyLeft = (request: FastifyRequest) => request.body instanceof Readable && !request.body.readableEnded

/** Takes a string value of a streamed document and keeps none of it. */
const DROPPED: StringSink = { write: () => undefined, end: () => undefined }

type JsonParser = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, value?: unknown) => void,
) => void

const tooLarge = (message: string) => new HttpError(413, message, 'TOO_LARGE')

/** `@scope%2fname/-/x.tgz` → segments with the scoped name joined: ['@scope/name', '-', 'x.tgz']. */
export function npmPathSegments(rest: string): string[] {
  const raw = rest.split('/').filter((s) => s !== '')
  const decoded = raw.map((s) => decodeURIComponent(s))
  if (decoded[0]?.startsWith('@') && !decoded[0].includes('/') && decoded.length > 1)
    return [`${decoded[0]}/${decoded[1]}`, ...decoded.slice(2)]
  return decoded
}

const Q = {
  versionsIn: `SELECT v.name AS version, v.created, v.modified, d.document, f.sha256, f.path, v.repo
     FROM catalog_versions v JOIN npm_version_documents d ON d.version_id = v.id
     JOIN catalog_files f ON f.version_id = v.id AND f.lead = 1
     WHERE v.package_id = ? AND v.repo = ?`,
  tagsIn: 'SELECT tag, version FROM npm_dist_tags WHERE repo = ? AND package = ?',
  setTag: `INSERT INTO npm_dist_tags (repo, package, tag, version) VALUES (?, ?, ?, ?)
     ON CONFLICT (repo, package, tag) DO UPDATE SET version = excluded.version`,
  deleteTag: 'DELETE FROM npm_dist_tags WHERE repo = ? AND package = ? AND tag = ?',
  fileAt: 'SELECT sha256, size, version_id FROM catalog_files WHERE repo = ? AND path = ?',
}

export function npmRoutes(ctx: ServerContext, deps: Deps) {
  const { repos, blobs, auth, authz, catalogue, xray, npmRemote: remote, remoteStore } = deps
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

  const versionsIn = (repo: string, name: string, sql: Sql = ctx.sql) =>
    sql.all<VersionRow>(Q.versionsIn, [`npm://${name}`, repo])
  const tagsIn = (repo: string, name: string, sql: Sql = ctx.sql) =>
    sql.all<{ tag: string; version: string }>(Q.tagsIn, [repo, name])

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
    rows?: VersionRow[],
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

  /**
   * The package document of a repository: a virtual one merges its members' in order. A
   * remote member that cannot answer is passed over when another member has the package.
   */
  const packument = async (
    request: FastifyRequest,
    repo: RepositoryRecord,
    members: Members,
    name: string,
    caller?: RegistryCaller,
  ) => {
    const docs: NpmDocument[] = []
    let failure: RemoteError | undefined
    const locals = members.filter((r) => r.kind === 'local')
    for (const r of members) {
      // The local members count as one, where the first of them stands.
      if (r === locals[0]) {
        const doc = await localDocument(locals, name)
        if (doc) docs.push(doc)
      } else if (r.kind === 'remote' && r.packageType === 'npm') {
        try {
          const cacheOnly = !caller || !(await mayCache(caller, r, name))
          const doc = await remote.documentOf(r, name, { cacheOnly })
          if (doc) docs.push(doc)
        } catch (error) {
          if (!(error instanceof RemoteError)) throw error
          failure ??= error
        }
      }
    }
    const merged = mergeDocuments(name, docs)
    if (!merged) {
      if (failure) throw failure
      throw new HttpError(404, `${name} is not in ${repo.key}`, 'NOT_FOUND')
    }
    const shown = rewriteTarballs(merged, name, `${await baseUrl(request)}${NPM_PREFIX}/${repo.key}`)
    const rev = createHash('sha256')
      .update(JSON.stringify([Object.keys(shown.versions ?? {}), shown['dist-tags']]))
      .digest('hex')
      .slice(0, 32)
    return { readme: '', ...shown, _id: name, _rev: `1-${rev}`, name } as NpmDocument & {
      _rev: string
      'dist-tags': Record<string, string>
      versions: Record<string, Record<string, unknown>>
    }
  }

  /** A version a watch's policy blocks is refused to everyone, with what blocks it. */
  const refuseBlocked = async (versionId: string | null | undefined) => {
    const blocked = versionId ? await xray.blockingViolation(versionId) : undefined
    if (blocked)
      throw new HttpError(
        403,
        `${blocked.packageName}@${blocked.version} is blocked by policy "${blocked.policy}" of watch ` +
          `"${blocked.watch}": ${blocked.issue} (${blocked.severity}) in ${blocked.component}. ` +
          'Ask an administrator for an ignore rule to download it.',
        'BLOCKED',
      )
  }

  const countOnFinish = downloadCounter(ctx, remoteStore)

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
        const found = await ctx.sql.one<{ sha256: string; size: number; version_id: string | null }>(
          Q.fileAt,
          [r.key, `${name}/-/${file}`],
        )
        await refuseBlocked(found?.version_id)
        if (found && blobs.has(found.sha256)) return send(found.sha256, found.size, found.version_id)
        continue
      }
      if (r.kind !== 'remote' || r.packageType !== 'npm') continue
      const answer = await remote.tarball(r, name, file, { cacheOnly: !(await mayCache(caller, r, name)) })
      if (!answer) continue
      await refuseBlocked(answer.versionId)
      if (answer.kind === 'stored') return send(answer.facts.sha256, answer.facts.size, answer.versionId)
      const { live, length, done } = answer.fetch
      if (!live || head) {
        // HEAD: nobody reads the bytes, so the fetch must not wait for a reader.
        live?.destroy()
        const facts = await done
        return send(facts.sha256, facts.size, answer.versionId)
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
          await tx.run(Q.setTag, [target.key, name, tag, v])
      await inside.repairTags(target.key, name)
    })
    return { ok: true, id: name, rev: (await packument(request, target, [target], name))._rev }
  }

  /**
   * Removing versions needs delete/overwrite at each one's tarball, not only at the package: an
   * exclude pattern naming a version's file (`lib/-/lib-1.0.0.tgz`) does not cover `lib/`.
   * Refused before anything goes. The caller's grants were read by `authorize`, so no query.
   */
  type MayRemove = (rows: readonly VersionRow[]) => Promise<void>

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

  const distTags = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    name: string,
    tag: string | undefined,
  ) => {
    if (request.method === 'GET') {
      const { caller, repo } = await authz.authorize(request, reply, key, await findNpm(key), 'read')
      const members = await readable(caller, repo, name)
      return (await packument(request, repo, members, name, caller))['dist-tags']
    }
    const { caller, repo } = await authz.authorize(
      request,
      reply,
      key,
      await findNpm(key),
      'deploy',
      `${name}/`,
    )
    const target = await deploymentTarget(caller, repo)
    if (!tag) throw new HttpError(400, 'A tag is required', 'BAD_REQUEST')
    // A new tag is a deploy; moving or removing one changes what clients already get.
    const current = (await tagsOf([target], name))[tag]
    await authz.require(caller, target, current === undefined ? 'deploy' : 'delete', `${name}/`)
    if (request.method === 'DELETE') {
      if (tag === 'latest') throw new HttpError(400, 'The latest tag cannot be removed', 'BAD_REQUEST')
      await ctx.sql.run(Q.deleteTag, [target.key, name, tag])
      return { ok: true }
    }
    const version = await jsonBody(request, NPM_SMALL_LIMIT, 'dist-tag request')
    if (!isCleanVersion(version) || semver.validRange(tag) !== null)
      throw new HttpError(
        400,
        'Send the version as a JSON string; a tag cannot be a version range',
        'BAD_REQUEST',
      )
    const exists = (await versionsIn(target.key, name)).some((v) => v.version === version)
    if (!exists) throw new HttpError(404, `${name}@${version} is not in ${target.key}`, 'NOT_FOUND')
    await ctx.sql.run(Q.setTag, [target.key, name, tag, version])
    return { ok: true }
  }

  const login = async (request: FastifyRequest, reply: FastifyReply, key: string, userName: string) => {
    const body = ((await jsonBody(request, NPM_SMALL_LIMIT, 'sign-in request')) ?? {}) as {
      name?: unknown
      password?: unknown
    }
    if (typeof body.password !== 'string' || body.name !== userName)
      throw new HttpError(400, 'Send the user name and password', 'BAD_REQUEST')
    const user = await auth.checkCredentials(request, reply, userName, body.password)
    if (!user) throw new HttpError(401, 'Wrong user name or password', 'UNAUTHORIZED')
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

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const { key, segments } = npmRequestPath(request)
    const method = request.method
    if (segments[0] === '-') {
      const [, what, ...rest] = segments
      // A scoped name sent unencoded in /-/package/@scope/name/dist-tags.
      const more =
        rest[0]?.startsWith('@') && !rest[0].includes('/') && rest[1] !== undefined
          ? [`${rest[0]}/${rest[1]}`, ...rest.slice(2)]
          : rest
      if (what === 'user' && method === 'PUT' && more[0]?.startsWith('org.couchdb.user:'))
        return login(request, reply, key, more[0].slice('org.couchdb.user:'.length))
      if (what === 'package' && more[0] && more[1] === 'dist-tags')
        return distTags(request, reply, key, more[0], more[2])
      const security = what === 'npm' && method === 'POST' && more[0] === 'v1' && more[1] === 'security'
      const advisories = security && more[2] === 'advisories' && more[3] === 'bulk'
      const audit = security && more[2] === 'audits' && (more[3] === 'quick' || more[3] === undefined)
      // Whatever the repository (the same answer for a missing one): npm's web login falls back.
      if (what !== 'ping' && what !== 'whoami' && !advisories && !audit)
        throw new HttpError(404, `This registry does not serve /-/${[what, ...more].join('/')}`, 'NOT_FOUND')
      // The rest answer for a repository only to those who may read it, as if it were missing.
      const { caller } = await authz.authorize(request, reply, key, await findNpm(key), 'read')
      if (advisories || audit) {
        const body = await jsonBody(request, NPM_AUDIT_LIMIT, 'audit request')
        return advisories ? bulkAdvisories(xray.store, body) : quickAudit(xray.store, body)
      }
      if (caller.anonymous && what === 'whoami')
        throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
      return what === 'whoami' ? { username: caller.user.name } : {}
    }
    const [name, dash, file, revWord] = segments
    if (!name) throw new HttpError(404, 'Name a package', 'NOT_FOUND')
    if (method === 'GET' || method === 'HEAD') {
      // What the caller may not read at this name is left out of the members: answered as missing.
      const { caller, repo } = await authz.authorize(request, reply, key, await findNpm(key), 'read')
      // A tarball is read at its own path: an exclude pattern may name one version's file.
      if (dash === '-' && file) {
        const at = await authz.readableMembers(caller, repo, `${name}/-/${file}`)
        return sendTarball(request, reply, caller, repo, at, name, file)
      }
      const members = await readable(caller, repo, name)
      if (dash === undefined) {
        const doc = await packument(request, repo, members, name, caller)
        if (!wantsAbbreviated(request.headers.accept)) return doc
        return reply.header('Content-Type', 'application/vnd.npm.install-v1+json').send(abbreviated(doc))
      }
      // `GET /name/version` (or a tag): that version's document.
      const doc = await packument(request, repo, members, name, caller)
      const wanted = doc['dist-tags'][dash as keyof (typeof doc)['dist-tags']] ?? dash
      const one = (doc.versions as Record<string, unknown>)[wanted]
      if (!one) throw new HttpError(404, `${name}@${dash} is not in ${repo.key}`, 'NOT_FOUND')
      return one
    }
    // Writes land in the deployment target; publishing needs deploy there, removing needs delete.
    const action = method === 'PUT' && dash === undefined ? 'deploy' : 'delete'
    const { caller, repo } = await authz.authorize(
      request,
      reply,
      key,
      await findNpm(key),
      action,
      `${name}/`,
    )
    const target = await deploymentTarget(caller, repo)
    await authz.require(caller, target, action, `${name}/`)
    if (method === 'PUT' && dash === undefined) {
      // Read only now, once the caller may publish here; the tarball is staged as it arrives.
      let sent: PublishBody
      try {
        if (Number(request.headers['content-length']) > NPM_PUBLISH_LIMIT)
          throw bodyTooLarge(NPM_PUBLISH_LIMIT)
        // No body at all reads as an empty one: not a document (400).
        sent = await readPublishBody(
          request.body instanceof Readable ? request.body : Readable.from([]),
          blobs,
          {
            bodyBytes: NPM_PUBLISH_LIMIT,
            documentChars: NPM_DOCUMENT_LIMIT,
          },
        )
      } catch (error) {
        // The rest of a refused body is not read: the client must not send on over this connection.
        reply.header('Connection', 'close')
        throw error
      }
      try {
        return await publish(request, target, name, caller, sent)
      } finally {
        sent.tarball?.staged.discard()
      }
    }
    const mayRemove: MayRemove = async (rows) => {
      for (const row of rows) await authz.require(caller, target, 'delete', row.path)
    }
    if (method === 'PUT' && dash === '-rev') {
      await removeMissingVersions(target, name, await versionsKept(request), mayRemove)
      return { ok: true }
    }
    if (method === 'DELETE' && dash === '-rev') {
      await removePackage(target, name, mayRemove)
      return { ok: true }
    }
    // The tarball's own DELETE after an unpublish: its version is already gone.
    if (method === 'DELETE' && dash === '-' && file && revWord === '-rev') return { ok: true }
    throw new HttpError(405, `${method} is not supported here`, 'NOT_SUPPORTED')
  }

  /** npm prints `error` of a failure's body. */
  const npmFailure = (reply: FastifyReply, error: unknown) => {
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ error: error.message, message: error.message, code: error.code })
    if (error instanceof RemoteError)
      return reply
        .status(error.problem.status)
        .send({ error: error.message, message: error.message, code: error.problem.code })
    throw error
  }
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const answer = await handle(request, reply)
      if (reply.sent) return reply
      // A body the route had no use for (or stopped reading) is not read after the answer.
      if (bodyLeft(request)) reply.header('Connection', 'close')
      return answer
    } catch (error) {
      if (bodyLeft(request)) reply.header('Connection', 'close')
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
    app.route({
      method: ['GET', 'HEAD', 'PUT', 'DELETE', 'POST'],
      url: '/*',
      // npm sends its audit requests gzipped.
      preParsing: async (request, _reply, payload) => {
        if (request.headers['content-encoding'] !== 'gzip') return payload
        delete request.headers['content-length']
        return payload.pipe(createGunzip())
      },
      // Writes are authenticated before their body is read.
      onRequest: async (request, reply) => {
        try {
          await auth.authenticateWrite(request, reply)
        } catch (error) {
          return npmFailure(reply, error)
        }
      },
      handler,
    })
    // Signing in is the one write without credentials: `npm login`'s user document, small, and
    // the web login npm tries first (answered 404, so the CLI falls back to the document).
    app.route({ method: 'PUT', url: '/:repoKey/-/user/:document', handler })
    app.route({ method: 'POST', url: '/:repoKey/-/v1/login', handler })
  }
}
