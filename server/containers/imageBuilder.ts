/**
 * Builds small container images from files, with no container tooling: each layer a gzipped
 * ustar archive, an OCI image config naming the layers' uncompressed digests and the history
 * that made them, and the OCI image manifest over both. Deterministic (fixed times, owners and
 * compression), so the same files give the same digests. The platform pushes its own images
 * with it at first start, and tests write OCI layouts from it.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { MEDIA } from './rules'

export interface LayerFile {
  readonly path: string
  readonly content: Buffer | string
  readonly mode?: number
}

export interface BuiltBlob {
  readonly digest: string
  readonly mediaType: string
  readonly bytes: Buffer
}

export interface BuiltImage {
  readonly manifest: BuiltBlob
  readonly config: BuiltBlob
  readonly layers: readonly BuiltBlob[]
}

const LAYER_TYPE = 'application/vnd.oci.image.layer.v1.tar+gzip'
/** Every file's time: the epoch plus a day (some tools read 0 as "unknown"). */
const MTIME = 86_400

export const digestOf = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`

function field(value: string, length: number): Buffer {
  const b = Buffer.alloc(length)
  b.write(value, 0, length, 'utf8')
  return b
}
const octal = (n: number, length: number) => field(`${n.toString(8).padStart(length - 1, '0')}\0`, length)

function tarHeader(path: string, size: number, mode: number, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(path) > 100) throw new Error(`path too long for this archive writer: ${path}`)
  const header = Buffer.concat([
    field(path, 100),
    octal(mode, 8),
    octal(0, 8),
    octal(0, 8),
    octal(size, 12),
    octal(MTIME, 12),
    Buffer.from('        '),
    Buffer.from(type),
    field('', 100),
    Buffer.from('ustar\u000000'),
    field('root', 32),
    field('root', 32),
    octal(0, 8),
    octal(0, 8),
    field('', 155),
    Buffer.alloc(12),
  ])
  let sum = 0
  for (const byte of header) sum += byte
  field(`${sum.toString(8).padStart(6, '0')}\0 `, 8).copy(header, 148)
  return header
}

/** An uncompressed tar of the files, with their parent folders, in the order given. */
export function tarOf(files: readonly LayerFile[]): Buffer {
  const parts: Buffer[] = []
  const folders = new Set<string>()
  for (const f of files) {
    const segments = f.path.split('/')
    for (let i = 1; i < segments.length; i++) {
      const folder = `${segments.slice(0, i).join('/')}/`
      if (folders.has(folder)) continue
      folders.add(folder)
      parts.push(tarHeader(folder, 0, 0o755, '5'))
    }
    const content = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content
    parts.push(tarHeader(f.path, content.length, f.mode ?? 0o644, '0'), content)
    const pad = (512 - (content.length % 512)) % 512
    if (pad) parts.push(Buffer.alloc(pad))
  }
  parts.push(Buffer.alloc(1024))
  return Buffer.concat(parts)
}

const blob = (mediaType: string, bytes: Buffer): BuiltBlob => ({ digest: digestOf(bytes), mediaType, bytes })
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8')

/**
 * An image of one layer per entry of `layers`; `command` is what the config's history says made
 * each layer (shown in the console's Docker Layers tab).
 */
export function buildImage(options: {
  readonly layers: ReadonlyArray<{ readonly command: string; readonly files: readonly LayerFile[] }>
  readonly architecture?: string
  readonly os?: string
  readonly variant?: string
  readonly cmd?: readonly string[]
  readonly created?: string
  readonly annotations?: Record<string, string>
}): BuiltImage {
  const created = options.created ?? new Date(MTIME * 1000).toISOString()
  const tars = options.layers.map((l) => tarOf(l.files))
  const layers = tars.map((t) => blob(LAYER_TYPE, gzipSync(t, { level: 9 })))
  const config = blob(
    MEDIA.ociConfig,
    json({
      created,
      architecture: options.architecture ?? 'amd64',
      os: options.os ?? 'linux',
      ...(options.variant ? { variant: options.variant } : {}),
      config: { Cmd: options.cmd ?? ['/bin/sh'], Env: ['PATH=/usr/local/bin:/usr/bin:/bin'] },
      rootfs: { type: 'layers', diff_ids: tars.map(digestOf) },
      history: options.layers.map((l) => ({ created, created_by: l.command })),
    }),
  )
  const manifest = blob(
    MEDIA.ociManifest,
    json({
      schemaVersion: 2,
      mediaType: MEDIA.ociManifest,
      config: { mediaType: config.mediaType, digest: config.digest, size: config.bytes.length },
      layers: layers.map((l) => ({ mediaType: l.mediaType, digest: l.digest, size: l.bytes.length })),
      ...(options.annotations ? { annotations: options.annotations } : {}),
    }),
  )
  return { manifest, config, layers }
}
