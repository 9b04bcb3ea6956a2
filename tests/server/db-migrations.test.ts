/**
 * The migration list: one number per file (two files with one number ran in the order of their
 * names, an accident), and a database made before two files were renumbered keeps working: it
 * recorded them under their old names and must not run them again.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migrationFiles, migrationOrder, openDatabase, RENAMED_MIGRATIONS } from '../../server/db'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the migration list', () => {
  it('refuses two files with one number', () => {
    expect(() => migrationOrder(['001_core.sql', '050_repositories.sql', '050_sso.sql'])).toThrow(
      /050_repositories\.sql and 050_sso\.sql share the number 050/,
    )
  })

  it('refuses a file not named NNN_area.sql', () => {
    expect(() => migrationOrder(['001_core.sql', '1_x.sql'])).toThrow(/1_x\.sql is not named/)
  })

  it('orders the files by number', () => {
    expect(migrationOrder(['110_b.sql', '002_a.sql', '051_c.sql'])).toEqual([
      '002_a.sql',
      '051_c.sql',
      '110_b.sql',
    ])
  })

  it('has one number per file in server/db/migrations', () => {
    const files = migrationFiles()
    expect(new Set(files.map((f) => f.slice(0, 3))).size).toBe(files.length)
  })

  it('keeps a database that recorded the old names: nothing runs again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-migrations-'))
    dirs.push(dir)
    const db = openDatabase(dir)
    try {
      // As a database migrated before the renumbering recorded them.
      for (const [old, now] of Object.entries(RENAMED_MIGRATIONS))
        db.prepare('UPDATE schema_migrations SET name = ? WHERE name = ?').run(old, now)
      // Running a renamed migration again would fail (its tables exist already).
      expect(migrate(db)).toEqual([])
      const names = (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map(
        (r) => r.name,
      )
      expect(names.sort()).toEqual([...migrationFiles()].sort())
      for (const old of Object.keys(RENAMED_MIGRATIONS)) expect(names).not.toContain(old)
    } finally {
      db.close()
    }
  })
})
