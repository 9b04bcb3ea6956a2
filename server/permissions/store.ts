/**
 * The stored permission targets and group memberships, read for every authorisation. The
 * tables are small (one row per target and principal), so they are read whole each time: a
 * change by an admin holds from the next request on, on every node.
 */
import type { Db } from '../db'
import type { PermissionTarget } from './rules'

interface TargetRow {
  name: string
  repositories: string
  include_patterns: string
  exclude_patterns: string
}

interface PrincipalRow {
  permission_name: string
  kind: 'user' | 'group'
  principal: string
  actions: string
}

const strings = (json: string): string[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export function permissionStore(db: Db) {
  const targetRows = db.prepare(
    'SELECT name, repositories, include_patterns, exclude_patterns FROM permissions ORDER BY name',
  )
  const principalRows = db.prepare(
    'SELECT permission_name, kind, principal, actions FROM permission_principals',
  )
  const groupRows = db.prepare('SELECT group_name FROM group_members WHERE user_id = ? ORDER BY group_name')

  return {
    async targets(): Promise<PermissionTarget[]> {
      const principals = principalRows.all() as PrincipalRow[]
      return (targetRows.all() as TargetRow[]).map((t) => {
        const users: Record<string, string[]> = {}
        const groups: Record<string, string[]> = {}
        for (const p of principals)
          if (p.permission_name.toLowerCase() === t.name.toLowerCase())
            // Principal names compare without case, as the tables store them.
            (p.kind === 'user' ? users : groups)[
              p.kind === 'user' ? p.principal : p.principal.toLowerCase()
            ] = strings(p.actions)
        return {
          name: t.name,
          repositories: strings(t.repositories),
          includePatterns: strings(t.include_patterns),
          excludePatterns: strings(t.exclude_patterns),
          users,
          groups,
        }
      })
    },

    async groupsOf(userId: number): Promise<string[]> {
      return (groupRows.all(userId) as Array<{ group_name: string }>).map((g) => g.group_name.toLowerCase())
    },
  }
}

export type PermissionStore = ReturnType<typeof permissionStore>
