/**
 * Who may do what to a repository, as pure rules over the stored permission targets: a
 * target names repositories (by key, or `ANY`, `ANY LOCAL`, `ANY REMOTE`, `ANY VIRTUAL`),
 * include and exclude path patterns (Ant style: `**`, `*`, `?`) and the actions it grants to
 * users and groups. Actions are ranked: each one implies those below it (delete/overwrite
 * implies deploy, deploy implies annotate, annotate implies read), as the permission form
 * ticks them. Admins may do everything; a client token can narrow, never widen, what its
 * owner may do.
 */
import type { RepositoryKind } from '../../domain/repositories/rules'

/** The registry's actions, lowest first. `deploy` is also a remote repository's cache. */
export const REGISTRY_ACTIONS = ['read', 'annotate', 'deploy', 'delete', 'manage'] as const
export type RegistryAction = (typeof REGISTRY_ACTIONS)[number]

const rank = (action: string): number => REGISTRY_ACTIONS.indexOf(action as RegistryAction)

export interface PermissionTarget {
  readonly name: string
  readonly repositories: readonly string[]
  readonly includePatterns: readonly string[]
  readonly excludePatterns: readonly string[]
  /** Principal name → the actions granted to it. */
  readonly users: Readonly<Record<string, readonly string[]>>
  readonly groups: Readonly<Record<string, readonly string[]>>
}

/** What a client token allows at most: some repositories (null: all) and read or read+deploy. */
export interface TokenScope {
  readonly repositories: readonly string[] | null
  readonly access: 'read' | 'deploy'
}

export interface Principal {
  readonly name: string
  readonly admin: boolean
  readonly anonymous: boolean
  readonly groups: readonly string[]
  /** Present when the caller came with a client token. */
  readonly scope?: TokenScope
}

export interface RepositoryRef {
  readonly key: string
  readonly kind: RepositoryKind
}

/** Whether a target's repository list names this repository. */
export function targetCoversRepository(target: PermissionTarget, repo: RepositoryRef): boolean {
  return target.repositories.some(
    (entry) =>
      entry === repo.key ||
      entry === 'ANY' ||
      (entry === 'ANY LOCAL' && repo.kind === 'local') ||
      (entry === 'ANY REMOTE' && repo.kind === 'remote') ||
      (entry === 'ANY VIRTUAL' && repo.kind === 'virtual'),
  )
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&')

/** An Ant-style pattern as a regular expression over a path without a leading slash. */
export function antPattern(pattern: string): RegExp {
  const parts = pattern.replace(/^\/+/, '').split('/')
  let source = ''
  parts.forEach((part, i) => {
    const last = i === parts.length - 1
    if (part === '**') {
      // Any number of whole segments, none included.
      source += last ? '.*' : '(?:[^/]*/)*'
      return
    }
    source += part
      .split('')
      .map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : escape(c)))
      .join('')
    if (!last) source += '/'
  })
  return new RegExp(`^${source}$`)
}

/**
 * Whether a path is inside a target's patterns. A path ending in `/` stands for a folder or a
 * package as a whole (a packument, a dist-tag): it is inside when some file under it could be.
 */
export function pathCovered(target: PermissionTarget, path: string | undefined): boolean {
  if (path === undefined) return true
  const clean = path.replace(/^\/+/, '')
  const includes = target.includePatterns.length > 0 ? target.includePatterns : ['**']
  const probe = clean.endsWith('/') ? `${clean}x` : clean
  const included = includes.some((p) => antPattern(p).test(probe) || antPattern(p).test(clean))
  const excluded = target.excludePatterns.some((p) => antPattern(p).test(clean) || antPattern(p).test(probe))
  return included && !excluded
}

const segments = (path: string) => path.split('/').filter((s) => s !== '')

/** Whether one segment of a pattern (`*`, `?` inside) matches one segment of a path. */
const segmentMatches = (pattern: string, segment: string) =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : escape(c)))
      .join('')}$`,
  ).test(segment)

/**
 * Whether a pattern matches some path below a folder (`some`), or every path below it (`all`),
 * by walking its segments along the folder's: `app/1.0/**` reaches below `app` but does not
 * cover it; `app/**` and `**` cover it.
 */
function patternBelow(pattern: string, folder: string, reach: 'some' | 'all'): boolean {
  const p = segments(pattern)
  const f = segments(folder)
  const walk = (i: number, j: number): boolean => {
    if (j === f.length)
      return reach === 'some' ? i < p.length : i < p.length && p.slice(i).every((s) => s === '**')
    if (i === p.length) return false
    if (p[i] === '**') return walk(i + 1, j) || walk(i, j + 1)
    return segmentMatches(p[i]!, f[j]!) && walk(i + 1, j + 1)
  }
  return walk(0, 0)
}

/**
 * Whether a target's patterns let in some path below a folder (`some`: one of its includes
 * reaches below it and no exclude covers it whole), or every path below it (`all`).
 */
export function folderCovered(target: PermissionTarget, folder: string, reach: 'some' | 'all'): boolean {
  const includes = target.includePatterns.length > 0 ? target.includePatterns : ['**']
  const other = reach === 'some' ? 'all' : 'some'
  return (
    includes.some((p) => patternBelow(p, folder, reach)) &&
    !target.excludePatterns.some((p) => patternBelow(p, folder, other))
  )
}

/** The highest action a principal holds on a repository (and path), or -1 for none. */
function grantedRank(
  principal: Principal,
  targets: readonly PermissionTarget[],
  repo: RepositoryRef,
  path: string | undefined,
  covers: (target: PermissionTarget) => boolean = (target) => pathCovered(target, path),
): number {
  let best = -1
  for (const target of targets) {
    if (!targetCoversRepository(target, repo) || !covers(target)) continue
    const grants: Array<readonly string[] | undefined> = [
      principal.anonymous ? target.users.anonymous : target.users[principal.name],
      ...(principal.anonymous ? [] : principal.groups.map((g) => target.groups[g])),
    ]
    for (const actions of grants) for (const a of actions ?? []) best = Math.max(best, rank(a))
  }
  return best
}

/** The most a token's scope allows on a repository, as a rank. */
function scopeRank(scope: TokenScope | undefined, repo: RepositoryRef): number {
  if (!scope) return REGISTRY_ACTIONS.length
  if (scope.repositories !== null && !scope.repositories.includes(repo.key)) return -1
  return rank(scope.access)
}

/** Whether the principal may do `action` on the repository (at `path` when given). */
export function allows(
  principal: Principal,
  targets: readonly PermissionTarget[],
  repo: RepositoryRef,
  action: RegistryAction,
  path?: string,
): boolean {
  const wanted = rank(action)
  if (wanted > scopeRank(principal.scope, repo)) return false
  if (principal.admin) return true
  return grantedRank(principal, targets, repo, path) >= wanted
}

/**
 * Whether the principal may do `action` on some path below `folder` (`some`) or on every path
 * below it (`all`): a container image's folder, where one pattern may name a tag.
 */
export function allowsBelow(
  principal: Principal,
  targets: readonly PermissionTarget[],
  repo: RepositoryRef,
  action: RegistryAction,
  folder: string,
  reach: 'some' | 'all',
): boolean {
  const wanted = rank(action)
  if (wanted > scopeRank(principal.scope, repo)) return false
  if (principal.admin) return true
  return grantedRank(principal, targets, repo, undefined, (t) => folderCovered(t, folder, reach)) >= wanted
}

/** A target whose patterns leave out no path. */
const unpatterned = (t: PermissionTarget) =>
  t.excludePatterns.length === 0 && (t.includePatterns.length === 0 || t.includePatterns.includes('**'))

/**
 * Whether the principal may read every path of the repository: it may read there, and an
 * admin or a target without patterns grants it; otherwise only the paths its targets' patterns
 * let in (ask `allows` per path).
 */
export function readsWhole(
  principal: Principal,
  targets: readonly PermissionTarget[],
  repo: RepositoryRef,
): boolean {
  if (!allows(principal, targets, repo, 'read')) return false
  return (
    principal.admin || grantedRank(principal, targets.filter(unpatterned), repo, undefined) >= rank('read')
  )
}

/** The actions the principal holds on the repository, lowest first (for answers and tests). */
export function actionsOn(
  principal: Principal,
  targets: readonly PermissionTarget[],
  repo: RepositoryRef,
  path?: string,
): RegistryAction[] {
  return REGISTRY_ACTIONS.filter((a) => allows(principal, targets, repo, a, path))
}
