/**
 * What the catalogue shows of a tagged image, read from the real manifest and config: the
 * files (manifest.json, the config and the layers, with their checksums), the layers with the
 * commands of the config's history, the size, and the architecture and OS. An index shows
 * the layers of its first linux/amd64 image (else its first image).
 */
import { readFileSync } from 'node:fs'
import type { BlobStore } from '../repositories/blobs'
import type { ContainerStore } from './store'
import { configFacts, hexOf, isIndexType, parseManifest, type ParsedManifest } from './rules'

export interface TagPushed {
  readonly repo: string
  readonly image: string
  readonly tag: string
  readonly digest: string
  readonly now: string
  readonly deployedBy: string
}

const readBlob = (blobs: BlobStore, digest: string): Buffer | undefined => {
  try {
    return readFileSync(blobs.pathOf(hexOf(digest)))
  } catch {
    return undefined
  }
}

/** The image manifest an index stands for in the console: linux/amd64 first. */
const preferredChild = (index: ParsedManifest) =>
  index.manifests.find((d) => d.platform?.os === 'linux' && d.platform.architecture === 'amd64') ??
  index.manifests.find((d) => !isIndexType(d.mediaType))

export async function recordTaggedImage(
  deps: { readonly store: ContainerStore; readonly blobs: BlobStore },
  t: TagPushed,
): Promise<void> {
  const { store, blobs } = deps
  const record = await store.manifest(t.repo, t.image, t.digest)
  const manifestFacts = blobs.find(hexOf(t.digest))
  const bytes = readBlob(blobs, t.digest)
  if (!record || !manifestFacts || !bytes) return
  let manifest = parseManifest(bytes, record.mediaType)
  if (isIndexType(manifest.mediaType)) {
    const child = preferredChild(manifest)
    const childBytes = child && readBlob(blobs, child.digest)
    const childRecord = child && (await store.manifest(t.repo, t.image, child.digest))
    manifest =
      childBytes && childRecord
        ? parseManifest(childBytes, childRecord.mediaType)
        : { ...manifest, manifests: [] }
  }
  const config = manifest.config
  const facts = configFacts(config && readBlob(blobs, config.digest))
  const descriptors = [...(config ? [config] : []), ...manifest.layers]
  const files = descriptors.flatMap((d) => {
    const f = blobs.find(hexOf(d.digest))
    return f ? [{ digest: d.digest, facts: f, mediaType: d.mediaType }] : []
  })
  await store.recordTag({
    repo: t.repo,
    image: t.image,
    tag: t.tag,
    manifestDigest: t.digest,
    manifest: manifestFacts,
    now: t.now,
    deployedBy: t.deployedBy,
    files,
    layers: manifest.layers.map((l, i) => ({
      digest: l.digest,
      size: l.size,
      command: facts.commands[i] ?? '',
    })),
    os: facts.os,
    architecture: facts.architecture,
  })
}
