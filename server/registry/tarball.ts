/**
 * Reads the few files the catalogue shows (package.json, README, LICENSE) out of an npm
 * tarball: gzip, then ustar blocks of 512 bytes (with pax and GNU long names, which npm
 * writes for long paths). Streamed and bounded: the archive is unpacked chunk by chunk and
 * only the files asked for are kept, each at most `fileBytes`; the whole unpacked archive may
 * have at most `unpackedBytes` (a small tarball can unpack to gigabytes) and at most
 * MAX_ENTRIES entries are looked at. A damaged archive (bad gzip, truncated, a header whose
 * checksum is wrong) is refused as a whole.
 */
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { inWords } from './sizes'

const BLOCK = 512
const MAX_ENTRIES = 10_000

export interface TarballLimits {
  /** The archive unpacked, all entries together. */
  readonly unpackedBytes: number
  /** One kept file (and one pax or long-name record). */
  readonly fileBytes: number
}

/**
 * npm's own registry refuses packages over a few hundred MB unpacked; README and package.json
 * are kept as database rows, so they stay small (the public registry cuts READMEs at 64 KB).
 */
export const TARBALL_LIMITS: TarballLimits = {
  unpackedBytes: 256 * 1024 * 1024,
  fileBytes: 1024 * 1024,
}

export interface TarEntry {
  /** Path inside the package, without npm's leading `package/`. */
  readonly path: string
  readonly bytes: Buffer
}

/** Not a gzipped tar archive, or a damaged one. */
export class BadTarball extends Error {}

/** Unpacks to more than the limits allow. */
export class TarballTooLarge extends Error {}

const text = (b: Buffer, from: number, length: number) => {
  const slice = b.subarray(from, from + length)
  const nul = slice.indexOf(0)
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString('utf8')
}

/** The header's checksum: its bytes summed with the checksum field counted as spaces. */
function checksumHolds(header: Buffer): boolean {
  const stored = parseInt(text(header, 148, 8).trim(), 8)
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!
  return stored === sum
}

interface Entry {
  readonly path: string
  readonly type: string
  /** File bytes still to come. */
  left: number
  /** Padding to the next block still to come. */
  padding: number
  /** Kept bytes, when the entry is kept. */
  readonly chunks?: Buffer[]
}

/**
 * A tar parser fed the unpacked bytes chunk by chunk; `seen` hears of every regular file (its
 * whole path, as stored, and its size), kept or not.
 */
function tarParser(
  want: (path: string) => boolean,
  limits: TarballLimits,
  seen?: (name: string, size: number) => void,
) {
  const found: TarEntry[] = []
  let unpacked = 0
  let entries = 0
  let header = Buffer.alloc(0)
  let entry: Entry | undefined
  let longName: string | undefined
  let finished = false

  const startEntry = (block: Buffer) => {
    if (block.every((byte) => byte === 0)) {
      finished = true
      return
    }
    if (!checksumHolds(block)) throw new BadTarball('a tar header is damaged (its checksum is wrong)')
    const sizeText = text(block, 124, 12).trim()
    const size = sizeText === '' ? 0 : parseInt(sizeText, 8)
    if (!/^[0-7]*$/.test(sizeText) || !Number.isSafeInteger(size))
      throw new BadTarball('a tar header has no valid size')
    if (size > limits.unpackedBytes)
      throw new TarballTooLarge(
        `an entry has ${size} bytes; a package may unpack to at most ${inWords(limits.unpackedBytes)}`,
      )
    const type = String.fromCharCode(block[156] ?? 0)
    const prefix = text(block, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100))
    longName = undefined
    const path = name.replace(/^[^/]+\//, '')
    const isFile = type === '0' || type === '\0'
    if (isFile) seen?.(name, size)
    const keep = type === 'x' || type === 'L' || (isFile && want(path))
    if (keep && size > limits.fileBytes)
      throw new TarballTooLarge(
        isFile
          ? `${path} has ${size} bytes unpacked; a package.json, README or licence may have at most ${inWords(limits.fileBytes)}`
          : `a long-name record has ${size} bytes; at most ${inWords(limits.fileBytes)}`,
      )
    entry = {
      path,
      type,
      left: size,
      padding: Math.ceil(size / BLOCK) * BLOCK - size,
      ...(keep ? { chunks: [] } : {}),
    }
    if (++entries >= MAX_ENTRIES) finished = true
  }

  const endEntry = (e: Entry) => {
    if (!e.chunks) return
    const body = Buffer.concat(e.chunks)
    if (e.type === 'x') longName = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    else if (e.type === 'L') longName = text(body, 0, body.length)
    else {
      // The same path twice: unpacking keeps the last, so that is the one that counts.
      const earlier = found.findIndex((f) => f.path === e.path)
      if (earlier !== -1) found.splice(earlier, 1)
      found.push({ path: e.path, bytes: body })
    }
  }

  return {
    push(chunk: Buffer) {
      unpacked += chunk.length
      if (unpacked > limits.unpackedBytes)
        throw new TarballTooLarge(`the package unpacks to more than ${inWords(limits.unpackedBytes)}`)
      let at = 0
      while (at < chunk.length && !finished) {
        if (!entry) {
          const take = Math.min(BLOCK - header.length, chunk.length - at)
          header = Buffer.concat([header, chunk.subarray(at, at + take)])
          at += take
          if (header.length === BLOCK) {
            const block = header
            header = Buffer.alloc(0)
            startEntry(block)
          }
          continue
        }
        const e: Entry = entry
        if (e.left > 0) {
          const take = Math.min(e.left, chunk.length - at)
          e.chunks?.push(Buffer.from(chunk.subarray(at, at + take)))
          e.left -= take
          at += take
        } else {
          const take = Math.min(e.padding, chunk.length - at)
          e.padding -= take
          at += take
        }
        if (e.left === 0 && e.padding === 0) {
          endEntry(e)
          entry = undefined
        }
      }
    },
    end(): TarEntry[] {
      if (finished) return found
      if (entry || header.length > 0) throw new BadTarball('the archive is truncated')
      if (entries === 0) throw new BadTarball('the archive is empty')
      return found
    },
  }
}

/** Regular files of a gzipped tarball whose path `want` accepts; BadTarball or TarballTooLarge otherwise. */
export async function readTarball(
  gz: Buffer | Readable,
  want: (path: string) => boolean,
  limits: TarballLimits = TARBALL_LIMITS,
): Promise<TarEntry[]> {
  if (Buffer.isBuffer(gz) && gz.length === 0) throw new BadTarball('the tarball is empty')
  return unpack(Buffer.isBuffer(gz) ? Readable.from([gz]) : gz, tarParser(want, limits))
}

/**
 * Every regular file of a gzipped tarball streamed from `source`, by its whole path and size,
 * told to `seen` as it is met (none kept). Those met before a BadTarball or TarballTooLarge have
 * been told.
 */
export async function listTarball(
  source: Readable,
  seen: (name: string, size: number) => void,
  limits: TarballLimits = TARBALL_LIMITS,
): Promise<void> {
  await unpack(
    source,
    tarParser(() => false, limits, seen),
  )
}

async function unpack(source: Readable, parser: ReturnType<typeof tarParser>): Promise<TarEntry[]> {
  try {
    await pipeline(
      source,
      createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          try {
            parser.push(chunk)
            done()
          } catch (error) {
            done(error as Error)
          }
        },
      }),
    )
  } catch (error) {
    if (error instanceof BadTarball || error instanceof TarballTooLarge) throw error
    throw new BadTarball(`the tarball is not gzip data (${(error as Error).message})`)
  }
  return parser.end()
}
