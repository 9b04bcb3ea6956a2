/**
 * Permission targets as the admin API keeps them: the target, its principals and its removal,
 * over the async interface so the same statements run on SQLite and PostgreSQL. (The
 * authoriser reads them through server/permissions/store.ts.)
 */
import type { Sql } from '../db/sql'
import { findUserByName } from '../auth/users'
import { badRequest } from './common'
import { forgetGrants } from '../permissions/store'

export interface PermissionRow {
  name: string
  repositories: string
  include_patterns: string
  exclude_patterns: string
  created_at: string
}

export type Grants = Record<string, string[]>

export interface PermissionTargetView {
  readonly name: string
  readonly repositories: string[]
  readonly includePatterns: string[]
  readonly excludePatterns: string[]
  readonly users: Grants
  readonly groups: Grants
  readonly createdAt: string
}

/** The JSON-array columns, each given as its list. */
export interface PermissionLists {
  readonly repositories?: readonly string[]
  readonly includePatterns?: readonly string[]
  readonly excludePatterns?: readonly string[]
}

const COLUMNS = {
  repositories: 'repositories',
  includePatterns: 'include_patterns',
  excludePatterns: 'exclude_patterns',
} as const

export function permissionTargetsStore(sql: Sql) {
  return {
    find(name: string): Promise<PermissionRow | undefined> {
      return sql.one<PermissionRow>('SELECT * FROM permissions WHERE name = ?', [name])
    },

    list(): Promise<PermissionRow[]> {
      return sql.all<PermissionRow>('SELECT * FROM permissions ORDER BY name')
    },

    async toView(p: PermissionRow): Promise<PermissionTargetView> {
      const principals = await sql.all<{ kind: 'user' | 'group'; principal: string; actions: string }>(
        'SELECT kind, principal, actions FROM permission_principals WHERE permission_name = ? ORDER BY principal',
        [p.name],
      )
      const of = (kind: 'user' | 'group'): Grants =>
        Object.fromEntries(
          principals
            .filter((r) => r.kind === kind)
            .map((r) => [r.principal, JSON.parse(r.actions) as string[]]),
        )
      return {
        name: p.name,
        repositories: JSON.parse(p.repositories) as string[],
        includePatterns: JSON.parse(p.include_patterns) as string[],
        excludePatterns: JSON.parse(p.exclude_patterns) as string[],
        users: of('user'),
        groups: of('group'),
        createdAt: p.created_at,
      }
    },

    async insert(name: string, lists: Required<PermissionLists>, createdAt: string): Promise<void> {
      await sql.run(
        'INSERT INTO permissions (name, repositories, include_patterns, exclude_patterns, created_at) VALUES (?, ?, ?, ?, ?)',
        [
          name,
          JSON.stringify(lists.repositories),
          JSON.stringify(lists.includePatterns),
          JSON.stringify(lists.excludePatterns),
          createdAt,
        ],
      )
      forgetGrants()
    },

    /** The lists given replace the stored ones; the others stay. */
    async change(name: string, lists: PermissionLists): Promise<void> {
      for (const key of Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>) {
        const value = lists[key]
        if (value)
          await sql.run(`UPDATE permissions SET ${COLUMNS[key]} = ? WHERE name = ?`, [
            JSON.stringify(value),
            name,
          ])
      }
      forgetGrants()
    },

    /**
     * The principals become exactly `users` and `groups`; 400 when a user or group does not
     * exist (run it in a transaction: nothing is then changed). The anonymous user has no row;
     * it may be granted read (used while anonymous access is on).
     */
    async setPrincipals(permission: string, users: Grants, groups: Grants): Promise<void> {
      const rows: Array<[kind: 'user' | 'group', name: string, actions: string[]]> = []
      for (const [name, actions] of Object.entries(users)) {
        const user =
          name.toLowerCase() === 'anonymous'
            ? { name: 'anonymous' }
            : ((await findUserByName(sql, name)) ?? badRequest(`users: there is no user named ${name}`))
        rows.push(['user', user.name, actions])
      }
      for (const [name, actions] of Object.entries(groups)) {
        const group =
          (await sql.one<{ name: string }>('SELECT name FROM groups WHERE name = ?', [name])) ??
          badRequest(`groups: there is no group named ${name}`)
        rows.push(['group', group.name, actions])
      }
      await sql.run('DELETE FROM permission_principals WHERE permission_name = ?', [permission])
      for (const [kind, name, actions] of rows)
        await sql.run(
          'INSERT INTO permission_principals (permission_name, kind, principal, actions) VALUES (?, ?, ?, ?)',
          [permission, kind, name, JSON.stringify(actions)],
        )
      forgetGrants()
    },

    async delete(name: string): Promise<void> {
      await sql.run('DELETE FROM permissions WHERE name = ?', [name])
      forgetGrants()
    },
  }
}
