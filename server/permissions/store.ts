/**
 * The stored permission targets and group memberships, read for every authorisation. The
 * tables are small (one row per target and principal), so they are read whole each time: a
 * change by an admin holds from the next request on, on every node. While a page is made
 * (db/onePage.ts) they are read once for all its requests: a page's answers hold up to three
 * reads of the list (its first page, the landing's newest and most downloaded), each of which
 * asks them.
 */
import { forgetRead, readOnce } from '../db/onePage'
import type { Sql } from '../db/sql'
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

const TARGETS = 'SELECT name, repositories, include_patterns, exclude_patterns FROM permissions ORDER BY name'
const PRINCIPALS = 'SELECT permission_name, kind, principal, actions FROM permission_principals'
const GROUPS_OF = 'SELECT group_name FROM group_members WHERE user_id = ? ORDER BY group_name'

/** The key of these reads inside a page. */
const GRANTS = 'grants'

/**
 * After a write to the permission targets, their principals, the groups or their members: the
 * next authorisation inside the page reads them again.
 */
export const forgetGrants = (): void => forgetRead(GRANTS)

export function permissionStore(sql: Sql) {
  return {
    async targets(): Promise<PermissionTarget[]> {
      const { principals, targets } = await readOnce(sql, `${GRANTS}:targets`, async () => ({
        principals: await sql.all<PrincipalRow>(PRINCIPALS),
        targets: await sql.all<TargetRow>(TARGETS),
      }))
      return targets.map((t) => {
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
      const rows = await readOnce(sql, `${GRANTS}:groups:${userId}`, () =>
        sql.all<{ group_name: string }>(GROUPS_OF, [userId]),
      )
      return rows.map((g) => g.group_name.toLowerCase())
    },
  }
}

export type PermissionStore = ReturnType<typeof permissionStore>
