/**
 * Registers the registry endpoints under /artifactory: npm (/artifactory/api/npm/<repo>/…),
 * build info (/artifactory/api/build), files (/artifactory/<repo>/<path>) and container images
 * (/v2/<repo>/<image>/…). They share the
 * repository store, the blob store (BLOB_DIR) and the client authentication.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { blobDirOf } from '../config'
import { repositoryStore } from '../repositories/store'
import { blobStore } from '../repositories/blobs'
import { registryAuth } from './auth'
import { registryAuthorizer } from '../permissions/authorize'
import { npmCatalogue } from './npmCatalogue'
import { NPM_PREFIX, npmRoutes } from './npmRoutes'
import { genericRoutes } from './genericRoutes'
import { buildInfoRoutes } from '../builds/routes'
import { containerRoutes } from '../containers/routes'
import { xrayFor, type ImagePull } from '../xray/service'
import { remoteStore } from '../remote/store'
import { remoteUpstream } from '../remote/upstream'
import { fileCache } from '../remote/fileCache'
import { npmRemote } from '../remote/npmRemote'
import { genericRemote } from '../remote/genericRemote'
import { downloadCounts } from '../remote/downloads'
import { mimeOfPath } from './genericRoutes'
import { remoteRegistry } from '../containers/remoteRegistry'
import { showLayerWhereCached } from '../containers/catalogue'
import { containerStore } from '../containers/store'
import { isoNow } from '../clock'
import { pushSampleImagesOnce } from '../containers/samples'

export async function registerRegistry(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const repos = repositoryStore(ctx.sql)
  const auth = registryAuth(ctx)
  const blobs = blobStore(ctx.sql, blobDirOf(ctx.config))
  // Every stored version is scanned as it arrives, in the transaction that stores it, so a
  // blocked one is never served.
  const xray = xrayFor(ctx)
  const catalogue = npmCatalogue(ctx.sql, { versionArrived: (id, tx) => xray.versionArrived(id, tx) })
  // A container image's layers may be large: it is scanned after its push is answered.
  const imageTagged = (id: string) => xray.imageArrived(id)
  // A layer stored under one name may be one that an image cached under another shows and waits for.
  const blobStored = async (digest: string) => {
    try {
      const deps = { store: containerStore(ctx.sql), blobs, tagged: imageTagged }
      await showLayerWhereCached(deps, digest, isoNow(ctx.clock))
    } catch (error) {
      console.error(`Showing the layer ${digest} where it is cached failed`, error)
    }
    void xray.layerStored(digest)
  }
  const store = remoteStore(ctx.sql)
  // The seeded remotes' upstreams, when the environment names them (`offline` serves the cache only).
  const seeded: Array<[string, string | undefined]> = [
    ['npm-remote', ctx.config.npmRemoteUrl],
    ['generic-remote', ctx.config.genericRemoteUrl],
    ['docker-remote', ctx.config.dockerRemoteUrl],
  ]
  for (const [key, url] of seeded)
    if (url && (await repos.find(key))?.kind === 'remote') await store.setUpstream(key, url)
  const upstream = remoteUpstream(ctx, store)
  const downloads = downloadCounts(store, {
    flushMs: ctx.config.downloadFlushMs,
    clock: ctx.clock,
    failed: (error) => console.error('Download counts were not written; they wait for the next write', error),
  })
  // Closing (a graceful stop) writes the counts still waiting.
  app.addHook('onClose', () => downloads.stop())
  const files = fileCache(blobs)
  const deps = {
    repos,
    blobs,
    auth,
    // Every registry route asks this one module before it reads or writes.
    authz: registryAuthorizer(ctx, { repos, auth }),
    catalogue,
    xray,
    remoteStore: store,
    downloads,
    upstream,
    files,
    npmRemote: npmRemote(ctx, { store, upstream, files, blobs, catalogue }),
    genericRemote: genericRemote(ctx, { store, upstream, files, blobs, mimeOf: mimeOfPath }),
    remote: remoteRegistry(ctx, { upstream, remoteStore: store, blobs, imageTagged, blobStored }),
    imageTagged,
    blobStored,
    pullBlocked: async (pull: ImagePull) => {
      const b = await xray.imagePullBlocked(pull)
      return (
        b &&
        `${b.packageName}:${b.version} is blocked by policy "${b.policy}" of watch "${b.watch}": ` +
          `${b.issue} (${b.severity}) in ${b.component}. Ask an administrator for an ignore rule to pull it.`
      )
    },
  }
  await app.register(npmRoutes(ctx, deps), { prefix: NPM_PREFIX })
  await app.register(buildInfoRoutes(ctx, deps.auth), { prefix: '/artifactory/api/build' })
  await app.register(genericRoutes(ctx, deps), { prefix: '/artifactory' })
  // Container images: the OCI distribution API at /v2/, where registry clients look for it.
  const containers = containerRoutes(ctx, deps)
  await app.register(containers.plugin)
  // The container registry edition opens on images it really holds, pushed at its first start.
  await pushSampleImagesOnce(ctx, containers.platformPush)
}
