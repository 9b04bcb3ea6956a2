/**
 * npm package tarballs made by hand (ustar blocks under `package/`, gzipped) and the publish
 * document `npm publish` sends with one, for server tests that need archives the npm CLI would
 * not make: damaged, huge when unpacked, or disagreeing with their metadata.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'

const BLOCK = 512

/** One ustar header for a regular file of `size` bytes at `path`. */
export function tarHeader(path: string, size: number): Buffer {
  const header = Buffer.alloc(BLOCK, 0)
  header.write(path, 0, 100, 'utf8')
  header.write('0000644\0', 100, 'ascii')
  header.write('0000000\0', 108, 'ascii')
  header.write('0000000\0', 116, 'ascii')
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii')
  header.write('00000000000\0', 136, 'ascii')
  header.write('        ', 148, 'ascii')
  header.write('0', 156, 'ascii')
  header.write('ustar\0', 257, 'ascii')
  header.write('00', 263, 'ascii')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return header
}

/** The tar blocks of files (paths inside `package/`), with the closing blocks. */
export function tarOf(files: Record<string, string | Buffer>): Buffer {
  const parts: Buffer[] = []
  for (const [path, content] of Object.entries(files)) {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content)
    parts.push(tarHeader(`package/${path}`, bytes.length), bytes)
    parts.push(Buffer.alloc((BLOCK - (bytes.length % BLOCK)) % BLOCK, 0))
  }
  parts.push(Buffer.alloc(BLOCK * 2, 0))
  return Buffer.concat(parts)
}

/** A gzipped package: package.json naming `name@version` (or what `manifest` says) and the files given. */
export function npmTarball(
  name: string,
  version: string,
  files: Record<string, string | Buffer> = {},
  manifest: Record<string, unknown> = {},
): Buffer {
  return gzipSync(
    tarOf({ 'package.json': JSON.stringify({ name, version, ...manifest }), 'index.js': '1\n', ...files }),
  )
}

/** The body of `npm publish` for one version with its tarball, checksums included. */
export function publishDocument(name: string, version: string, tgz: Buffer): Record<string, unknown> {
  const file = `${name.split('/').pop()}-${version}.tgz`
  return {
    _id: name,
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        dist: {
          shasum: createHash('sha1').update(tgz).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
        },
      },
    },
    _attachments: {
      [file]: { content_type: 'application/octet-stream', data: tgz.toString('base64'), length: tgz.length },
    },
  }
}
