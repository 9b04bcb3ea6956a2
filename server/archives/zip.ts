/**
 * The files of a zip archive (zip, jar, war, wheel, nupkg…) read from its central directory
 * alone: the end record at the file's end names where the directory lies and how long it is,
 * so a 1 GiB archive costs a read of its directory, never its contents. Zip64 archives (over
 * 4 GiB or 65,535 entries) name their directory elsewhere and are not read.
 */
import { open } from 'node:fs/promises'

const END_RECORD = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const END_BYTES = 22
/** The end record, then a comment of at most 65,535 bytes. */
const TAIL_BYTES = END_BYTES + 0xffff
/** What one archive's directory may take in memory. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024

export class NotAZip extends Error {}

/** Calls `seen` with each file's path and unpacked size; directories (names ending in /) are skipped. */
export async function listZip(
  file: string,
  seen: (name: string, size: number) => void,
  maxEntries: number,
): Promise<{ readonly entries: number; readonly truncated: boolean }> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    if (size < END_BYTES) throw new NotAZip('too short for a zip archive')
    const tailLength = Math.min(size, TAIL_BYTES)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let end = -1
    for (let i = tailLength - END_BYTES; i >= 0; i--)
      if (tail.readUInt32LE(i) === END_RECORD) {
        end = i
        break
      }
    if (end === -1) throw new NotAZip('no end of central directory record')
    const count = tail.readUInt16LE(end + 10)
    const length = tail.readUInt32LE(end + 12)
    const offset = tail.readUInt32LE(end + 16)
    if (count === 0xffff || length === 0xffffffff || offset === 0xffffffff)
      throw new NotAZip('a zip64 archive')
    if (length > MAX_DIRECTORY_BYTES) throw new NotAZip(`a central directory of ${length} bytes`)
    if (offset + length > size) throw new NotAZip('the central directory lies past the end')
    const directory = Buffer.alloc(length)
    await handle.read(directory, 0, length, offset)
    let at = 0
    let entries = 0
    while (at + 46 <= length) {
      if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new NotAZip('a damaged central directory')
      const unpacked = directory.readUInt32LE(at + 24)
      const nameLength = directory.readUInt16LE(at + 28)
      const next = at + 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32)
      if (next > length) throw new NotAZip('a damaged central directory')
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength)
      at = next
      if (name.endsWith('/')) continue
      if (entries === maxEntries) return { entries, truncated: true }
      entries++
      seen(name, unpacked)
    }
    return { entries, truncated: false }
  } finally {
    await handle.close()
  }
}
