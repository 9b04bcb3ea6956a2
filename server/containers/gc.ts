/**
 * Collects what no manifest needs: blob links of an image that none of its manifests names
 * (their bytes go once nothing else in the platform names them), and upload sessions left
 * unfinished. Only what is older than the grace period goes: a client pushes an image's blobs
 * before the manifest that names them. Runs every hour on the platform's clock.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerContext } from '../context'
import type { BlobStore } from '../repositories/blobs'
import type { ContainerStore } from './store'
import { hexOf } from './rules'

export const GC_GRACE_MS = 24 * 3600 * 1000
export const GC_EVERY_MS = 3600 * 1000

export async function collectContainerGarbage(
  ctx: ServerContext,
  store: ContainerStore,
  blobs: BlobStore,
): Promise<{ blobs: number; uploads: number }> {
  const before = new Date(ctx.clock.now() - GC_GRACE_MS).toISOString()
  const links = await store.unreferencedBlobs(before)
  for (const l of links) {
    await store.unlinkBlob(l.repo, l.image, l.digest)
    await blobs.releaseIfUnused(hexOf(l.digest))
  }
  const uploads = await store.staleUploads(before)
  for (const id of uploads) {
    await store.endUpload(id)
    rmSync(join(ctx.config.dataDir, 'uploads', id), { force: true })
  }
  return { blobs: links.length, uploads: uploads.length }
}
