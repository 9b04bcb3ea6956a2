/**
 * Content-addressed artifact bytes under `<blobs>/<aa>/<bb>/<sha256>` (`<blobs>` is BLOB_DIR,
 * `<data>/blobs` by default: server/config.ts): identical bytes
 * are kept once. Bytes are written to a temporary file in `<blobs>/tmp` and staged; they
 * take their place only when the caller commits them inside the transaction that inserts the
 * rows naming them, so an upload that dies midway leaves nothing visible (the temporary file is
 * removed; a crash leaves only a file under tmp/, cleared at start).
 *
 * Cluster nodes share the folder (and the database). The bytes' `blobs` row is the lock that
 * keeps a node from deleting bytes another has just referenced: a commit writes the row before it
 * looks for the file, and a release writes it before it looks for rows naming the bytes, so the
 * two wait for each other on either engine (SQLite's one writer, PostgreSQL's row lock). Either
 * the reference is committed first (and seen), or the delete is (and the commit puts the bytes
 * back in place from its own staged copy).
 *
 * PostgreSQL may run a transaction again after a conflict, so what a transaction does to files
 * can be done twice: a commit links the staged copy into place (the staged copy stays until
 * `discard`, after the transaction), and removing a file already gone is nothing.
 *
 * A commit names bytes already on disk: the staged copy is flushed (fsync) before it is handed
 * over, and the folder it is linked into before the rows' transaction commits, so a power loss
 * never leaves a committed row naming a file that is missing or half written.
 *
 * Bytes no longer used go only once the release has committed: a release that rolls back (or a
 * process that dies before its commit) leaves the file the rows still name. The removal then takes
 * the bytes' row again in a transaction of its own, so a commit that has named the bytes since
 * keeps them; a process that dies between the two leaves an unnamed file behind (space, never a
 * row without its bytes), which `npm run sweep-blobs` removes (server/repositories/blobSweep.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { open } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Transform, Writable } from 'node:stream'
import type { Sql } from '../db/sql'
import { blobRows } from './store'

import type { BlobFacts } from './blobFacts'

export type { BlobFacts }

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

/** Where the bytes of a sha256 live under the blob folder. */
export const blobPathOf = (blobDir: string, sha256: string) =>
  join(blobDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256)

/** Flushes a folder's entries to disk, at once. */
function flushNow(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Flushes a file, or a folder's entries, to disk. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function blobStore(sql: Sql, blobDir: string) {
  const root = blobDir
  const tmp = join(root, 'tmp')
  mkdirSync(tmp, { recursive: true })
  // The store's folders on disk before any file is named in them (made at the first start).
  for (const dir of [root, dirname(root)]) flushNow(dir)
  // Leftovers of a crash mid-upload; never visible, removed at start. Another cluster node may
  // be writing its own temporary files here, so only old ones would be safe to remove: each node
  // names its files with its pid and host, and we remove only files of this host's pids that are
  // not running (a pid says nothing about another host's processes, where the folder is shared).
  for (const name of readdirSync(tmp)) {
    const [pidText, , host] = name.split('.', 3)
    if (host !== undefined && host !== HOST) continue
    const pid = Number(pidText)
    if (!Number.isInteger(pid) || !isRunning(pid)) rmSync(join(tmp, name), { force: true })
  }

  const pathOf = (sha256: string) => blobPathOf(root, sha256)

  /**
   * The folder bytes go to, made and on disk before the rows' transaction opens: the commit then
   * waits for one flush (the new name's) instead of up to three, and on SQLite every other
   * statement of the node waits while a transaction is open. An empty folder names nothing.
   */
  const folderReady = async (sha256: string) => {
    const folder = dirname(pathOf(sha256))
    if (!mkdirSync(folder, { recursive: true })) return
    for (let dir = folder; dir !== root; dir = dirname(dir)) await flush(dirname(dir))
  }

  /** Must run inside the transaction that inserts the rows naming the bytes; may run twice. */
  const moveIntoPlace = async (tx: Sql, partial: string | undefined, facts: BlobFacts, now: string) => {
    await blobRows(tx).claim(facts, now)
    const target = pathOf(facts.sha256)
    // Identical bytes are already there: keep the one copy.
    if (existsSync(target)) return
    if (!partial) throw new Error(`The bytes of ${facts.sha256} are gone and no copy is staged`)
    const folder = dirname(target)
    const made = mkdirSync(folder, { recursive: true })
    try {
      linkSync(partial, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    // The new name, and the folders made for it, on disk before the rows naming it commit.
    await flush(folder)
    if (made) for (let dir = folder; dir !== root; dir = dirname(dir)) await flush(dirname(dir))
  }

  /**
   * Removes bytes no row names unless a commit has named them again since (see the header), or a
   * row without a `blobs` row of its own names them; true when the file went. The transaction
   * changes no row in the end (the placeholder goes before it commits): it is there for the
   * lock, so its commit need not wait for the disk.
   */
  const removeUnclaimed = (sha256: string): Promise<boolean> =>
    sql
      .transaction(
        async (t) => {
          const rows = blobRows(t)
          if (!(await rows.hold(sha256))) return false
          const used = await rows.stillUsed(sha256)
          await rows.remove(sha256)
          if (used) return false
          rmSync(pathOf(sha256), { force: true })
          return true
        },
        { durability: 'relaxed' },
      )
      // Left behind, the file costs space only: nothing names it.
      .catch(() => false)

  /**
   * Links the staged copy into place and flushes its folder, outside any transaction, so the
   * commit that names the bytes finds them there and waits for no disk. A file in place that no
   * row names yet is only space: a removal may take it meanwhile, and the commit then puts it back.
   */
  const placeEarly = async (partial: string, sha256: string) => {
    const target = pathOf(sha256)
    if (existsSync(target)) return
    try {
      linkSync(partial, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    await flush(dirname(target))
  }

  const staged = (partial: string | undefined, facts: BlobFacts): StagedBlob => {
    let pending = partial
    // Placed early and not yet named by a committed row: a discard takes the placed file back too.
    let placedUnnamed = false
    return {
      facts,
      commit: async (tx: Sql, now: string) => {
        await moveIntoPlace(tx, pending, facts, now)
        tx.afterCommit(async () => void (placedUnnamed = false))
      },
      async place() {
        if (!pending) throw new Error(`The staged copy of ${facts.sha256} is gone`)
        await placeEarly(pending, facts.sha256)
        placedUnnamed = true
      },
      open() {
        if (!pending) throw new Error(`The staged copy of ${facts.sha256} is gone`)
        return createReadStream(pending)
      },
      discard() {
        if (pending) rmSync(pending, { force: true })
        pending = undefined
        if (!placedUnnamed) return
        placedUnnamed = false
        // Never bytes a row names (another upload of the same bytes): the removal's own check.
        void removeUnclaimed(facts.sha256)
      },
    }
  }

  return {
    pathOf,
    /**
     * Removes the bytes once no artifact, catalogue file or container image names them any more:
     * the check and the removal in one transaction (a savepoint of `tx` when given, ideally the
     * transaction that removed the rows). True when the row went (the file goes after the commit).
     */
    releaseIfUnused(sha256: string, tx: Sql = sql): Promise<boolean> {
      return tx.transaction(async (t) => {
        const rows = blobRows(t)
        if (!(await rows.lock(sha256))) return false
        if (await rows.stillUsed(sha256)) return false
        await rows.remove(sha256)
        t.afterCommit(async () => void (await removeUnclaimed(sha256)))
        return true
      })
    },
    /**
     * Removes the file of bytes no row names (what a process that died between a release's
     * commit and the file's removal leaves), as a release's removal does: never bytes a commit
     * is naming at the same moment, on this node or another. True when the file went.
     */
    removeUnnamed: removeUnclaimed,
    find: (sha256: string) => blobRows(sql).find(sha256),
    has: (sha256: string) => existsSync(pathOf(sha256)),
    open: (sha256: string) => createReadStream(pathOf(sha256)),

    /**
     * Streams bytes into a staged copy. `expectedSha256`, when given, must match or nothing is
     * kept; more than `maxBytes` fails the same way. The caller commits or discards it.
     */
    async putStream(
      source: Readable,
      options: {
        expectedSha256?: string
        maxBytes: number
        /** Last check before the bytes are kept (a proxied file's integrity); throwing keeps nothing. */
        verify?: (facts: BlobFacts) => void
        /**
         * Told where the staged copy is and how many bytes are on disk, at once (0) and after
         * each write, so others may read the file while it arrives.
         */
        written?: (partial: string, bytes: number) => void
      },
    ): Promise<StagedBlob> {
      const partial = join(tmp, `${process.pid}.${randomBytes(8).toString('hex')}.${HOST}`)
      const written = options.written
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
        await pipeline(
          source,
          hasher,
          // Opened at once, so a failure's removal below never runs before the file exists.
          written
            ? reportingWriter(partial, written)
            : createWriteStream(partial, { fd: openSync(partial, 'w') }),
        )
        const facts = { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), md5: md5.digest('hex'), size }
        if (options.expectedSha256 && options.expectedSha256.toLowerCase() !== facts.sha256)
          throw new ChecksumMismatch(options.expectedSha256, facts.sha256)
        options.verify?.(facts)
        // Both on disk before anything names the bytes; neither waits for the other.
        await Promise.all([flush(partial), folderReady(facts.sha256)])
        return staged(partial, facts)
      } catch (error) {
        rmSync(partial, { force: true })
        throw error
      }
    },

    /**
     * Bytes already in memory (npm tarballs arrive inside the publish document), staged as
     * putStream's are. Always written: the copy in place may be released before the commit.
     */
    putBytes(bytes: Buffer): StagedBlob {
      const hash = (a: string) => createHash(a).update(bytes).digest('hex')
      const facts = { sha256: hash('sha256'), sha1: hash('sha1'), md5: hash('md5'), size: bytes.length }
      const partial = join(tmp, `${process.pid}.${randomBytes(8).toString('hex')}.${HOST}`)
      try {
        const fd = openSync(partial, 'w')
        try {
          for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at)
          fsyncSync(fd)
        } finally {
          closeSync(fd)
        }
      } catch (error) {
        rmSync(partial, { force: true })
        throw error
      }
      return staged(partial, facts)
    },
  }
}

/** Bytes written and checked but not yet in place: `commit` inside the rows' transaction. */
export interface StagedBlob {
  readonly facts: BlobFacts
  /**
   * Puts the bytes in place and records them; call inside the transaction (`tx`) that inserts
   * the rows naming them.
   */
  commit(tx: Sql, now: string): Promise<void>
  /**
   * Puts the bytes in place before the transaction that names them opens (on SQLite every other
   * statement of the node waits while one is open, and the folder's flush is the slow part), so
   * `commit` only records them. Discarded without a commit, the placed file goes again.
   */
  place(): Promise<void>
  /** Reads the staged bytes (before commit or discard), to check them before they are kept. */
  open(): Readable
  /** Removes the staged copy (nothing happens after a commit). */
  discard(): void
}

export type BlobStore = ReturnType<typeof blobStore>

/** Writes a file one chunk at a time, telling after each write how many bytes are on disk. */
function reportingWriter(path: string, written: (path: string, bytes: number) => void): Writable {
  // Opened before the first byte, so a reader may open it at once.
  const file = createWriteStream(path, { fd: openSync(path, 'w') })
  // Each write's own callback carries its failure; destroyed mid-write (the source broke off),
  // the file stream also emits it, which unheard would end the process.
  file.on('error', () => undefined)
  let bytes = 0
  written(path, 0)
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      file.write(chunk, (error) => {
        if (error) return done(error)
        bytes += chunk.length
        written(path, bytes)
        done()
      })
    },
    final: (done) => void file.end(done),
    destroy: (error, done) => {
      file.destroy()
      done(error)
    },
  })
}

/** This host's name as temporary files carry it (no dots: they separate the name's parts). */
const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '_')

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
