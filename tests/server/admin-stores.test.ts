/**
 * The admin stores of permission targets and projects on both engines: the embedded SQLite and a
 * PostgreSQL the file starts itself, every migration run on a fresh database. Same calls, same
 * answers; a refused change inside a transaction leaves nothing behind.
 */
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../server/auth/accounts'
import { manualClock } from '../../server/clock'
import { groupsStore } from '../../server/admin/groupsStore'
import { permissionTargetsStore } from '../../server/admin/permissionTargetsStore'
import { projectsStore } from '../../server/admin/projectsStore'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()
const AT = '2026-03-01T10:00:00.000Z'

describe.each(engines)('admin stores on %s', (_engine, open) => {
  it('creates, reads, changes and deletes a permission target with its principals', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(AT))
    await insertUser({ sql, clock }, { name: 'Zed', email: 'z@example.test', passwordHash: 'h' })
    await groupsStore(sql).insert({ name: 'qa-readers', description: '', autoJoin: false, createdAt: AT })
    const store = permissionTargetsStore(sql)
    const before = (await store.list()).map((p) => p.name)

    await sql.transaction(async (tx) => {
      const s = permissionTargetsStore(tx)
      await s.insert(
        'docs',
        { repositories: ['npm-local'], includePatterns: ['**'], excludePatterns: [] },
        AT,
      )
      // Names of users and groups are found without case, and stored as they are spelled.
      await s.setPrincipals(
        'docs',
        { zed: ['read'], Anonymous: ['read'] },
        { 'QA-Readers': ['read', 'annotate'] },
      )
    })
    const row = await store.find('DOCS')
    expect(row && (await store.toView(row))).toEqual({
      name: 'docs',
      repositories: ['npm-local'],
      includePatterns: ['**'],
      excludePatterns: [],
      users: { Zed: ['read'], anonymous: ['read'] },
      groups: { 'qa-readers': ['read', 'annotate'] },
      createdAt: AT,
    })
    expect((await store.list()).map((p) => p.name).filter((n) => !before.includes(n))).toEqual(['docs'])

    await store.change('docs', { excludePatterns: ['secret/**'] })
    const changed = await store.toView((await store.find('docs'))!)
    expect(changed.excludePatterns).toEqual(['secret/**'])
    expect(changed.repositories).toEqual(['npm-local'])

    // An unknown principal refuses the whole change: the principals stay as they were.
    await expect(
      sql.transaction((tx) => permissionTargetsStore(tx).setPrincipals('docs', { nobody: ['read'] }, {})),
    ).rejects.toThrow(/no user named nobody/)
    await expect(
      sql.transaction((tx) => permissionTargetsStore(tx).setPrincipals('docs', {}, { ghosts: ['read'] })),
    ).rejects.toThrow(/no group named ghosts/)
    expect((await store.toView((await store.find('docs'))!)).users).toEqual({
      Zed: ['read'],
      anonymous: ['read'],
    })

    await store.delete('docs')
    expect(await store.find('docs')).toBeUndefined()
    expect(await sql.all('SELECT * FROM permission_principals WHERE permission_name = ?', ['docs'])).toEqual(
      [],
    )
  })

  it('creates, lists, changes, fills and deletes a project', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(AT))
    const amy = await insertUser({ sql, clock }, { name: 'amy', email: 'a@example.test', passwordHash: 'h' })
    await insertUser({ sql, clock }, { name: 'bob', email: 'b@example.test', passwordHash: 'h' })
    const store = projectsStore(sql)
    const fields = {
      name: 'Payments',
      description: 'Money',
      manageMembers: true,
      manageResources: false,
      indexResources: true,
    }
    await store.insert('pay', fields, AT)
    await store.insert('web', { ...fields, name: 'Web' }, AT)
    expect(await store.find('pay')).toEqual({
      key: 'pay',
      name: 'Payments',
      description: 'Money',
      manage_members: 1,
      manage_resources: 0,
      index_resources: 1,
      created_at: AT,
    })
    expect((await store.list()).map((p) => p.key)).toEqual(['pay', 'web'])

    // Names compare without case and surrounding spaces; a project's own name is not taken from it.
    expect(await store.nameTaken(' payments ')).toBe(true)
    expect(await store.nameTaken('PAYMENTS', 'pay')).toBe(false)
    expect(await store.nameTaken('Web', 'pay')).toBe(true)
    expect(await store.nameTaken('Other')).toBe(false)

    await store.change('pay', { ...fields, name: 'Payments EU', manageResources: true })
    expect(await store.find('pay')).toMatchObject({ name: 'Payments EU', manage_resources: 1 })

    await store.setMembers('pay', [
      { name: 'BOB', roles: ['Developer'] },
      { name: 'amy', roles: ['Project Admin', 'Viewer'] },
    ])
    expect(await store.members('pay')).toEqual([
      { name: 'amy', roles: ['Project Admin', 'Viewer'] },
      { name: 'bob', roles: ['Developer'] },
    ])
    expect((await store.listOfMember(amy.id)).map((p) => p.key)).toEqual(['pay'])

    // A user named twice, or one that does not exist, refuses the list: the members stay.
    await expect(
      sql.transaction((tx) =>
        projectsStore(tx).setMembers('pay', [
          { name: 'amy', roles: ['Viewer'] },
          { name: 'AMY', roles: ['Viewer'] },
        ]),
      ),
    ).rejects.toThrow(/AMY is listed twice/)
    await expect(
      sql.transaction((tx) => projectsStore(tx).setMembers('pay', [{ name: 'nobody', roles: ['Viewer'] }])),
    ).rejects.toThrow(/no user named nobody/)
    expect((await store.members('pay')).map((m) => m.name)).toEqual(['amy', 'bob'])

    await store.delete('pay')
    expect(await store.find('pay')).toBeUndefined()
    expect(await store.listOfMember(amy.id)).toEqual([])
  })
})
