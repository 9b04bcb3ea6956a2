/**
 * `npm run sweep-blobs`: releases the rows of bytes nothing uses any more (with their files),
 * then removes the files in the blob folder (BLOB_DIR, or `<data>/blobs`) that no row names,
 * left by a node that died between a release's commit and the file's removal, and says how many
 * went. Safe while the platform runs, on any node sharing the folder.
 */
import { blobDirOf, configFromEnv } from '../config'
import { openDatabase } from '../db/index'
import { databaseLabel } from '../db/open'
import { sqliteSql } from '../db/sqliteSql'
import { sweepBlobs } from './blobSweep'

async function main(): Promise<void> {
  const config = configFromEnv()
  const db = config.databaseUrl
    ? await (await import('../db/postgresSql')).openPostgres(config.databaseUrl)
    : sqliteSql(openDatabase(config.dataDir, { migrate: false }))
  try {
    const blobDir = blobDirOf(config)
    const { released, files, removed } = await sweepBlobs(db, blobDir)
    console.log(
      `${databaseLabel(config)}, ${blobDir}: ${released} unused row(s) released; ` +
        `${files} file(s), ${removed} named by no row removed`,
    )
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
