/**
 * A permission as its form edits it: repositories and patterns as text (one a line), and the
 * users and groups with their actions as rows; and the way back to the server's shape.
 */
import type { Grants, Permission } from './types'
import { splitList, type PermissionDraft } from './validation'

export type PrincipalKind = 'user' | 'group'
export interface PrincipalRow {
  readonly kind: PrincipalKind
  readonly name: string
  readonly actions: ReadonlyArray<string>
}
export interface PermissionFormValues {
  readonly name: string
  readonly repositories: string
  readonly includePatterns: string
  readonly excludePatterns: string
  readonly principals: ReadonlyArray<PrincipalRow>
}

const rows = (kind: PrincipalKind, grants: Grants): PrincipalRow[] =>
  Object.entries(grants).map(([name, actions]) => ({ kind, name, actions }))

export function permissionFormValues(p?: Permission): PermissionFormValues {
  return {
    name: p?.name ?? '',
    repositories: p?.repositories.join('\n') ?? '',
    // The server's default: everything in the repositories.
    includePatterns: (p?.includePatterns ?? ['**']).join('\n'),
    excludePatterns: p?.excludePatterns.join('\n') ?? '',
    principals: p ? [...rows('user', p.users), ...rows('group', p.groups)] : [],
  }
}

const grantsOf = (principals: ReadonlyArray<PrincipalRow>, kind: PrincipalKind) =>
  Object.fromEntries(principals.filter((r) => r.kind === kind).map((r) => [r.name, [...r.actions]]))

export function permissionDraft(v: PermissionFormValues): PermissionDraft {
  return {
    name: v.name,
    repositories: splitList(v.repositories),
    includePatterns: splitList(v.includePatterns),
    excludePatterns: splitList(v.excludePatterns),
    users: grantsOf(v.principals, 'user'),
    groups: grantsOf(v.principals, 'group'),
  }
}
