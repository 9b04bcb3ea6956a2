/** A file read as a stream of text chunks, so a long log never sits in memory whole. */
import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

/** The file in 1 MiB chunks, decoded as UTF-8 across chunk borders. Throws when unreadable. */
export function* readFileChunks(path: string, size = 1 << 20): Generator<string> {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.allocUnsafe(size)
    const decoder = new StringDecoder('utf8')
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null)
      if (read === 0) break
      yield decoder.write(buffer.subarray(0, read))
    }
    const rest = decoder.end()
    if (rest) yield rest
  } finally {
    closeSync(fd)
  }
}
