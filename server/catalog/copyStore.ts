/**
 * The statements that put a whole catalogue in place (load.ts decides when and from where): on
 * SQLite's synchronous handle, building the ready-made catalogue database and copying it into a
 * data folder's database through ATTACH; read from that database, table by table; and through the
 * stores' interface (PostgreSQL), the rows written in batches. Engine-specific by nature: ATTACH,
 * `sqlite_master` and `INSERT OR REPLACE` are SQLite's, and the copy's batches PostgreSQL's limit.
 */
import type Database from 'better-sqlite3'
import type { Db } from '../db'
import { placeholders, type Sql, type SqlValue } from '../db/sql'

/** Catalogue tables in an order that satisfies their foreign keys. */
export const CATALOG_TABLES = [
  'catalog_packages',
  'catalog_package_licenses',
  'catalog_versions',
  'catalog_files',
  'catalog_dependencies',
  'catalog_properties',
  'catalog_advisories',
  'catalog_docker_layers',
  'catalog_builds',
  'catalog_build_artifacts',
  'release_bundles',
  'release_bundle_artifacts',
  'catalog_meta',
] as const

export type CatalogTable = (typeof CATALOG_TABLES)[number]

/** A secondary index of a catalogue table, as SQLite keeps its definition. */
export interface CatalogIndex {
  readonly name: string
  readonly sql: string
}

/** The catalogue on SQLite's synchronous handle (the ready-made database and a data folder's). */
export function catalogueTables(db: Db) {
  const setMeta = (key: string, value: string) =>
    void db.prepare('INSERT OR REPLACE INTO catalog_meta (key, value) VALUES (?, ?)').run(key, value)
  return {
    isEmpty: () => db.prepare('SELECT 1 FROM catalog_packages LIMIT 1').get() === undefined,
    packageCount: () => (db.prepare('SELECT COUNT(*) AS n FROM catalog_packages').get() as { n: number }).n,
    setMeta,
    /** The catalogue's secondary indexes, dropped: built again by `restore` from sorted data. */
    dropIndexes: (): CatalogIndex[] => {
      const indexes = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name LIKE 'catalog%'",
        )
        .all() as CatalogIndex[]
      for (const index of indexes) db.exec(`DROP INDEX ${index.name}`)
      return indexes
    },
    restoreIndexes: (indexes: readonly CatalogIndex[]) => {
      for (const index of indexes) db.exec(index.sql)
    },
    /** Runs `copy` with the database at `path` attached as `catalog_template`. */
    withTemplate: <T>(path: string, copy: () => T): T => {
      db.prepare('ATTACH DATABASE ? AS catalog_template').run(path)
      try {
        return copy()
      } finally {
        db.exec('DETACH DATABASE catalog_template')
      }
    },
    /** Copies every catalogue table from the attached template (inside `withTemplate`). */
    copyFromTemplate: () => {
      for (const table of CATALOG_TABLES)
        db.exec(`INSERT INTO main.${table} SELECT * FROM catalog_template.${table}`)
    },
  }
}

/**
 * A table of the ready-made catalogue database, read row by row: its columns and each row's
 * values. Never the whole table at once: 500,000 packages' files and properties are millions of
 * rows.
 */
export function templateTable(source: Database.Database, table: CatalogTable) {
  const columns = (source.pragma(`table_info(${table})`) as Array<{ name: string }>).map((c) => c.name)
  return {
    columns,
    /** Each row as its `id` (NULL for a table without one), then the values of `copied`. */
    rows: (copied: readonly string[]) =>
      source
        .prepare(`SELECT ${[columns.includes('id') ? 'id' : 'NULL', ...copied].join(', ')} FROM ${table}`)
        .raw(true)
        .iterate() as IterableIterator<unknown[]>,
  }
}

/** Parameters in one statement: PostgreSQL takes at most 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000

/** The catalogue through the stores' interface, as the copy into PostgreSQL writes it. */
export function catalogueCopy(sql: Sql) {
  return {
    isEmpty: async () => (await sql.one('SELECT 1 AS found FROM catalog_packages LIMIT 1')) === undefined,
    packageCount: async () =>
      (await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_packages'))?.n ?? 0,
    setMeta: (key: string, value: string) =>
      sql.run(
        'INSERT INTO catalog_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      ),
    /** Inserts one row; answers the `id` the database numbered it. */
    insertNumbered: async (table: CatalogTable, columns: readonly string[], values: SqlValue[]) =>
      (await sql.one<{ id: number }>(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)}) RETURNING id`,
        values,
      ))!.id,
    /**
     * Inserts the rows' values, as many rows to a statement as PostgreSQL's parameters allow,
     * holding no more than one statement's rows at a time.
     */
    insertAll: async <R>(
      table: CatalogTable,
      columns: readonly string[],
      rows: Iterable<R>,
      valuesOf: (row: R) => SqlValue[],
    ) => {
      const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns.length))
      const row = `(${placeholders(columns.length)})`
      let batch: R[] = []
      const insert = async () => {
        await sql.run(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => row).join(', ')}`,
          batch.flatMap(valuesOf),
        )
        batch = []
      }
      for (const each of rows) {
        batch.push(each)
        if (batch.length === perStatement) await insert()
      }
      if (batch.length > 0) await insert()
    },
  }
}
