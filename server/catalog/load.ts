/**
 * Loads the catalogue: the committed snapshot, then the documented samples (samples.ts), once,
 * when the catalogue tables are empty, in one transaction. Several cluster nodes may start
 * together: the transaction and the emptiness check inside it make sure only one of them loads.
 * On SQLite from a ready-made catalogue database; on PostgreSQL copied from it (copyCatalogIfEmpty).
 */
import Database from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { isoNow, systemClock, type Clock } from '../clock'
import { migrate, type Db } from '../db'
import type { Sql, SqlValue } from '../db/sql'
import { CATALOG_TABLES, catalogueCopy, catalogueTables, templateTable } from './copyStore'
import { insertSamples } from './samples'
import { insertSyntheticPackages } from './synthetic'
import { packageInserter } from './store'
import type { Snapshot } from './types'
import { SNAPSHOT_FILE } from './paths'

const here = dirname(fileURLToPath(import.meta.url))

// The package inserts live apart, so the samples and synthetic loaders use them without this file.
export { insertPackage, packageIdOf, packageInserter, versionIdOf, type PackageExtras } from './store'

export function readSnapshot(path = SNAPSHOT_FILE): Snapshot {
  const snapshot = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as Snapshot
  if (snapshot.format !== 1) throw new Error(`unknown catalogue snapshot format ${String(snapshot.format)}`)
  return snapshot
}

export interface LoadResult {
  readonly loaded: boolean
  readonly packages: number
}

function fillCatalog(db: Db, snapshot: Snapshot): number {
  const insert = packageInserter(db)
  let packages = 0
  for (const pkg of snapshot.packages) {
    insert(pkg)
    packages++
  }
  insertSamples(db)
  const tables = catalogueTables(db)
  tables.setMeta('snapshotBuiltAt', snapshot.builtAt)
  tables.setMeta('snapshotNotes', JSON.stringify(snapshot.notes))
  return packages
}

/** What the loaded catalogue depends on: the snapshot, the loader and samples, the migrations. */
function catalogueKey(snapshotPath: string, synthetic: number): string {
  const hash = createHash('sha256').update(readFileSync(snapshotPath)).update(`synthetic:${synthetic}`)
  for (const file of [
    'load.ts',
    'store.ts',
    'copyStore.ts',
    'samples.ts',
    'versionOrder.ts',
    'synthetic.ts',
  ]) {
    const path = join(here, file)
    if (existsSync(path)) hash.update(readFileSync(path))
  }
  const migrations = join(here, '../db/migrations')
  for (const file of readdirSync(migrations).sort())
    hash.update(file).update(readFileSync(join(migrations, file)))
  return hash.digest('hex').slice(0, 24)
}

/**
 * A ready-made catalogue database for this snapshot (and synthetic count), built once per machine in the temporary
 * folder: every server start (tests start many) then copies tables with INSERT … SELECT
 * instead of parsing and inserting the snapshot again. Written to a unique name and renamed,
 * so concurrent starts never see half a file.
 */
function templateFor(snapshotPath: string, synthetic: number): string {
  const target = join(tmpdir(), `platform-catalog-${catalogueKey(snapshotPath, synthetic)}.db`)
  if (existsSync(target)) return target
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`
  const db = new Database(partial)
  try {
    // A file no one reads until it is renamed into place: no journal, no syncs, a large cache.
    db.pragma('journal_mode = OFF')
    db.pragma('synchronous = OFF')
    db.pragma('cache_size = -262144')
    db.pragma('temp_store = MEMORY')
    migrate(db)
    // The catalogue's secondary indexes are built once at the end, from sorted data, instead
    // of being kept up to date row by row (a third of the build's time at 500k).
    const tables = catalogueTables(db)
    const indexes = tables.dropIndexes()
    db.transaction(() => {
      fillCatalog(db, readSnapshot(snapshotPath))
      // A large synthetic catalogue takes a while: say how far it got.
      const started = Date.now()
      const progress =
        synthetic >= 100_000
          ? (done: number) =>
              console.log(
                `Building the synthetic catalogue: ${done.toLocaleString('en')} of ${synthetic.toLocaleString('en')} packages (${((Date.now() - started) / 1000).toFixed(0)} s)`,
              )
          : undefined
      if (synthetic > 0) insertSyntheticPackages(db, synthetic, undefined, progress)
      tables.restoreIndexes(indexes)
    })()
    // The copies open in WAL mode like every data folder (openDatabase sets it).
    db.pragma('journal_mode = DELETE')
  } finally {
    db.close()
  }
  renameSync(partial, target)
  return target
}

/**
 * A data folder without a database starts as a copy of the ready-made catalogue database
 * (built once per machine, migrations applied, every other table empty): one file copy
 * instead of copying the catalogue table by table with its indexes, which took minutes at
 * 500,000 packages and most of every test server's start. Several nodes may start on the
 * same new folder: the copy is linked into place, so exactly one of them puts it there.
 * Answers whether this call put it there.
 */
export function seedDataFolder(
  dataDir: string,
  options: { synthetic?: number; snapshotPath?: string } = {},
): boolean {
  const target = join(dataDir, 'platform.db')
  if (existsSync(target)) return false
  const template = templateFor(options.snapshotPath ?? SNAPSHOT_FILE, options.synthetic ?? 0)
  mkdirSync(dataDir, { recursive: true })
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`
  copyFileSync(template, partial)
  try {
    linkSync(partial, target)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    rmSync(partial, { force: true })
  }
}

/**
 * Loads the snapshot and samples when the catalogue is empty; with `synthetic` > 0, also that
 * many synthetic packages (benchmarks only). A custom `snapshot` is loaded directly (tests).
 */
export function loadCatalogIfEmpty(
  db: Db,
  options: { snapshot?: () => Snapshot; synthetic?: number; snapshotPath?: string; clock?: Clock } = {},
): LoadResult {
  const tables = catalogueTables(db)
  if (!tables.isEmpty()) return { loaded: false, packages: 0 }
  const synthetic = options.synthetic ?? 0
  const template = options.snapshot
    ? undefined
    : templateFor(options.snapshotPath ?? SNAPSHOT_FILE, synthetic)
  let packages = 0
  const load = db.transaction(() => {
    if (!tables.isEmpty()) return
    if (template) {
      tables.copyFromTemplate()
      packages = tables.packageCount()
    } else {
      packages = fillCatalog(db, options.snapshot!())
      if (synthetic > 0) packages += insertSyntheticPackages(db, synthetic)
    }
    tables.setMeta('loadedAt', isoNow(options.clock ?? systemClock))
  })
  if (template) tables.withTemplate(template, () => load.immediate())
  else load.immediate()
  return { loaded: packages > 0, packages }
}

/**
 * Tables whose `id` the database numbers and others refer to: their rows are copied one by one,
 * each taking the number the database gives it, and the tables referring to them follow it.
 */
const NUMBERED: Readonly<Record<string, { readonly child: string; readonly column: string }>> = {
  catalog_builds: { child: 'catalog_build_artifacts', column: 'build_id' },
  release_bundles: { child: 'release_bundle_artifacts', column: 'bundle_id' },
}
/**
 * The same catalogue through the stores' interface (PostgreSQL): the ready-made catalogue
 * database's rows copied in one transaction, when the catalogue is empty. Nodes starting together
 * each try; the transaction's emptiness check lets one of them copy. A row's `id` the database
 * numbers is its own there (catalogue files, builds, bundles): nothing outside refers to it yet.
 */
export async function copyCatalogIfEmpty(
  sql: Sql,
  options: { synthetic?: number; snapshotPath?: string; clock?: Clock } = {},
): Promise<LoadResult> {
  if (!(await catalogueCopy(sql).isEmpty())) return { loaded: false, packages: 0 }
  const source = new Database(templateFor(options.snapshotPath ?? SNAPSHOT_FILE, options.synthetic ?? 0), {
    readonly: true,
  })
  try {
    return await sql.transaction(async (tx) => {
      const copy = catalogueCopy(tx)
      if (!(await copy.isEmpty())) return { loaded: false, packages: 0 }
      const renumbered = new Map<string, Map<number, number>>()
      for (const table of CATALOG_TABLES) {
        const numbered = NUMBERED[table]
        const parent = Object.entries(NUMBERED).find(([, n]) => n.child === table)
        const template = templateTable(source, table)
        // The catalogue files' numbers are the database's own.
        const columns = template.columns.filter(
          (name) => !(name === 'id' && (numbered || table === 'catalog_files')),
        )
        // Each row as its old number (if any), then the values copied.
        const rows = template.rows(columns)
        const values = (row: unknown[]) => {
          const [, ...rest] = row
          if (!parent) return rest as SqlValue[]
          const at = columns.indexOf(parent[1].column)
          rest[at] = renumbered.get(parent[0])!.get(rest[at] as number)
          return rest as SqlValue[]
        }
        if (numbered) {
          const numbers = new Map<number, number>()
          renumbered.set(table, numbers)
          for (const row of rows)
            numbers.set(row[0] as number, await copy.insertNumbered(table, columns, values(row)))
          continue
        }
        await copy.insertAll(table, columns, rows, values)
      }
      await copy.setMeta('loadedAt', isoNow(options.clock ?? systemClock))
      return { loaded: true, packages: await copy.packageCount() }
    })
  } finally {
    source.close()
  }
}
