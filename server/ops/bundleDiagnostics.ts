/**
 * The configuration and thread dumps a support bundle carries: every node's, not only the
 * building node's. A thread dump is one Node diagnostic report (`process.report.getReport()`, the
 * Node counterpart of a thread dump), so only the process it describes can take it: every other
 * node is asked for its own with a call signed by the cluster's key (bundleNodes.ts), and cuts the
 * secrets it knows (its environment is not the building node's) before answering; the building
 * node cuts its own again. A node that cannot be asked, or does not answer, is named in the
 * bundle's manifest with why.
 */
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import type { ServerConfig } from '../config'
import {
  askBundleNode,
  MISDIRECTED,
  notAskable,
  reasonOf,
  requireNodeCall,
  type BundleNode,
} from './bundleNodes'
import { REDACTED, redactSecrets } from './redact'
import type { NodeRuntime } from './runtime'
import { documented, errorSchema } from './schemas'

/** The node call of a node's configuration and thread dump, under the API prefix. */
export const NODE_DIAGNOSTICS_PATH = '/system/support/nodeDiagnostics'
/** A diagnostic report is a few hundred KB; room for a large one's JSON. */
const MAX_DIAGNOSTICS_BYTES = 16 * 1024 * 1024

export const SECRET_KEY = /pass|secret|token|apikey|api_key|credential|cookie|auth|private|key|webhook|dsn/i

/** The configuration as a bundle shows it: every secret-looking value replaced. */
export function redactedConfig(config: ServerConfig): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, SECRET_KEY.test(key) ? REDACTED : value]),
  )
}

/** A diagnostic report with environment secrets removed, by name and by value. */
export function redactedReport(secrets: readonly string[]): string {
  const report = process.report.getReport() as unknown as Record<string, unknown>
  const env = report.environmentVariables
  if (env && typeof env === 'object')
    report.environmentVariables = Object.fromEntries(
      Object.entries(env as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : v]),
    )
  return redactSecrets(JSON.stringify(report, null, 2), secrets)
}

/** What one node gives a bundle: its configuration, and a thread dump when asked. */
export interface NodeDiagnostics {
  readonly config: string
  readonly threadDump?: string
}

/** This node's configuration and, when asked, a thread dump, secrets cut. */
export function ownDiagnostics(
  ctx: ServerContext,
  runtime: NodeRuntime,
  secrets: readonly string[],
  threadDump: boolean,
): NodeDiagnostics {
  const config = JSON.stringify(
    {
      server: redactedConfig(ctx.config),
      node: {
        nodeId: runtime.nodeId,
        services: runtime.services.map((s) => ({ name: s.name, key: s.key })),
        heartbeatIntervalMs: runtime.heartbeatMs,
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
      },
    },
    null,
    2,
  )
  return {
    config: redactSecrets(config, secrets),
    ...(threadDump ? { threadDump: redactedReport(secrets) } : {}),
  }
}

const decodeDiagnostics = (body: unknown): NodeDiagnostics | undefined => {
  const b = body as Partial<NodeDiagnostics> | null | undefined
  if (typeof b?.config !== 'string') return undefined
  if (b.threadDump !== undefined && typeof b.threadDump !== 'string') return undefined
  return { config: b.config, ...(b.threadDump !== undefined ? { threadDump: b.threadDump } : {}) }
}

/** One round of a bundle: each node's diagnostics, or why it has none, in the order of `nodes`. */
export async function clusterDiagnostics(
  ctx: ServerContext,
  runtime: NodeRuntime,
  nodes: readonly BundleNode[],
  secrets: readonly string[],
  threadDump: boolean,
): Promise<
  Array<{ readonly node: string } & ({ readonly diagnostics: NodeDiagnostics } | { readonly reason: string })>
> {
  const ask = async (node: BundleNode): Promise<NodeDiagnostics> => {
    if (node.self) return ownDiagnostics(ctx, runtime, secrets, threadDump)
    const why = notAskable(node)
    if (why) throw new Error(why)
    const path = `${NODE_DIAGNOSTICS_PATH}?nodeId=${node.id}&threadDump=${threadDump}`
    const answer = await askBundleNode(ctx, runtime, node, path, decodeDiagnostics, MAX_DIAGNOSTICS_BYTES)
    if (threadDump && answer.threadDump === undefined)
      throw new Error(`the node at ${node.url} sent no thread dump`)
    // The other node cut what it knows; this one cuts what it knows as well.
    return {
      config: redactSecrets(answer.config, secrets),
      ...(answer.threadDump !== undefined ? { threadDump: redactSecrets(answer.threadDump, secrets) } : {}),
    }
  }
  const answers = await Promise.allSettled(nodes.map(ask))
  return answers.map((answer, i) => {
    const node = nodes[i]!.id
    return answer.status === 'fulfilled'
      ? { node, diagnostics: answer.value }
      : { node, reason: reasonOf(answer.reason) }
  })
}

/**
 * The node call that answers this node's configuration and a thread dump for another node's
 * bundle: signed with the cluster's key for this very request, or 401. Another node of the same
 * host, reached through the address they share, answers 421: the caller asks again.
 */
export function registerNodeDiagnosticsRoute(
  app: FastifyInstance,
  ctx: ServerContext,
  runtime: NodeRuntime,
  knownSecrets: () => Promise<string[]>,
): void {
  app.get<{ Querystring: { nodeId: string; threadDump: boolean } }>(
    NODE_DIAGNOSTICS_PATH,
    {
      schema: documented(
        "A node's configuration and a thread dump, secrets cut, for another node's support bundle (node calls only)",
        {
          querystring: {
            type: 'object',
            additionalProperties: false,
            required: ['nodeId'],
            properties: {
              nodeId: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' },
              threadDump: { type: 'boolean', default: false },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['config'],
              properties: { config: { type: 'string' }, threadDump: { type: 'string' } },
            },
            401: errorSchema,
            421: errorSchema,
          },
        },
      ),
    },
    async (request) => {
      await requireNodeCall(ctx, runtime, request)
      const { nodeId, threadDump } = request.query
      if (nodeId !== runtime.nodeId)
        throw new HttpError(MISDIRECTED, `This is node ${runtime.nodeId}, not ${nodeId}`, 'MISDIRECTED')
      return ownDiagnostics(ctx, runtime, await knownSecrets(), threadDump)
    },
  )
}
