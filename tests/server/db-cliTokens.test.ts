/**
 * Migration 343: the CLI login's old tokens (kind 'cli', taken by nothing since the login issues
 * client tokens) leave the database; the other kinds stay. On both engines, a database migrated
 * before 343 existed stands in: every migration run, 343 forgotten, old tokens written, then
 * migrated again.
 */
import { describe, expect, it } from 'vitest'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const MIGRATION = '343_drop_cli_tokens.sql'
const T0 = '2026-12-01T10:00:00.000Z'
const LATER = '2027-12-01T10:00:00.000Z'

describe.each(engines)('migration 343 on %s', (_name, open) => {
  it("removes the old 'cli' tokens and keeps client and identity tokens", async () => {
    const db = await migrated(open)
    await db.run('DELETE FROM schema_migrations WHERE name = ?', [MIGRATION])
    const user = await db.one<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at)
       VALUES ('jf-user', 'jf-user@platform.invalid', 'x', 0, 'internal', ?, ?) RETURNING id`,
      [T0, T0],
    )
    for (const [id, kind] of [
      ['old-cli-1', 'cli'],
      ['old-cli-2', 'cli'],
      ['client-1', 'client'],
      ['identity-1', 'identity'],
    ] as const)
      await db.run(
        'INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        [id, `hash-${id}`, user!.id, kind, T0, LATER],
      )

    expect(await db.migrate()).toEqual([MIGRATION])

    expect(await db.all('SELECT id, kind FROM access_tokens ORDER BY id')).toEqual([
      { id: 'client-1', kind: 'client' },
      { id: 'identity-1', kind: 'identity' },
    ])
  })
})
