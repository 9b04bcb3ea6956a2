/**
 * Reads the few files the catalogue shows (package.json, README, LICENSE) out of an npm
 * tarball: gzip, then ustar blocks of 512 bytes (with pax and GNU long names, which npm
 * writes for long paths). Bounded: at most MAX_ENTRIES entries are looked at.
 */
import { gunzipSync } from 'node:zlib'

const BLOCK = 512
const MAX_ENTRIES = 10_000
/** Unpacked size read at most; a package's metadata files are at the front in practice. */
const MAX_UNPACKED = 256 * 1024 * 1024

export interface TarEntry {
  /** Path inside the package, without npm's leading `package/`. */
  readonly path: string
  readonly bytes: Buffer
}

const text = (b: Buffer, from: number, length: number) => {
  const slice = b.subarray(from, from + length)
  const nul = slice.indexOf(0)
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString('utf8')
}

/** Regular files of a gzipped tarball whose path `want` accepts. Throws on a malformed archive. */
export function readTarball(gz: Buffer, want: (path: string) => boolean): TarEntry[] {
  const tar = gunzipSync(gz, { maxOutputLength: MAX_UNPACKED })
  const found: TarEntry[] = []
  let offset = 0
  let longName: string | undefined
  for (let n = 0; n < MAX_ENTRIES && offset + BLOCK <= tar.length; n++) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) break
    const size = parseInt(text(header, 124, 12).trim() || '0', 8)
    if (!Number.isFinite(size) || size < 0) throw new Error('malformed tar header')
    const type = String.fromCharCode(header[156] ?? 0)
    const prefix = text(header, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100))
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size)
    longName = undefined
    if (type === 'x') {
      const path = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))
      longName = path?.[1]
    } else if (type === 'L') {
      longName = text(body, 0, body.length)
    } else if (type === '0' || type === '\0') {
      const path = name.replace(/^[^/]+\//, '')
      if (want(path)) found.push({ path, bytes: Buffer.from(body) })
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK
  }
  return found
}
