/**
 * The console's call for an image's manifest under /ui/api/v1: deleting the manifest a tag
 * names, by its digest, with every tag on it, from the tag's `manifest.json` in the Artifacts
 * tree. Deleting the file itself (the registry's DELETE) takes the tag only: the manifest then
 * stays, reachable by digest, and keeps its layers. What the deletion frees is in the file's
 * info (`container` of /ui/artifact/info). Needs delete permission on every tag it takes, as the
 * OCI API's DELETE by digest does.
 */
import { HttpError, type RouteModule } from '../context'
import { consoleCaller, registryAuthorizer, tagPath } from '../permissions/authorize'
import { registryAuth } from '../registry/auth'
import { blobStore } from '../repositories/blobs'
import { blobDirOf } from '../config'
import { repositoryStore } from '../repositories/store'
import { artifactPathProblem } from '../../domain/artifacts/rules'
import { hexOf } from './rules'
import { containerStore, tagOfManifestPath } from './store'

const str = { type: 'string', maxLength: 1024 } as const

const routes: RouteModule = async (app, ctx) => {
  const repos = repositoryStore(ctx.sql)
  const authz = registryAuthorizer(ctx, { repos, auth: registryAuth(ctx) })
  const store = containerStore(ctx.sql)
  const blobs = blobStore(ctx.sql, blobDirOf(ctx.config))

  app.delete<{ Querystring: { repoKey: string; path: string } }>(
    '/containers/manifests',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { repoKey: str, path: str },
          required: ['repoKey', 'path'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { repoKey, path } = request.query
      const caller = consoleCaller(ctx, request)
      const problem = artifactPathProblem(path)
      if (problem) throw new HttpError(400, problem, 'BAD_PATH')
      const repo = await repos.find(repoKey)
      // The same answer for a repository one may not read as for a missing one.
      if (!repo || !(await authz.can(caller, repo, 'read', path)))
        throw new HttpError(404, `No image manifest at ${repoKey}/${path}`, 'NOT_FOUND')
      if (repo.kind !== 'local' || repo.packageType !== 'docker')
        throw new HttpError(405, `${repoKey} holds no images of its own`, 'NOT_DEPLOYABLE')
      const at = tagOfManifestPath(path)
      const digest = at && (await store.tagDigest(repo.key, at.image, at.tag))
      if (!at || !digest) throw new HttpError(404, `No image manifest at ${repoKey}/${path}`, 'NOT_FOUND')
      await authz.require(caller, repo, 'delete', path)
      // Every tag on the manifest goes with it: each one's own path must allow it.
      for (const tag of (await store.manifestFootprint(repo.key, at.image, digest))?.tags ?? [])
        await authz.require(caller, repo, 'delete', tagPath(at.image, tag))
      const tags = await store.deleteManifest(repo.key, at.image, digest)
      // The manifest's own bytes go now; its layers at the next collection (containers/gc.ts).
      await blobs.releaseIfUnused(hexOf(digest))
      return { digest, tags }
    },
  )
}

export default routes
