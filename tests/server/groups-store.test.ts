/**
 * The admin groups store on both engines: the embedded SQLite and a PostgreSQL the file starts
 * itself, every migration run on a fresh database. Same calls, same answers.
 */
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../server/auth/accounts'
import { manualClock } from '../../server/clock'
import { groupsStore } from '../../server/admin/groupsStore'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

describe.each(engines)('groups store on %s', (_engine, open) => {
  it('creates, lists, changes, fills and deletes a group', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse('2026-03-01T10:00:00Z'))
    await insertUser({ sql, clock }, { name: 'zed', email: 'z@example.test', passwordHash: 'h' })
    await insertUser({ sql, clock }, { name: 'amy', email: 'a@example.test', passwordHash: 'h' })
    const store = groupsStore(sql)
    const before = (await store.list()).map((g) => g.name)
    expect(await store.exists('qa-team')).toBe(false)

    await store.insert({
      name: 'qa-team',
      description: 'Read',
      autoJoin: false,
      createdAt: '2026-03-01T10:00:00.000Z',
    })
    expect(await store.exists('qa-team')).toBe(true)
    await store.setMembers('qa-team', ['zed', 'amy'])
    await store.change('qa-team', { description: 'Readers', autoJoin: true })
    const row = await store.find('qa-team')
    expect(row && (await store.toGroup(row))).toEqual({
      name: 'qa-team',
      description: 'Readers',
      autoJoin: true,
      members: ['amy', 'zed'],
      createdAt: '2026-03-01T10:00:00.000Z',
    })
    expect((await store.list()).map((g) => g.name)).toEqual([...before, 'qa-team'].sort())

    // An unknown member refuses the whole list and leaves the members as they were.
    await expect(store.setMembers('qa-team', ['amy', 'nobody'])).rejects.toThrow(/no user named nobody/)
    expect((await store.toGroup((await store.find('qa-team'))!)).members).toEqual(['amy', 'zed'])

    await store.setMembers('qa-team', ['zed'])
    expect((await store.toGroup((await store.find('qa-team'))!)).members).toEqual(['zed'])

    await store.delete('qa-team')
    expect(await store.find('qa-team')).toBeUndefined()
    expect(await sql.all('SELECT * FROM group_members WHERE group_name = ?', ['qa-team'])).toEqual([])
  })
})
