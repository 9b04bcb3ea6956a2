/**
 * Groups as the admin API keeps them: the group, its members and its removal, over the async
 * interface so the same statements run on SQLite and PostgreSQL.
 */
import type { Sql } from '../db/sql'
import { findUserByName } from '../auth/users'
import { badRequest } from './common'
import { forgetGrants } from '../permissions/store'

export interface GroupRow {
  name: string
  description: string
  auto_join: number
  created_at: string
}

export interface Group {
  readonly name: string
  readonly description: string
  readonly autoJoin: boolean
  readonly members: string[]
  readonly createdAt: string
}

export function groupsStore(sql: Sql) {
  const find = (name: string) => sql.one<GroupRow>('SELECT * FROM groups WHERE name = ?', [name])

  const toGroup = async (g: GroupRow): Promise<Group> => {
    const rows = await sql.all<{ name: string }>(
      'SELECT u.name FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_name = ? ORDER BY u.name',
      [g.name],
    )
    return {
      name: g.name,
      description: g.description,
      autoJoin: g.auto_join === 1,
      members: rows.map((r) => r.name),
      createdAt: g.created_at,
    }
  }

  return {
    find,
    toGroup,

    async list(): Promise<Group[]> {
      const rows = await sql.all<GroupRow>('SELECT * FROM groups ORDER BY name')
      const groups: Group[] = []
      for (const g of rows) groups.push(await toGroup(g))
      return groups
    },

    async exists(name: string): Promise<boolean> {
      return (await sql.one('SELECT 1 AS known FROM groups WHERE name = ?', [name])) !== undefined
    },

    async insert(g: {
      name: string
      description: string
      autoJoin: boolean
      createdAt: string
    }): Promise<void> {
      await sql.run('INSERT INTO groups (name, description, auto_join, created_at) VALUES (?, ?, ?, ?)', [
        g.name,
        g.description,
        g.autoJoin ? 1 : 0,
        g.createdAt,
      ])
    },

    async change(name: string, change: { description?: string; autoJoin?: boolean }): Promise<void> {
      if (change.description !== undefined)
        await sql.run('UPDATE groups SET description = ? WHERE name = ?', [change.description, name])
      if (change.autoJoin !== undefined)
        await sql.run('UPDATE groups SET auto_join = ? WHERE name = ?', [change.autoJoin ? 1 : 0, name])
    },

    /** Members become exactly `members`; 400 (nothing changed) when a user does not exist. */
    async setMembers(group: string, members: readonly string[]): Promise<void> {
      const ids: number[] = []
      for (const m of members)
        ids.push((await findUserByName(sql, m))?.id ?? badRequest(`members: there is no user named ${m}`))
      await sql.run('DELETE FROM group_members WHERE group_name = ?', [group])
      for (const id of ids)
        await sql.run('INSERT INTO group_members (group_name, user_id) VALUES (?, ?)', [group, id])
      forgetGrants()
    },

    async delete(name: string): Promise<void> {
      await sql.run("DELETE FROM permission_principals WHERE kind = 'group' AND principal = ?", [name])
      await sql.run('DELETE FROM groups WHERE name = ?', [name])
      forgetGrants()
    },
  }
}
