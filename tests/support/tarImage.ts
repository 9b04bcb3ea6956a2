/**
 * Container images made the way image builders make them, for the scanning tests: each layer
 * a folder of files archived by GNU tar (gzip'd or not), whiteouts being files named `.wh.<name>`
 * (or `.wh..wh..opq`) in the folder, then an OCI config naming the layers' uncompressed digests
 * and the manifest over both, ready for writeOciLayout and skopeo.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { digestOf, type BuiltBlob, type BuiltImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'

export interface TarLayer {
  /** Path in the image → content ('' for a whiteout file). */
  readonly files: Readonly<Record<string, string>>
  readonly gzip: boolean
  readonly command: string
}

/** The layer's folder under `work`, archived by tar with fixed owners and times. */
function archive(work: string, index: number, files: Readonly<Record<string, string>>): Buffer {
  const root = join(work, `layer-${index}`)
  mkdirSync(root, { recursive: true })
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return execFileSync(
    'tar',
    [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mtime=@86400',
      '-cf',
      '-',
      '-C',
      root,
      '.',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8')
const blob = (mediaType: string, bytes: Buffer): BuiltBlob => ({ digest: digestOf(bytes), mediaType, bytes })

/** An image of the layers, bottom first, archived under `work`. */
export function imageOfTarLayers(work: string, layers: readonly TarLayer[]): BuiltImage {
  const tars = layers.map((l, i) => archive(work, i, l.files))
  const blobs = layers.map((l, i) =>
    l.gzip
      ? blob(
          'application/vnd.oci.image.layer.v1.tar+gzip',
          execFileSync('gzip', ['-n', '-c'], { input: tars[i] }),
        )
      : blob('application/vnd.oci.image.layer.v1.tar', tars[i]!),
  )
  const created = '1970-01-02T00:00:00.000Z'
  const config = blob(
    MEDIA.ociConfig,
    json({
      created,
      architecture: 'amd64',
      os: 'linux',
      config: { Cmd: ['/bin/sh'] },
      rootfs: { type: 'layers', diff_ids: tars.map(digestOf) },
      history: layers.map((l) => ({ created, created_by: l.command })),
    }),
  )
  const manifest = blob(
    MEDIA.ociManifest,
    json({
      schemaVersion: 2,
      mediaType: MEDIA.ociManifest,
      config: { mediaType: config.mediaType, digest: config.digest, size: config.bytes.length },
      layers: blobs.map((l) => ({ mediaType: l.mediaType, digest: l.digest, size: l.bytes.length })),
    }),
  )
  return { manifest, config, layers: blobs }
}
