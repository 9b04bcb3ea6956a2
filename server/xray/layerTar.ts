/**
 * Reading a container image layer (a tar, plain, gzip'd or zstd'd) as a stream, keeping the bytes of only
 * the entries asked for: every other entry is skipped as it streams past, so a layer of any size
 * costs the memory of the files kept. Reads ustar and GNU headers, GNU long names (`L`) and pax
 * `path` records (`x`), which image builders write for paths over 100 bytes.
 */
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { createGunzip } from 'node:zlib'
import type { Readable } from 'node:stream'
import { Decompress } from 'fzstd'

export interface LayerEntry {
  /** The path without a leading `./` or `/`. */
  readonly path: string
  readonly type: 'file' | 'dir' | 'symlink' | 'hardlink' | 'other'
  readonly linkTarget: string
  /** The bytes, for a file `keep` asked for. */
  readonly content?: Buffer
}

/** Raised when the bytes are not a tar this reader follows. */
export class LayerUnreadable extends Error {}

/** Pulls exact byte counts from a stream of chunks. */
class ChunkReader {
  private chunks: Buffer[] = []
  private buffered = 0
  private done = false
  private readonly iterator: AsyncIterator<Buffer>

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]()
  }

  private async fill(n: number): Promise<boolean> {
    while (this.buffered < n && !this.done) {
      const next = await this.iterator.next()
      if (next.done) this.done = true
      else {
        this.chunks.push(next.value)
        this.buffered += next.value.length
      }
    }
    return this.buffered >= n
  }

  /** Exactly n bytes, or undefined at the end of the stream. */
  async read(n: number): Promise<Buffer | undefined> {
    if (!(await this.fill(n))) return undefined
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)
    this.chunks = all.length > n ? [all.subarray(n)] : []
    this.buffered -= n
    return all.subarray(0, n)
  }

  /** Drops n bytes, reading no more than it must at once. */
  async skip(n: number): Promise<boolean> {
    let left = n
    while (left > 0) {
      if (this.buffered === 0 && !(await this.fill(1))) return false
      const head = this.chunks[0]!
      if (head.length <= left) {
        this.chunks.shift()
        this.buffered -= head.length
        left -= head.length
      } else {
        this.chunks[0] = head.subarray(left)
        this.buffered -= left
        left = 0
      }
    }
    return true
  }

  async close(): Promise<void> {
    await this.iterator.return?.()
  }
}

const text = (b: Buffer, from: number, length: number) => {
  const field = b.subarray(from, from + length)
  const end = field.indexOf(0)
  return field.subarray(0, end < 0 ? field.length : end).toString('utf8')
}

/** A numeric field: octal text, or GNU's base-256 when the high bit of its first byte is set. */
function numberField(b: Buffer, from: number, length: number): number {
  if ((b[from]! & 0x80) !== 0) {
    let n = b[from]! & 0x7f
    for (let i = from + 1; i < from + length; i++) n = n * 256 + b[i]!
    return n
  }
  const digits = text(b, from, length).trim()
  if (!/^[0-7]*$/.test(digits)) throw new LayerUnreadable('a tar header holds a size that is not a number')
  return digits === '' ? 0 : parseInt(digits, 8)
}

function checksumOk(header: Buffer): boolean {
  let sum = 0
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!
  return sum === numberField(header, 148, 8)
}

/** `path` of a pax extended header's records (`<length> <key>=<value>\n`…). */
function paxPath(records: Buffer): string | undefined {
  let at = 0
  let path: string | undefined
  while (at < records.length) {
    const space = records.indexOf(0x20, at)
    if (space < 0) break
    const length = Number(records.subarray(at, space).toString('ascii'))
    if (!Number.isInteger(length) || length <= 0) break
    const record = records.subarray(space + 1, at + length - 1).toString('utf8')
    const eq = record.indexOf('=')
    if (record.slice(0, eq) === 'path') path = record.slice(eq + 1)
    at += length
  }
  return path
}

const normalise = (path: string) => path.replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '')

const TYPES: Record<string, LayerEntry['type']> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '1': 'hardlink',
  '2': 'symlink',
  '5': 'dir',
}

/** The size over which a kept file is refused rather than held in memory. */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024
/** The size of a pax or long-name record read. */
const MAX_META_BYTES = 1024 * 1024

/**
 * Every entry of a tar stream, in order; the content of those `keep` says yes to (files no
 * larger than MAX_KEPT_BYTES).
 */
export async function readTarEntries(
  source: AsyncIterable<Buffer>,
  keep: (path: string, size: number) => boolean,
): Promise<LayerEntry[]> {
  const reader = new ChunkReader(source)
  const entries: LayerEntry[] = []
  let longName: string | undefined
  try {
    for (;;) {
      const header = await reader.read(512)
      // A tar ends with zero blocks; some writers stop without them.
      if (!header || header.every((b) => b === 0)) break
      if (!checksumOk(header)) throw new LayerUnreadable('a tar header fails its checksum')
      const size = numberField(header, 124, 12)
      const padded = Math.ceil(size / 512) * 512
      const flag = String.fromCharCode(header[156]!)
      if (flag === 'L' || flag === 'x') {
        if (size > MAX_META_BYTES) throw new LayerUnreadable('a tar path record is too long')
        const body = await reader.read(padded)
        if (!body) throw new LayerUnreadable('the tar ends inside an entry')
        longName = flag === 'L' ? text(body, 0, size) : (paxPath(body.subarray(0, size)) ?? longName)
        continue
      }
      const ustar = header.subarray(257, 262).toString('ascii') === 'ustar'
      const prefix = ustar ? text(header, 345, 155) : ''
      const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100))
      longName = undefined
      const path = normalise(name)
      const type = TYPES[flag] ?? 'other'
      let content: Buffer | undefined
      if (type === 'file' && size <= MAX_KEPT_BYTES && keep(path, size)) {
        const body = await reader.read(padded)
        if (!body) throw new LayerUnreadable('the tar ends inside an entry')
        content = Buffer.from(body.subarray(0, size))
      } else if (!(await reader.skip(padded))) throw new LayerUnreadable('the tar ends inside an entry')
      entries.push({ path, type, linkTarget: text(header, 157, 100), ...(content ? { content } : {}) })
    }
  } finally {
    await reader.close()
  }
  return entries
}

/**
 * A zstd stream's bytes, decoded as they are read. Node's own zlib has no zstd decoder before
 * Node 22.15 (engines says 20), so a small pure-JS decoder does it; each chunk of the file is
 * pushed and what it decodes to is handed on before the next is read, so memory stays at the
 * decoder's window, not the layer.
 */
async function* unzstd(file: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let out: Buffer[] = []
  const decoder = new Decompress((data) => {
    if (data.length > 0) out.push(Buffer.from(data.buffer, data.byteOffset, data.length))
  })
  const drain = () => {
    const ready = out
    out = []
    return ready
  }
  try {
    for await (const chunk of file) {
      decoder.push(chunk)
      yield* drain()
    }
    decoder.push(new Uint8Array(0), true)
  } catch (e) {
    // The decoder's own errors carry a numeric code; a file's (ENOENT…) a string one.
    if (e instanceof Error && typeof (e as { code?: unknown }).code === 'number')
      throw new LayerUnreadable(`the zstd stream does not decode: ${e.message}`)
    throw e
  }
  yield* drain()
}

/** A layer's stream, decompressed as its first bytes say: gzip, zstd, or a plain tar. */
export async function openLayer(path: string): Promise<AsyncIterable<Buffer>> {
  const handle = await open(path, 'r')
  const head = Buffer.alloc(4)
  try {
    await handle.read(head, 0, 4, 0)
  } finally {
    await handle.close()
  }
  const file: Readable = createReadStream(path)
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return unzstd(file)
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const gunzip = createGunzip()
    file.on('error', (e) => gunzip.destroy(e))
    return file.pipe(gunzip)
  }
  return file
}
