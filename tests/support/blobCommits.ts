/**
 * A process that keeps bytes in the platform's blob store as the platform does (a streamed
 * upload and bytes held in memory, each committed in the transaction that names them, on the
 * platform's SQLite opened as it opens it), then exits: run under strace to see what reaches the
 * disk before each commit, and a cache fill that places its bytes before its transaction opens.
 * Prints one JSON line: the staged copy and the place of each.
 *
 * Usage: tsx tests/support/blobCommits.ts <data folder>
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { blobDirOf } from '../../server/config'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { blobPathOf, blobStore, type StagedBlob } from '../../server/repositories/blobs'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: blobCommits.ts <data folder>')
const sql = sqliteSql(openDatabase(dataDir))
const blobDir = blobDirOf({ dataDir })
const blobs = blobStore(sql, blobDir)
const kept: Array<{ staged: string; place: string }> = []

const keep = async (blob: StagedBlob, staged: string) => {
  await sql.transaction((tx) => blob.commit(tx, new Date().toISOString()))
  blob.discard()
  kept.push({ staged, place: blobPathOf(blobDir, blob.facts.sha256) })
}

let streamed = ''
const upload = await blobs.putStream(Readable.from([Buffer.from(`streamed ${process.pid}\n`)]), {
  maxBytes: 1024,
  written: (partial) => (streamed = partial),
})
await keep(upload, streamed)

// putBytes names its staged copy nowhere: it is the one file of this process under tmp/.
const tmp = join(blobDir, 'tmp')
const before = new Set(readdirSync(tmp))
const inMemory = blobs.putBytes(Buffer.from(`in memory ${process.pid}\n`))
await keep(
  inMemory,
  join(
    tmp,
    readdirSync(tmp).find((name) => !before.has(name))!,
  ),
)

// A remote's cache fill: the bytes placed before their transaction opens. The transaction's
// first act is to look for a file named for it, so the trace shows where it opens.
let filled = ''
const fill = await blobs.putStream(Readable.from([Buffer.from(`filled ${process.pid}\n`)]), {
  maxBytes: 1024,
  written: (partial) => (filled = partial),
})
await fill.place()
await sql.transaction(async (tx) => {
  existsSync(join(dataDir, 'transaction-opens'))
  await fill.commit(tx, new Date().toISOString())
})
fill.discard()
kept.push({ staged: filled, place: blobPathOf(blobDir, fill.facts.sha256) })

await sql.close()
process.stdout.write(`${JSON.stringify(kept)}\n`)
