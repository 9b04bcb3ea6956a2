/**
 * skopeo (Debian's package) against a test server, and OCI image layouts for it to copy: an
 * image built by the platform's own image builder, written as `oci-layout`, `index.json` and
 * `blobs/sha256/…`. skopeo runs with a home of its own (no auth file or policy of the runner's)
 * and the insecure policy, since test images are not signed.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createHash } from 'node:crypto'
import type { BuiltImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'

const run = promisify(execFile)

export interface SkopeoAnswer {
  readonly stdout: string
  readonly stderr: string
  readonly failed?: true
}

export function skopeoCli(home: string) {
  return async (args: string[]): Promise<SkopeoAnswer> => {
    try {
      return await run('skopeo', ['--insecure-policy', ...args], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          XDG_RUNTIME_DIR: home,
          REGISTRY_AUTH_FILE: join(home, 'auth.json'),
        },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      })
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string }
      return { stdout: e.stdout ?? '', stderr: e.stderr ?? '', failed: true }
    }
  }
}

/** Writes `image` as an OCI image layout in `dir`, tagged `tag`. */
export function writeOciLayout(dir: string, image: BuiltImage, tag: string): void {
  mkdirSync(join(dir, 'blobs', 'sha256'), { recursive: true })
  writeFileSync(join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }))
  for (const b of [image.manifest, image.config, ...image.layers])
    writeFileSync(join(dir, 'blobs', 'sha256', b.digest.slice('sha256:'.length)), b.bytes)
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: image.manifest.mediaType,
          digest: image.manifest.digest,
          size: image.manifest.bytes.length,
          annotations: { 'org.opencontainers.image.ref.name': tag },
        },
      ],
    }),
  )
}

/**
 * Writes a multi-arch image as an OCI image layout in `dir`: every image's blobs, an image index
 * naming each with its platform, and `index.json` naming that index as `tag` (skopeo copies it
 * whole with `--all`). Answers the index's digest.
 */
export function writeOciIndexLayout(
  dir: string,
  images: ReadonlyArray<{ image: BuiltImage; os: string; architecture: string }>,
  tag: string,
): string {
  mkdirSync(join(dir, 'blobs', 'sha256'), { recursive: true })
  writeFileSync(join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }))
  const put = (bytes: Buffer) => {
    const hex = createHash('sha256').update(bytes).digest('hex')
    writeFileSync(join(dir, 'blobs', 'sha256', hex), bytes)
    return `sha256:${hex}`
  }
  for (const { image } of images)
    for (const b of [image.manifest, image.config, ...image.layers]) put(b.bytes)
  const index = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: MEDIA.ociIndex,
      manifests: images.map(({ image, os, architecture }) => ({
        mediaType: image.manifest.mediaType,
        digest: image.manifest.digest,
        size: image.manifest.bytes.length,
        platform: { os, architecture },
      })),
    }),
  )
  const digest = put(index)
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: MEDIA.ociIndex,
          digest,
          size: index.length,
          annotations: { 'org.opencontainers.image.ref.name': tag },
        },
      ],
    }),
  )
  return digest
}

/** The manifest digest an OCI layout's index names for `tag`. */
export function layoutDigest(dir: string, tag: string): string | undefined {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    manifests: Array<{ digest: string; annotations?: Record<string, string> }>
  }
  return index.manifests.find((m) => m.annotations?.['org.opencontainers.image.ref.name'] === tag)?.digest
}
