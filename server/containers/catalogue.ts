/**
 * What the catalogue shows of a tagged image, read from the real manifest and config: the
 * files (manifest.json, the config and the layers, with their checksums), the layers with the
 * commands of the config's history, the size, and the architecture and OS. An index shows
 * the layers of its first linux/amd64 image (else its first image) and the platforms of all
 * its images, each read from that image's own config.
 */
import { readFileSync } from 'node:fs'
import type { BlobStore } from '../repositories/blobs'
import type { ContainerStore } from './store'
import { packageIdOf, versionIdOf } from '../catalog/store'
import {
  configFacts,
  hexOf,
  isIndexType,
  parseManifest,
  platformName,
  type Descriptor,
  type ParsedManifest,
} from './rules'

export interface TagPushed {
  readonly repo: string
  readonly image: string
  readonly tag: string
  readonly digest: string
  readonly now: string
  readonly deployedBy: string
  /** A remote's cached tag (see TaggedImage). */
  readonly cached?: boolean
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

/** Reads a manifest's bytes and type, or undefined when this image does not hold it. */
async function manifestOf(deps: Deps, repo: string, image: string, digest: string) {
  const bytes = readBlob(deps.blobs, digest)
  const record = bytes && (await deps.store.manifest(repo, image, digest))
  return bytes && record ? parseManifest(bytes, record.mediaType) : undefined
}

/** The platform of one image of an index: its config's, else what the index says of it. */
async function platformOf(deps: Deps, repo: string, image: string, d: Descriptor): Promise<string> {
  const child = await manifestOf(deps, repo, image, d.digest)
  const facts = configFacts(child?.config && readBlob(deps.blobs, child.config.digest))
  return platformName(facts) || platformName(d.platform ?? {})
}

interface Deps {
  readonly store: ContainerStore
  readonly blobs: BlobStore
  /** Told of the version the tag became (the scanner reads its layers). */
  readonly tagged?: (versionId: string) => unknown
}

export async function recordTaggedImage(deps: Deps, t: TagPushed): Promise<void> {
  const { store, blobs } = deps
  const record = await store.manifest(t.repo, t.image, t.digest)
  const manifestFacts = await blobs.find(hexOf(t.digest))
  const bytes = readBlob(blobs, t.digest)
  if (!record || !manifestFacts || !bytes) return
  let manifest = parseManifest(bytes, record.mediaType)
  const platforms: string[] = []
  if (isIndexType(manifest.mediaType)) {
    for (const d of manifest.manifests) {
      if (isIndexType(d.mediaType)) continue
      const name = await platformOf(deps, t.repo, t.image, d)
      // Build attestations sit in indexes as unknown/unknown: not a platform anyone pulls.
      if (name && name !== 'unknown/unknown' && !platforms.includes(name)) platforms.push(name)
    }
    const child = preferredChild(manifest)
    manifest = (child && (await manifestOf(deps, t.repo, t.image, child.digest))) ?? {
      ...manifest,
      manifests: [],
    }
  }
  const config = manifest.config
  const facts = configFacts(config && readBlob(blobs, config.digest))
  if (!isIndexType(record.mediaType) && platformName(facts)) platforms.push(platformName(facts))
  const descriptors = [...(config ? [config] : []), ...manifest.layers]
  const files = []
  for (const d of descriptors) {
    const f = await blobs.find(hexOf(d.digest))
    if (f) files.push({ digest: d.digest, facts: f, mediaType: d.mediaType })
  }
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
    platforms,
    ...(t.cached ? { cached: true } : {}),
  })
  deps.tagged?.(versionIdOf(packageIdOf('docker', t.image), t.tag))
}

/**
 * Shows a stored blob in the files of the remotes' cached tags whose image has that layer but
 * does not list it: a client that has the layer from another image, or from another
 * repository, never pulls it through this remote, yet the blob store holds its bytes.
 */
export async function showLayerWhereCached(deps: Deps, digest: string, now: string): Promise<void> {
  for (const t of await deps.store.cachedTagsLacking(digest))
    await recordTaggedImage(deps, { ...t, now, deployedBy: t.repo, cached: true })
}
