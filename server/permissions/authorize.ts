/**
 * The one authorisation module of the registry: every endpoint under /artifactory (npm,
 * generic, and any other client API) asks it before it reads or writes. It finds the caller
 * (registry/auth.ts: token, basic credentials, session), then checks the stored permission
 * targets (rules.ts) for the repository and path. A virtual repository is a door: using it
 * needs read on it, and what it serves or takes comes from the members the caller may use.
 *
 *     const authz = registryAuthorizer(ctx, { repos, auth })
 *     const { caller, repo } = await authz.authorize(request, reply, key, found, 'deploy', path)
 *     const members = await authz.readableMembers(caller, repo)  // resolution order, filtered
 *
 * Refusals are HttpErrors: 401 without credentials (so clients ask for them), 403 otherwise;
 * a repository the caller may not read, and a file or package it may not read, are answered
 * as missing ones (404) instead, so their names are not confirmed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ANONYMOUS, HttpError, type ServerContext } from '../context'
import type { RepositoryRecord, RepositoryStore } from '../repositories/store'
import type { RegistryAuth, RegistryCaller } from '../registry/auth'
import { permissionStore } from './store'
import {
  allows,
  allowsBelow,
  readsWhole,
  type PermissionTarget,
  type Principal,
  type RegistryAction,
} from './rules'

export type { RegistryAction } from './rules'

/** Words of a refusal, by action (messages clients print). */
const VERB: Record<RegistryAction, string> = {
  read: 'read',
  annotate: 'annotate',
  deploy: 'deploy to',
  delete: 'delete or overwrite in',
  manage: 'manage',
}

export function registryAuthorizer(
  ctx: ServerContext,
  deps: { readonly repos: RepositoryStore; readonly auth: RegistryAuth },
) {
  const store = permissionStore(ctx.sql)
  const { repos, auth } = deps

  /**
   * The caller's groups and the targets, read once per caller: a caller is made for one
   * request, so a list's checks (an image, a tag, a repository at a time) cost no query each,
   * and an admin's change still holds from the next request on.
   */
  const grants = new WeakMap<RegistryCaller, Promise<Grants>>()
  const grantsOf = (caller: RegistryCaller): Promise<Grants> => {
    let found = grants.get(caller)
    if (!found) {
      found = (async () => ({
        principal: {
          name: caller.user.name,
          admin: caller.user.admin,
          anonymous: caller.anonymous,
          groups: caller.anonymous ? [] : await store.groupsOf(caller.user.id),
          ...(caller.scope ? { scope: caller.scope } : {}),
        },
        targets: await store.targets(),
      }))()
      grants.set(caller, found)
    }
    return found
  }

  const can = async (
    caller: RegistryCaller,
    repo: RepositoryRecord,
    action: RegistryAction,
    path?: string,
  ): Promise<boolean> => {
    const { principal, targets } = await grantsOf(caller)
    return allows(principal, targets, repo, action, path)
  }

  const refuse = (caller: RegistryCaller, repo: RepositoryRecord, action: RegistryAction): never => {
    if (caller.anonymous) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
    throw new HttpError(
      403,
      `${caller.user.name} may not ${VERB[action]} ${repo.key}${caller.scope ? ' with this token' : ''}`,
      'FORBIDDEN',
    )
  }

  const require = async (
    caller: RegistryCaller,
    repo: RepositoryRecord,
    action: RegistryAction,
    path?: string,
  ): Promise<void> => {
    if (!(await can(caller, repo, action, path))) refuse(caller, repo, action)
  }

  /**
   * Whether the caller may read something in `repo`. A client token whose scope leaves it out
   * still finds a repository its owner may read, to be refused with the token's reason.
   */
  const visible = async (caller: RegistryCaller, repo: RepositoryRecord): Promise<boolean> => {
    if (await can(caller, repo, 'read')) return true
    if (!caller.scope) return false
    const { scope: _scope, ...owner } = caller
    return can(owner, repo, 'read')
  }

  /**
   * `found` (the repository `key` names, if it exists) when the caller may read something in
   * it; otherwise the answer for a missing repository: 404 to a signed-in caller, a 401
   * challenge to an anonymous one, the same whether it exists or not.
   */
  const visibleTo = async (
    caller: RegistryCaller,
    key: string,
    found: RepositoryRecord | undefined,
  ): Promise<RepositoryRecord> => {
    if (found && (await visible(caller, found))) return found
    if (caller.anonymous) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
    throw new HttpError(404, `Repository ${key} not found`, 'NOT_FOUND')
  }

  return {
    can,
    require,

    /**
     * The caller and the repository named `key` (`found`, if it exists), when the caller may
     * read something in it; otherwise answered exactly as a repository that does not exist: 404
     * for a signed-in caller, a 401 challenge for an anonymous one (whose client may then send
     * credentials), the same whether the repository exists or not. So no name is confirmed to
     * someone who may not read it. A write (any action but `read`) needs that action on the
     * repository at `path` (on a virtual one: read; check the member it lands on with
     * `require`), refused with 403 (401 when anonymous). A read is not checked at `path` here:
     * what the caller may not read there is left out of `readableMembers`, so it is answered as
     * missing.
     */
    async authorize(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      found: RepositoryRecord | undefined,
      action: RegistryAction,
      path?: string,
    ): Promise<{ caller: RegistryCaller; repo: RepositoryRecord }> {
      const caller = await auth.caller(request, reply, action !== 'read')
      const repo = await visibleTo(caller, key, found)
      if (action !== 'read') await require(caller, repo, repo.kind === 'virtual' ? 'read' : action, path)
      return { caller, repo }
    },

    visibleTo,

    /**
     * The local repository a write to `repo` lands in: `repo` itself when it is local; a virtual
     * one's default deployment repository (as `find` gives it) when the caller may read that one.
     * None set, one that does not exist and one the caller may not read all answer undefined, so
     * a write through a virtual repository neither names nor confirms what stands behind it.
     */
    async deploymentTarget(
      caller: RegistryCaller,
      repo: RepositoryRecord,
      find: (key: string) => Promise<RepositoryRecord | undefined>,
    ): Promise<RepositoryRecord | undefined> {
      if (repo.kind === 'local') return repo
      if (repo.kind !== 'virtual' || !repo.defaultDeploymentRepo) return undefined
      const target = await find(repo.defaultDeploymentRepo)
      return target?.kind === 'local' && (await visible(caller, target)) ? target : undefined
    },

    /**
     * Refused unless the caller may do `action` in at least one repository (records that belong
     * to no repository, such as build information, need what publishing anything needs).
     */
    async requireAnywhere(caller: RegistryCaller, action: RegistryAction, what: string): Promise<void> {
      for (const repo of await repos.records())
        if (repo.kind === 'local' && (await can(caller, repo, action))) return
      if (caller.anonymous) throw new HttpError(401, 'Authentication is required', 'UNAUTHORIZED')
      throw new HttpError(
        403,
        `${caller.user.name} may not ${action === 'deploy' ? 'deploy' : 'overwrite'} ${what}${caller.scope ? ' with this token' : ''}`,
        'FORBIDDEN',
      )
    },

    /**
     * For a listing of many paths of `repo` (a tree, search results, packages): undefined when
     * the caller may read every path of it, else a test of one path, as the targets' include
     * and exclude patterns decide. Listings keep out what a read of the path would refuse.
     */
    async pathFilter(caller: RegistryCaller, repo: RepositoryRecord): Promise<PathFilter | undefined> {
      const { principal, targets } = await grantsOf(caller)
      if (readsWhole(principal, targets, repo)) return undefined
      return (path) => allows(principal, targets, repo, 'read', path)
    },

    /**
     * Whether the caller may do `action` on some path below `folder` of `repo` (`some`), or on
     * every one (`all`): a container image's folder, where a pattern may name one of its tags.
     */
    async canBelow(
      caller: RegistryCaller,
      repo: RepositoryRecord,
      action: RegistryAction,
      folder: string,
      reach: 'some' | 'all',
    ): Promise<boolean> {
      const { principal, targets } = await grantsOf(caller)
      return allowsBelow(principal, targets, repo, action, folder, reach)
    },

    /** The repositories a read of `repo` goes through, in resolution order, that the caller may read. */
    async readableMembers(caller: RegistryCaller, repo: RepositoryRecord, path?: string) {
      const { principal, targets } = await grantsOf(caller)
      if (!allows(principal, targets, repo, 'read', path)) return []
      return (await repos.resolutionOrder(repo)).filter((r) => allows(principal, targets, r, 'read', path))
    },
  }
}

export type RegistryAuthorizer = ReturnType<typeof registryAuthorizer>

/** Who a caller is to the rules, and the stored targets. */
interface Grants {
  readonly principal: Principal
  readonly targets: readonly PermissionTarget[]
}

/** Whether the caller may read one path of a repository. */
export type PathFilter = (path: string) => boolean

/**
 * Where a container image's tag stands in its repository, for the permission targets' include
 * and exclude patterns: the image's files are `<image>/<tag>/manifest.json` and its layers (as
 * the Artifacts tree shows them), so `secret/**` covers every tag of the image `secret/app` and
 * `app/1.0/**` the tag `1.0` of `app`. A tag is asked at its manifest's file; the image as a
 * whole at its folder (`canBelow`).
 */
export const tagPath = (image: string, tag: string): string => `${image}/${tag}/manifest.json`

/**
 * Who reads through the console's API (/ui/api/v1): the signed-in user, or the anonymous user
 * where the platform allows anonymous access (401 otherwise). Its reads of trees, files and
 * search results ask the same permission targets as the registry's.
 */
export function consoleCaller(ctx: ServerContext, request: FastifyRequest): RegistryCaller {
  const user = ctx.requireUser(request, { allowAnonymous: true })
  return { user, anonymous: user === ANONYMOUS }
}

/**
 * The repositories the caller may read (`keys`; undefined: every one, for an admin) and, for
 * those it may read only in part (the targets' patterns), the test of a path in each.
 */
export async function readableScope(
  authz: RegistryAuthorizer,
  repos: RepositoryStore,
  caller: RegistryCaller,
): Promise<{ keys: ReadonlyArray<string> | undefined; partly: ReadonlyMap<string, PathFilter> }> {
  const keys = await readableRepositories(authz, repos, caller)
  const partly = new Map<string, PathFilter>()
  if (keys)
    for (const repo of await repos.records()) {
      if (!keys.includes(repo.key)) continue
      const filter = await authz.pathFilter(caller, repo)
      if (filter) partly.set(repo.key, filter)
    }
  return { keys, partly }
}

/** The keys of the repositories the caller may read (undefined: every one, for an admin). */
export async function readableRepositories(
  authz: RegistryAuthorizer,
  repos: RepositoryStore,
  caller: RegistryCaller,
): Promise<ReadonlyArray<string> | undefined> {
  if (caller.user.admin && !caller.scope) return undefined
  const readable: string[] = []
  for (const repo of await repos.records()) if (await authz.can(caller, repo, 'read')) readable.push(repo.key)
  return readable
}
