/**
 * Content-addressed artifact bytes under `<data>/blobs/<aa>/<bb>/<sha256>`: identical bytes
 * are kept once. Bytes are written to a temporary file in `<data>/blobs/tmp` and renamed into
 * place only once complete and checked, so an upload that dies midway leaves nothing visible
 * (the temporary file is removed; a crash leaves only a file under tmp/, cleared at start).
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import type { Db } from '../db'

export interface BlobFacts {
  readonly sha256: string
  readonly sha1: string
  readonly md5: string
  readonly size: number
}

/** Raised when the bytes do not match what the client said they are; nothing is kept. */
export class ChecksumMismatch extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Checksum mismatch: expected ${expected}, got ${actual}`)
  }
}

/** Raised when a stream is longer than the cap; nothing is kept. */
export class TooLarge extends Error {}

/** Where the bytes of a sha256 live under the data folder. */
export const blobPathOf = (dataDir: string, sha256: string) =>
  join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256)

export function blobStore(db: Db, dataDir: string) {
  const root = join(dataDir, 'blobs')
  const tmp = join(root, 'tmp')
  mkdirSync(tmp, { recursive: true })
  // Leftovers of a crash mid-upload; never visible, removed at start. Another cluster node may
  // be writing its own temporary files here, so only old ones would be safe to remove: each node
  // names its files with its pid, and we remove only files of pids that are not running.
  for (const name of readdirSync(tmp)) {
    const pid = Number(name.split('.')[0])
    if (!Number.isInteger(pid) || !isRunning(pid)) rmSync(join(tmp, name), { force: true })
  }
  const insertBlob = db.prepare(
    'INSERT OR IGNORE INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, ?, ?)',
  )
  const findBlob = db.prepare('SELECT sha256, sha1, md5, size FROM blobs WHERE sha256 = ?')

  const pathOf = (sha256: string) => blobPathOf(dataDir, sha256)

  const moveIntoPlace = (partial: string, facts: BlobFacts) => {
    const target = pathOf(facts.sha256)
    // Identical bytes are already there: keep the one copy.
    if (existsSync(target)) rmSync(partial, { force: true })
    else {
      mkdirSync(join(root, facts.sha256.slice(0, 2), facts.sha256.slice(2, 4)), { recursive: true })
      renameSync(partial, target)
    }
    insertBlob.run(facts.sha256, facts.sha1, facts.md5, facts.size, new Date().toISOString())
  }

  const stillUsed = db.prepare(
    `SELECT 1 FROM artifacts WHERE sha256 = @sha256 UNION ALL SELECT 1 FROM catalog_files WHERE sha256 = @sha256 LIMIT 1`,
  )
  const deleteBlob = db.prepare('DELETE FROM blobs WHERE sha256 = ?')

  return {
    pathOf,
    /** Removes the bytes once no artifact or catalogue file names them any more. */
    releaseIfUnused(sha256: string): void {
      if (stillUsed.get({ sha256 })) return
      deleteBlob.run(sha256)
      rmSync(pathOf(sha256), { force: true })
    },
    find: (sha256: string) => findBlob.get(sha256) as BlobFacts | undefined,
    has: (sha256: string) => existsSync(pathOf(sha256)),
    open: (sha256: string) => createReadStream(pathOf(sha256)),

    /**
     * Streams bytes into the store. `expectedSha256`, when given, must match or nothing is
     * kept; more than `maxBytes` fails the same way.
     */
    async putStream(
      source: Readable,
      options: { expectedSha256?: string; maxBytes: number },
    ): Promise<BlobFacts> {
      const partial = join(tmp, `${process.pid}.${randomBytes(8).toString('hex')}`)
      const sha256 = createHash('sha256')
      const sha1 = createHash('sha1')
      const md5 = createHash('md5')
      let size = 0
      const hasher = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > options.maxBytes) return done(new TooLarge(`larger than ${options.maxBytes} bytes`))
          sha256.update(chunk)
          sha1.update(chunk)
          md5.update(chunk)
          done(null, chunk)
        },
      })
      try {
        await pipeline(source, hasher, createWriteStream(partial))
        const facts = { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), md5: md5.digest('hex'), size }
        if (options.expectedSha256 && options.expectedSha256.toLowerCase() !== facts.sha256)
          throw new ChecksumMismatch(options.expectedSha256, facts.sha256)
        moveIntoPlace(partial, facts)
        return facts
      } catch (error) {
        rmSync(partial, { force: true })
        throw error
      }
    },

    /** Bytes already in memory (npm tarballs arrive inside the publish document). */
    putBytes(bytes: Buffer): BlobFacts {
      const hash = (a: string) => createHash(a).update(bytes).digest('hex')
      const facts = { sha256: hash('sha256'), sha1: hash('sha1'), md5: hash('md5'), size: bytes.length }
      const partial = join(tmp, `${process.pid}.${randomBytes(8).toString('hex')}`)
      try {
        if (!existsSync(pathOf(facts.sha256))) writeFileSync(partial, bytes)
        moveIntoPlace(partial, facts)
      } catch (error) {
        rmSync(partial, { force: true })
        throw error
      }
      return facts
    },
  }
}

export type BlobStore = ReturnType<typeof blobStore>

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
