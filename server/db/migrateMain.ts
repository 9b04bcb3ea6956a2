/**
 * `npm run migrate`: runs the migrations not run yet on the configured database (DATABASE_URL,
 * or the embedded SQLite in DATA_DIR) and says which ran. Nodes run them at start too; this is
 * for preparing a PostgreSQL before the first node starts, or after an upgrade, on its own.
 */
import { seedDataFolder } from '../catalog/load'
import { configFromEnv } from '../config'
import { syntheticCountFromEnv } from '../metadata/routes'
import { openDatabase } from './index'
import { databaseLabel } from './open'
import { sqliteSql } from './sqliteSql'

async function main(): Promise<void> {
  const config = configFromEnv()
  // A new SQLite data folder starts from the ready-made catalogue, as `npm start` would make it.
  if (!config.databaseUrl) seedDataFolder(config.dataDir, { synthetic: syntheticCountFromEnv() })
  const db = config.databaseUrl
    ? await (await import('./postgresSql')).openPostgres(config.databaseUrl)
    : sqliteSql(openDatabase(config.dataDir, { migrate: false }))
  try {
    const ran = await db.migrate()
    console.log(
      ran.length === 0
        ? `${databaseLabel(config)}: every migration had run already`
        : `${databaseLabel(config)}: ran ${ran.length} migration(s)\n${ran.map((name) => `  ${name}`).join('\n')}`,
    )
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
