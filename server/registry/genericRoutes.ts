/**
 * Files in repositories under /artifactory/<repoKey>/<path>: PUT (streamed to the blob store,
 * `X-Checksum-Sha256` checked when sent), GET and HEAD (with checksum headers; a virtual
 * repository resolves across its members), DELETE (a file, a folder, or an npm version by its
 * tarball path). Deploys go to local repositories (a virtual one's default deployment
 * repository); npm repositories take packages through `npm publish` only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { isoNow } from '../clock'
import { readBaseUrl } from '../platform/baseUrl'
import type { RepositoryRecord, RepositoryStore } from '../repositories/store'
import { ChecksumMismatch, TooLarge, type BlobStore } from '../repositories/blobs'
import type { RegistryAuthorizer } from '../permissions/authorize'
import type { RegistryAuth, RegistryCaller } from './auth'
import type { NpmCatalogue } from './npmCatalogue'
import { containerStore } from '../containers/store'
import type { GenericRemote } from '../remote/genericRemote'
import { RemoteError } from '../remote/upstream'
import { downloadCounter, fileSubject, type DownloadCounts } from '../remote/downloads'
import { artifactPathProblem } from '../../domain/artifacts/rules'
import type { Sql } from '../db/sql'
import { evictNpmCache } from '../remote/npmEviction'
import { evictDockerCache } from '../containers/eviction'
import { artifactRows, type ArtifactRow } from './store'
import type { XrayService } from '../xray/service'

/** The remotes whose cache an admin may delete from, file by file or folder by folder. */
const EVICTABLE = new Set(['generic', 'npm', 'docker'])

/**
 * Largest artifact deployed in one PUT: 1 GiB. Bytes stream to disk (constant memory), so the
 * cap protects the disk from one runaway upload rather than memory; the 13 MB cap of the
 * console's JSON uploads does not apply to artifacts.
 */
export const ARTIFACT_LIMIT = 1024 * 1024 * 1024

/** A repository path: the domain's rule, shared with the console's deploy dialog. */
export { artifactPathProblem }

const MIME: Record<string, string> = {
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  tgz: 'application/x-gzip',
  gz: 'application/x-gzip',
  zip: 'application/zip',
  jar: 'application/java-archive',
  xml: 'application/xml',
}
export const mimeOfPath = (path: string) =>
  MIME[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'

export function artifactFiles(ctx: Pick<ServerContext, 'sql'>) {
  return {
    find: (repo: string, path: string, sql: Sql = ctx.sql) => artifactRows(sql).find(repo, path),
  }
}

interface Deps {
  readonly repos: RepositoryStore
  readonly blobs: BlobStore
  readonly auth: RegistryAuth
  readonly authz: RegistryAuthorizer
  readonly catalogue: NpmCatalogue
  readonly genericRemote: GenericRemote
  readonly downloads: DownloadCounts
  /** A package's file is refused while a watch's policy blocks its version. */
  readonly xray: Pick<XrayService, 'refuseBlocked'>
}

export function genericRoutes(ctx: ServerContext, deps: Deps) {
  const { repos, blobs, auth, authz, catalogue, genericRemote } = deps
  const files = artifactFiles(ctx)
  const containers = containerStore(ctx.sql)
  const previous = (repo: string, path: string, sql: Sql = ctx.sql) => artifactRows(sql).previous(repo, path)
  // Every file sent whole counts, as npm's tarballs do: a package's file for its version.
  const countOnFinish = downloadCounter(ctx, deps.downloads)

  /** The local repository a write to `repo` goes to (as missing when the caller may not read it). */
  const target = async (caller: RegistryCaller, repo: RepositoryRecord): Promise<RepositoryRecord> => {
    const local = await authz.deploymentTarget(caller, repo, (key) => repos.find(key))
    if (!local) throw new HttpError(405, `${repo.key} does not accept deployments`, 'NOT_DEPLOYABLE')
    if (local.packageType === 'npm')
      throw new HttpError(400, `${local.key} is an npm repository: publish with npm publish`, 'USE_CLIENT')
    return local
  }

  /** A file goes where no folder is and under no file (`f.txt/child.txt` when f.txt is a file). */
  const checkPlace = async (repo: string, path: string, sql: Sql = ctx.sql) => {
    if (await artifactRows(sql).anyBelow(repo, `${path}/`))
      throw new HttpError(409, `${path} is a folder in ${repo}`, 'IS_FOLDER')
    const segments = path.split('/')
    for (let n = 1; n < segments.length; n++) {
      const above = segments.slice(0, n).join('/')
      if (await files.find(repo, above, sql))
        throw new HttpError(409, `${above} is a file in ${repo}: nothing can be stored under it`, 'IS_FILE')
    }
  }

  const parse = (request: FastifyRequest) => {
    const raw = (request.raw.url ?? '').split('?')[0]!.slice('/artifactory/'.length)
    const slash = raw.indexOf('/')
    const key = decodeURIComponent(slash === -1 ? raw : raw.slice(0, slash))
    let path: string
    try {
      path = slash === -1 ? '' : decodeURIComponent(raw.slice(slash + 1))
    } catch {
      throw new HttpError(400, 'The path is not valid URL encoding', 'BAD_PATH')
    }
    return { key, path }
  }

  const headersOf = (reply: FastifyReply, row: ArtifactRow) =>
    reply
      // Never rendered by the browser whatever was deployed (deployed HTML must not run here).
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', 'attachment')
      .header('Content-Length', String(row.content ? row.content.length : row.size))
      .header('X-Checksum-Sha256', row.sha256)
      .header('X-Checksum-Sha1', row.sha1)
      .header('X-Checksum-Md5', row.md5)
      .header('ETag', `"${row.sha1}"`)
      .header('Last-Modified', new Date(row.modified).toUTCString())

  const get = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, path } = parse(request)
    const { caller, repo } = await authz.authorize(request, reply, key, await repos.find(key), 'read')
    const problem = artifactPathProblem(path)
    if (problem) throw new HttpError(400, problem, 'BAD_PATH')
    // What the caller may not read at this path is left out of the members: answered as missing.
    // A remote's failure is told when no member after it has the file.
    let failure: RemoteError | undefined
    for (const r of await authz.readableMembers(caller, repo, path)) {
      // Another type's remote (npm's) is not fetched through here, but what it holds is served.
      if (r.kind === 'remote' && r.packageType === 'generic') {
        try {
          // Filling a remote's cache is deploying to it; other readers get what is cached.
          const cacheOnly = !(await authz.can(caller, r, 'deploy', path))
          const answer = await genericRemote.file(r, path, { cacheOnly })
          if (!answer) continue
          const { live, length, done } = answer.kind === 'fetching' ? answer.fetch : {}
          if (live && request.method !== 'HEAD') {
            reply
              .header('Content-Type', 'application/octet-stream')
              .header('Content-Disposition', 'attachment')
            if (length !== undefined) reply.header('Content-Length', String(length))
            countOnFinish(reply, fileSubject(r.key, path))
            return reply.send(live)
          }
          // HEAD: nobody reads the bytes, so the fetch must not wait for a reader.
          live?.destroy()
          if (done) await done
        } catch (error) {
          if (!(error instanceof RemoteError)) throw error
          failure ??= error
          continue
        }
      }
      const row = await files.find(r.key, path)
      if (!row) continue
      if (!row.content && !blobs.has(row.sha256)) continue
      await deps.xray.refuseBlocked(row.version_id)
      headersOf(reply, row)
      if (request.method === 'HEAD') return reply.send()
      countOnFinish(reply, row.version_id ?? fileSubject(r.key, path))
      return reply.send(row.content ?? blobs.open(row.sha256))
    }
    if (failure) throw new HttpError(failure.problem.status, failure.message, failure.problem.code)
    throw new HttpError(404, `No file at ${key}/${path}`, 'NOT_FOUND')
  }

  const put = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, path } = parse(request)
    const { caller, repo } = await authz.authorize(request, reply, key, await repos.find(key), 'deploy', path)
    const local = await target(caller, repo)
    const problem = artifactPathProblem(path)
    if (problem) throw new HttpError(400, problem, 'BAD_PATH')
    // A new file is a deploy; replacing one that is there is an overwrite.
    await authz.require(caller, local, (await previous(local.key, path)) ? 'delete' : 'deploy', path)
    await checkPlace(local.key, path)
    const expected = request.headers['x-checksum-sha256']
    if (expected !== undefined && (typeof expected !== 'string' || !/^[0-9a-fA-F]{64}$/.test(expected)))
      throw new HttpError(400, 'X-Checksum-Sha256 must be 64 hexadecimal digits', 'BAD_CHECKSUM')
    // The rest of a refused body is read and dropped after the answer (closeAfterAnswer).
    const tooLarge = () => new HttpError(413, 'An artifact may have at most 1 GiB', 'TOO_LARGE')
    // A length declared beyond the limit is refused before a byte of it is staged.
    if (Number(request.headers['content-length']) > ARTIFACT_LIMIT) throw tooLarge()
    let blob
    try {
      blob = await blobs.putStream(request.raw, { expectedSha256: expected, maxBytes: ARTIFACT_LIMIT })
    } catch (error) {
      if (error instanceof ChecksumMismatch)
        throw new HttpError(
          409,
          `Checksum mismatch: X-Checksum-Sha256 says ${error.expected}, the bytes are ${error.actual}`,
          'CHECKSUM_MISMATCH',
        )
      if (error instanceof TooLarge) throw tooLarge()
      throw error
    }
    const facts = blob.facts
    const now = isoNow(ctx.clock)
    try {
      // The bytes take their place, the row names them and the bytes it replaced go if nothing
      // else names them: one transaction, so no other node can delete them in between.
      await ctx.sql.transaction(async (tx) => {
        await checkPlace(local.key, path, tx)
        const old = await previous(local.key, path, tx)
        await blob.commit(tx, now)
        await artifactRows(tx).deploy({
          repo: local.key,
          path,
          sha256: facts.sha256,
          size: facts.size,
          mimeType: mimeOfPath(path),
          now,
          deployedBy: caller.user.name,
        })
        if (old && old !== facts.sha256) await blobs.releaseIfUnused(old, tx)
      })
    } finally {
      blob.discard()
    }
    const row = (await files.find(local.key, path))!
    return reply.status(201).send({
      repo: local.key,
      path: `/${path}`,
      created: row.created,
      createdBy: caller.user.name,
      size: String(facts.size),
      mimeType: row.mime_type,
      checksums: { sha256: facts.sha256, sha1: facts.sha1, md5: facts.md5 },
      downloadUri: `${await readBaseUrl(ctx, request)}/artifactory/${local.key}/${path}`,
    })
  }

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key, path } = parse(request)
    const { caller, repo } = await authz.authorize(request, reply, key, await repos.find(key), 'delete', path)
    // A remote's cached files may go (the next request fetches them again), by an admin: what a
    // remote holds is the installation's, not a deployer's.
    const cache = repo.kind === 'remote' && EVICTABLE.has(repo.packageType)
    if (repo.kind !== 'local' && !cache)
      throw new HttpError(405, `Delete from ${repo.key}'s local members`, 'NOT_DEPLOYABLE')
    if (cache && !caller.user.admin)
      throw new HttpError(403, `Only an administrator deletes what ${repo.key} has cached`, 'FORBIDDEN')
    const problem = artifactPathProblem(path)
    if (problem) throw new HttpError(400, problem, 'BAD_PATH')
    const row = await files.find(repo.key, path)
    if (cache && repo.packageType !== 'generic') {
      // A file inside a cached version (an image's layer, a package's README) goes with it.
      if (row?.version_id && !row.lead)
        throw new HttpError(
          409,
          'This file belongs to a cached version: delete the version',
          'PART_OF_VERSION',
        )
      const evicted = await ctx.sql.transaction((tx) =>
        repo.packageType === 'npm'
          ? evictNpmCache(tx, { blobs, catalogue }, repo.key, path)
          : evictDockerCache(tx, blobs, repo.key, path),
      )
      if (!evicted) throw new HttpError(404, `Nothing cached at ${key}/${path}`, 'NOT_FOUND')
      return reply.status(204).send()
    }
    if (row?.version_id) {
      // A container image's manifest.json: its tag goes (the manifest stays by digest until collected).
      if (row.lead && repo.packageType === 'docker') {
        const [image, tag] = versionOfId(row.version_id)
        await containers.deleteTag(repo.key, image, tag)
        return reply.status(204).send()
      }
      // A package version's main file: the version goes, with every file of it.
      if (!row.lead || repo.packageType !== 'npm')
        throw new HttpError(
          409,
          'This file belongs to a package version: delete the version',
          'PART_OF_VERSION',
        )
      const [name, version] = versionOfId(row.version_id)
      await ctx.sql.transaction(async (tx) => {
        await catalogue.within(tx).remove(name, version)
        await blobs.releaseIfUnused(row.sha256, tx)
      })
      return reply.status(204).send()
    }
    const doomed = row
      ? [{ path, sha256: row.sha256 }]
      : await artifactRows(ctx.sql).below(repo.key, `${path}/`)
    if (doomed.length === 0) throw new HttpError(404, `No file or folder at ${key}/${path}`, 'NOT_FOUND')
    // The folder's own path passes an exclude pattern below it (`team/releases/**` does not
    // cover `team`): every file that would go must allow it, or nothing goes.
    for (const d of doomed) await authz.require(caller, repo, 'delete', d.path)
    await ctx.sql.transaction(async (tx) => {
      for (const d of doomed) await artifactRows(tx).remove(repo.key, d.path, cache)
      for (const sha of new Set(doomed.map((d) => d.sha256))) await blobs.releaseIfUnused(sha, tx)
    })
    return reply.status(204).send()
  }

  return async (app: FastifyInstance) => {
    // Bodies are streamed by the PUT handler itself, whatever their content type.
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))
    app.addHook('onRequest', auth.authenticateWrite)
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: get })
    app.route({ method: 'PUT', url: '/*', handler: put })
    app.route({ method: 'DELETE', url: '/*', handler: remove })
  }
}

/** `npm://@scope/name@1.0.0` → ['@scope/name', '1.0.0']. */
function versionOfId(versionId: string): [string, string] {
  const rest = versionId.slice(versionId.indexOf('://') + 3)
  const at = rest.lastIndexOf('@')
  return [rest.slice(0, at), rest.slice(at + 1)]
}
