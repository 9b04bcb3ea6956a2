/**
 * The identity and admin side's stores (permissions, education, …) on both engines: the embedded
 * SQLite and a PostgreSQL the file starts itself, every migration run on a fresh database. Same
 * calls, same answers.
 */
import { describe, expect, it } from 'vitest'
import type { Sql } from '../../server/db/sql'
import { permissionStore } from '../../server/permissions/store'
import { educationStore } from '../../server/education/store'
import { manualClock } from '../../server/clock'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const T0 = '2026-12-01T10:00:00.000Z'

async function addUser(sql: Sql, name: string): Promise<number> {
  const row = await sql.one<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at)
     VALUES (?, ?, 'x', 0, 'internal', ?, ?) RETURNING id`,
    [name, `${name}@platform.invalid`, T0, T0],
  )
  return row!.id
}

describe.each(engines)('identity stores on %s', (_name, open) => {
  it('permissions: targets with their principals by kind, a user’s groups in lower case', async () => {
    const sql = await migrated(open)
    const store = permissionStore(sql)
    const id = await addUser(sql, 'Reviewer')
    await sql.run(
      "INSERT INTO groups (name, description, auto_join, admin_privileges, created_at) VALUES ('QA', '', 0, 0, ?)",
      [T0],
    )
    await sql.run("INSERT INTO group_members (group_name, user_id) VALUES ('QA', ?), ('readers', ?)", [
      id,
      id,
    ])
    await sql.run(
      `INSERT INTO permissions (name, repositories, include_patterns, exclude_patterns, created_at)
       VALUES ('Builds', '["generic-local"]', '["out/**"]', '["out/tmp/**"]', ?)`,
      [T0],
    )
    await sql.run(
      `INSERT INTO permission_principals (permission_name, kind, principal, actions)
       VALUES ('Builds', 'group', 'QA', '["read","deploy"]'), ('Builds', 'user', 'Reviewer', '["read"]')`,
    )
    expect(await store.groupsOf(id)).toEqual(['qa', 'readers'])
    expect(await store.groupsOf(id + 1000)).toEqual([])
    const targets = await store.targets()
    expect(targets.map((t) => t.name)).toEqual(['Any Remote', 'Anything', 'Builds', 'Local deploy'])
    expect(targets.find((t) => t.name === 'Builds')).toEqual({
      name: 'Builds',
      repositories: ['generic-local'],
      includePatterns: ['out/**'],
      excludePatterns: ['out/tmp/**'],
      users: { Reviewer: ['read'] },
      groups: { qa: ['read', 'deploy'] },
    })
    expect(targets.find((t) => t.name === 'Anything')).toMatchObject({
      users: { anonymous: ['read'] },
      groups: { readers: ['read'] },
    })
  })

  it('education: videos played once each in the order played, feedback given once is remembered', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const store = educationStore(sql, clock)
    const id = await addUser(sql, 'learner')
    const other = await addUser(sql, 'other')
    expect(await store.progress(id)).toEqual({ played: [], feedbackGiven: false })
    await store.played(id, 'search')
    clock.advance(1000)
    await store.played(id, 'deploy')
    clock.advance(1000)
    // Again: the first play stands, its time too.
    await store.played(id, 'search')
    expect(await store.progress(id)).toEqual({ played: ['search', 'deploy'], feedbackGiven: false })
    await store.feedback(id, 'getting-started', true, 'clear')
    await store.feedback(id, 'getting-started', false, '')
    expect(await store.progress(id)).toEqual({ played: ['search', 'deploy'], feedbackGiven: true })
    expect(await store.progress(other)).toEqual({ played: [], feedbackGiven: false })
    expect(await sql.all('SELECT helpful, comment FROM education_feedback ORDER BY id')).toEqual([
      { helpful: 1, comment: 'clear' },
      { helpful: 0, comment: '' },
    ])
  })
})
