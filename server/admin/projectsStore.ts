/**
 * Projects and their members as the admin API keeps them, over the async interface so the same
 * statements run on SQLite and PostgreSQL.
 */
import type { Sql } from '../db/sql'
import { findUserByName } from '../auth/users'
import { badRequest } from './common'

export interface ProjectRow {
  key: string
  name: string
  description: string
  manage_members: number
  manage_resources: number
  index_resources: number
  created_at: string
}

export interface ProjectFields {
  readonly name: string
  readonly description: string
  readonly manageMembers: boolean
  readonly manageResources: boolean
  readonly indexResources: boolean
}

export interface ProjectMember {
  readonly name: string
  readonly roles: string[]
}

const flag = (value: boolean): number => (value ? 1 : 0)

export function projectsStore(sql: Sql) {
  return {
    find(key: string): Promise<ProjectRow | undefined> {
      return sql.one<ProjectRow>('SELECT * FROM projects WHERE key = ?', [key])
    },

    list(): Promise<ProjectRow[]> {
      return sql.all<ProjectRow>('SELECT * FROM projects ORDER BY key')
    },

    /** The projects `userId` is a member of. */
    listOfMember(userId: number): Promise<ProjectRow[]> {
      return sql.all<ProjectRow>(
        'SELECT p.* FROM projects p JOIN project_members m ON m.project_key = p.key WHERE m.user_id = ? ORDER BY p.key',
        [userId],
      )
    },

    /** Another project (not `exceptKey`) has this name, ignoring case and surrounding spaces. */
    async nameTaken(name: string, exceptKey?: string): Promise<boolean> {
      // Keys are never empty: '' stands for "no project to except".
      const row = await sql.one('SELECT 1 AS taken FROM projects WHERE lower(name) = lower(?) AND key <> ?', [
        name.trim(),
        exceptKey ?? '',
      ])
      return row !== undefined
    },

    async insert(key: string, fields: ProjectFields, createdAt: string): Promise<void> {
      await sql.run(
        `INSERT INTO projects (key, name, description, manage_members, manage_resources, index_resources, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          key,
          fields.name,
          fields.description,
          flag(fields.manageMembers),
          flag(fields.manageResources),
          flag(fields.indexResources),
          createdAt,
        ],
      )
    },

    async change(key: string, fields: ProjectFields): Promise<void> {
      await sql.run(
        'UPDATE projects SET name = ?, description = ?, manage_members = ?, manage_resources = ?, index_resources = ? WHERE key = ?',
        [
          fields.name,
          fields.description,
          flag(fields.manageMembers),
          flag(fields.manageResources),
          flag(fields.indexResources),
          key,
        ],
      )
    },

    async delete(key: string): Promise<void> {
      await sql.run('DELETE FROM projects WHERE key = ?', [key])
    },

    async members(key: string): Promise<ProjectMember[]> {
      const rows = await sql.all<{ name: string; roles: string }>(
        'SELECT u.name, m.roles FROM project_members m JOIN users u ON u.id = m.user_id WHERE m.project_key = ? ORDER BY u.name',
        [key],
      )
      return rows.map((r) => ({ name: r.name, roles: JSON.parse(r.roles) as string[] }))
    },

    /**
     * The members become exactly `members`; 400 when a user does not exist or is listed twice
     * (run it in a transaction: nothing is then changed).
     */
    async setMembers(key: string, members: readonly ProjectMember[]): Promise<void> {
      const seen = new Set<string>()
      const rows: Array<{ id: number; roles: readonly string[] }> = []
      for (const m of members) {
        const user =
          (await findUserByName(sql, m.name)) ?? badRequest(`members: there is no user named ${m.name}`)
        if (seen.has(user.name.toLowerCase())) badRequest(`members: ${m.name} is listed twice`)
        seen.add(user.name.toLowerCase())
        rows.push({ id: user.id, roles: m.roles })
      }
      await sql.run('DELETE FROM project_members WHERE project_key = ?', [key])
      for (const r of rows)
        await sql.run('INSERT INTO project_members (project_key, user_id, roles) VALUES (?, ?, ?)', [
          key,
          r.id,
          JSON.stringify(r.roles),
        ])
    },
  }
}
