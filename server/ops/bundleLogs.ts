/**
 * The log files a support bundle carries: every node's of the cluster, not only the building
 * node's (a fault seen on one node is often explained by another's log). The nodes of one host
 * share its data folder, so their folders are read here; a node on another host is asked for
 * its own with a call signed by the cluster's key (nodeCalls.ts), and cuts the secrets it knows
 * (its environment is not this node's) before answering; this node cuts its own again. A node
 * that cannot be read is named in the bundle's manifest with the reason.
 */
import { open } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { listNodeLogs, nodeLogDir } from './logFiles'
import { askBundleNode, notAskable, reasonOf, requireNodeCall, type BundleNode } from './bundleNodes'
import { redactSecrets } from './redact'
import type { NodeRuntime } from './runtime'
import { documented, errorSchema } from './schemas'

/** Each log file contributes at most its last 8 MB. */
export const MAX_LOG_BYTES_IN_BUNDLE = 8 * 1024 * 1024
/** What one other node's files may add to a bundle; the files past it are named, not carried. */
export const MAX_NODE_LOG_BYTES = 48 * 1024 * 1024
/** The node call of a bundle's log files, under the API prefix. */
export const NODE_LOGS_PATH = '/system/support/nodeLogs'

export interface NodeLogFile {
  readonly name: string
  readonly content: string
}

export interface NodeLogs {
  readonly files: readonly NodeLogFile[]
  /** Files left out, with why. */
  readonly omitted: readonly string[]
}

/** A node's files as a bundle carries them, missing, and why. */
export interface ClusterLogs {
  /** `logs/<node>/<file>` → its redacted text. */
  readonly files: ReadonlyArray<readonly [string, string]>
  /** The nodes whose logs it carries. */
  readonly nodes: readonly string[]
  /** Nodes, or files of nodes, it lacks, each with why. */
  readonly lacking: ReadonlyArray<{ readonly node: string; readonly reason: string }>
}

async function tail(path: string, max: number): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const length = Math.min(size, max)
    const buffer = Buffer.alloc(length)
    await handle.read(buffer, 0, length, size - length)
    return buffer
  } finally {
    await handle.close()
  }
}

/**
 * The log files of a node whose folder is in this data folder: each one's last 8 MB, together at
 * most `budget` bytes (current files first, then rotated ones), secrets cut.
 */
export async function readNodeLogs(
  dataDir: string,
  nodeId: string,
  secrets: readonly string[],
  budget = Number.POSITIVE_INFINITY,
): Promise<NodeLogs> {
  const dir = nodeLogDir(dataDir, nodeId)
  if (!dir) return { files: [], omitted: [] }
  const rotatedLast = (f: string) => (f.includes('.1.log') ? 1 : 0)
  const names = listNodeLogs(dataDir, nodeId).sort(
    (a, b) => rotatedLast(a) - rotatedLast(b) || a.localeCompare(b),
  )
  const files: NodeLogFile[] = []
  const omitted: string[] = []
  let left = budget
  for (const name of names) {
    if (left <= 0) {
      omitted.push(`${name}: past the ${budget / 1024 / 1024} MB a node's logs may add to a bundle`)
      continue
    }
    const bytes = await tail(join(dir, name), Math.min(MAX_LOG_BYTES_IN_BUNDLE, left))
    left -= bytes.byteLength
    files.push({ name, content: redactSecrets(bytes.toString('utf8'), secrets) })
  }
  return { files, omitted }
}

const decodeNodeLogs = (body: unknown): NodeLogs | undefined => {
  const b = body as Partial<NodeLogs> | undefined
  const fileOk = (f: unknown) => {
    const file = f as Partial<NodeLogFile> | null
    return typeof file?.name === 'string' && typeof file.content === 'string'
  }
  return Array.isArray(b?.files) &&
    b.files.every(fileOk) &&
    Array.isArray(b.omitted) &&
    b.omitted.every((o) => typeof o === 'string')
    ? { files: b.files, omitted: b.omitted }
    : undefined
}

/**
 * Every node's log files for a bundle built on this node, and the nodes it lacks: the nodes of
 * this host read from its data folder, the others asked at once, each within the bundle's bound;
 * a node of another host whose heartbeat is stale is not asked.
 */
export async function clusterLogs(
  ctx: ServerContext,
  runtime: NodeRuntime,
  nodes: readonly BundleNode[],
  secrets: readonly string[],
): Promise<ClusterLogs> {
  const logsOf = async (node: BundleNode): Promise<NodeLogs> => {
    const dir = nodeLogDir(ctx.config.dataDir, node.id)
    if (node.self || (dir && existsSync(dir))) return readNodeLogs(ctx.config.dataDir, node.id, secrets)
    if (node.url === runtime.url) throw new Error("its log folder is not in this host's data folder")
    const why = notAskable(node)
    if (why) throw new Error(why)
    return askBundleNode(
      ctx,
      runtime,
      node,
      `${NODE_LOGS_PATH}?nodeId=${node.id}`,
      decodeNodeLogs,
      // JSON escaping may grow the text: room for twice the files' bytes.
      2 * MAX_NODE_LOG_BYTES + 1024 * 1024,
    )
  }
  const answers = await Promise.allSettled(nodes.map(logsOf))
  const files: Array<readonly [string, string]> = []
  const carried: string[] = []
  const lacking: Array<{ node: string; reason: string }> = []
  answers.forEach((answer, i) => {
    const id = nodes[i]!.id
    if (answer.status === 'rejected') return void lacking.push({ node: id, reason: reasonOf(answer.reason) })
    carried.push(id)
    // The other node cut what it knows; this one cuts what it knows as well.
    for (const file of answer.value.files)
      files.push([`logs/${id}/${file.name}`, redactSecrets(file.content, secrets)])
    for (const reason of answer.value.omitted) lacking.push({ node: id, reason })
  })
  return { files, nodes: carried, lacking }
}

/**
 * The node call that answers this host's node's log files for another node's bundle: signed
 * with the cluster's key for this very request, or 401. Never an administrator's: they get the
 * files in a bundle.
 */
export function registerNodeLogsRoute(
  app: FastifyInstance,
  ctx: ServerContext,
  runtime: NodeRuntime,
  knownSecrets: () => Promise<string[]>,
): void {
  app.get<{ Querystring: { nodeId: string } }>(
    NODE_LOGS_PATH,
    {
      schema: documented(
        "A node's log files, secrets cut, for another node's support bundle (node calls only)",
        {
          querystring: {
            type: 'object',
            additionalProperties: false,
            required: ['nodeId'],
            properties: { nodeId: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' } },
          },
          response: {
            200: {
              type: 'object',
              required: ['files', 'omitted'],
              properties: {
                files: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'content'],
                    properties: { name: { type: 'string' }, content: { type: 'string' } },
                  },
                },
                omitted: { type: 'array', items: { type: 'string' } },
              },
            },
            401: errorSchema,
            404: errorSchema,
          },
        },
      ),
    },
    async (request) => {
      await requireNodeCall(ctx, runtime, request)
      const { nodeId } = request.query
      const dir = nodeLogDir(ctx.config.dataDir, nodeId)
      if (!dir || !existsSync(dir))
        throw new HttpError(404, `No logs of node ${nodeId} on this host`, 'NOT_FOUND')
      return readNodeLogs(ctx.config.dataDir, nodeId, await knownSecrets(), MAX_NODE_LOG_BYTES)
    },
  )
}
