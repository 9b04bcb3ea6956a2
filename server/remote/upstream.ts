/**
 * A remote repository's upstream as the proxy sees it: its address, limits and credentials
 * from the repository's settings, every call's outcome written to the remote's state (and a
 * failure to the service log), and each failure turned into the problem a client is shown.
 */
import type { ServerContext } from '../context'
import { isoNow } from '../clock'
import { startNodeRuntime } from '../ops/runtime'
import type { RepositoryRecord } from '../repositories/store'
import { upstreamRequest, UpstreamFault, type UpstreamResponse } from '../upstream/fetch'
import { IntegrityMismatch } from './fileCache'
import { faultProblem, integrityProblem, isOutage, offlineProblem, type RemoteProblem } from './rules'
import type { RemoteSettings, RemoteStore } from './store'

/** A remote could not answer; the route answers `problem` in its client's shape. */
export class RemoteError extends Error {
  constructor(
    readonly problem: RemoteProblem,
    /** The upstream had already failed for a while (rules.ts isOutage) when this failure came. */
    readonly outage = false,
  ) {
    super(problem.message)
  }
}

/** Largest package document accepted (the biggest public ones are tens of MB). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
/** Largest file fetched. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024

const sameOrigin = (a: string, b: string | null) => {
  try {
    return b !== null && new URL(a).origin === new URL(b).origin
  } catch {
    return false
  }
}

export function remoteUpstream(ctx: ServerContext, store: RemoteStore) {
  const log = (level: 'INFO' | 'WARN' | 'ERROR', message: string) =>
    startNodeRuntime(ctx).log('artifactory', level, message)

  /** `path` under the remote's address (which may itself have a path). */
  const addressOf = (repo: RepositoryRecord, path: string) =>
    `${(repo.url ?? '').replace(/\/+$/, '')}/${path}`

  return {
    log,
    addressOf,
    offline: async (repo: RepositoryRecord) => (await store.settings(repo.key)).offline,

    /** Asks the upstream; an offline remote or a fault becomes a RemoteError (and is recorded). */
    async request(
      repo: RepositoryRecord,
      /** A path under the remote's address, or an address the upstream gave (a tarball's). */
      where: string | { readonly url: string },
      what: string,
      options: {
        headers?: Record<string, string>
        maxBytes: number
        /** The remote's settings when the caller has just read them (else read here). */
        settings?: RemoteSettings
      },
    ): Promise<UpstreamResponse> {
      const settings = options.settings ?? (await store.settings(repo.key))
      if (settings.offline) throw new RemoteError(offlineProblem(repo.key, what))
      const address = typeof where === 'string' ? addressOf(repo, where) : where.url
      // Credentials go to the remote's own origin only, not to wherever a document points.
      const credentials = sameOrigin(address, repo.url) ? await store.credentials(repo.key) : undefined
      try {
        return await upstreamRequest(address, {
          headers: options.headers,
          credentials,
          limits: {
            connectTimeoutMs: settings.connectTimeoutMs,
            readTimeoutMs: settings.readTimeoutMs,
            maxBytes: options.maxBytes,
          },
        })
      } catch (error) {
        if (error instanceof UpstreamFault) throw await failure(repo, faultProblem(repo.key, error))
        throw error
      }
    },

    failure: (repo: RepositoryRecord, problem: RemoteProblem) => failure(repo, problem),
    /** A fetch's failure as the client is told it (and recorded), or the error itself when it is not the upstream's. */
    async asRemoteError(repo: RepositoryRecord, file: string, error: unknown): Promise<unknown> {
      if (error instanceof RemoteError) return error
      if (error instanceof UpstreamFault) return await failure(repo, faultProblem(repo.key, error))
      if (error instanceof IntegrityMismatch)
        return await failure(repo, integrityProblem(repo.key, file, error.expected, error.actual))
      return error
    },
    succeeded: (repo: RepositoryRecord) => store.recordSuccess(repo.key, isoNow(ctx.clock)),
  }

  async function failure(repo: RepositoryRecord, problem: RemoteProblem): Promise<RemoteError> {
    const failingSince = await store.failingSince(repo.key)
    await store.recordFailure(repo.key, problem.message, isoNow(ctx.clock))
    log('WARN', problem.message)
    return new RemoteError(problem, isOutage(failingSince, ctx.clock.now()))
  }
}

export type RemoteUpstream = ReturnType<typeof remoteUpstream>
