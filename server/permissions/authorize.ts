/**
 * The one authorisation module of the registry: every endpoint under /artifactory (npm,
 * generic, and any other client API) asks it before it reads or writes. It finds the caller
 * (registry/auth.ts: token, basic credentials, session), then checks the stored permission
 * targets (rules.ts) for the repository and path. A virtual repository is a door: using it
 * needs read on it, and what it serves or takes comes from the members the caller may use.
 *
 *     const authz = registryAuthorizer(ctx, { repos, auth })
 *     const caller = await authz.authorize(request, reply, repo, 'deploy', path)
 *     const members = await authz.readableMembers(caller, repo)  // resolution order, filtered
 *
 * Refusals are HttpErrors: 401 without credentials (so clients ask for them), 403 otherwise.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ANONYMOUS, HttpError, type ServerContext } from '../context'
import type { RepositoryRecord, RepositoryStore } from '../repositories/store'
import type { RegistryAuth, RegistryCaller } from '../registry/auth'
import { permissionStore } from './store'
import { allows, type Principal, type RegistryAction } from './rules'

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

  const principalOf = async (caller: RegistryCaller): Promise<Principal> => ({
    name: caller.user.name,
    admin: caller.user.admin,
    anonymous: caller.anonymous,
    groups: caller.anonymous ? [] : await store.groupsOf(caller.user.id),
    ...(caller.scope ? { scope: caller.scope } : {}),
  })

  const can = async (
    caller: RegistryCaller,
    repo: RepositoryRecord,
    action: RegistryAction,
    path?: string,
  ): Promise<boolean> => allows(await principalOf(caller), await store.targets(), repo, action, path)

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

  return {
    can,
    require,

    /**
     * The caller, allowed to do `action` on `repo` (at `path`), or a refusal. Anything but
     * `read` is a write: anonymous callers are refused and a session needs the same-origin proof.
     * For a virtual repository this checks read on the virtual itself; check the member the
     * action lands on with `require` (a deploy's target, a read's members).
     */
    async authorize(
      request: FastifyRequest,
      reply: FastifyReply,
      repo: RepositoryRecord,
      action: RegistryAction,
      path?: string,
    ): Promise<RegistryCaller> {
      const caller = await auth.caller(request, reply, action !== 'read')
      await require(caller, repo, repo.kind === 'virtual' ? 'read' : action, path)
      return caller
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

    /** The repositories a read of `repo` goes through, in resolution order, that the caller may read. */
    async readableMembers(caller: RegistryCaller, repo: RepositoryRecord, path?: string) {
      const principal = await principalOf(caller)
      const targets = await store.targets()
      if (!allows(principal, targets, repo, 'read', path)) return []
      return (await repos.resolutionOrder(repo.key)).filter((r) =>
        allows(principal, targets, r, 'read', path),
      )
    },
  }
}

export type RegistryAuthorizer = ReturnType<typeof registryAuthorizer>

/**
 * Who reads through the console's API (/ui/api/v1): the signed-in user, or the anonymous user
 * where the platform allows anonymous access (401 otherwise). Its reads of trees, files and
 * search results ask the same permission targets as the registry's.
 */
export function consoleCaller(ctx: ServerContext, request: FastifyRequest): RegistryCaller {
  const user = ctx.requireUser(request, { allowAnonymous: true })
  return { user, anonymous: user === ANONYMOUS }
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
