/**
 * The nodes a support bundle gathers from, and the signed call that asks one of them. A bundle
 * asks every node at once, each within a short bound, and does not ask a node whose heartbeat
 * is stale at all: a node that is gone would only make the bundle wait for its time-out, and
 * its absence is named in the manifest with why.
 */
import type { FastifyRequest } from 'fastify'
import { HttpError, type ServerContext } from '../context'
import { isValidNodeId } from './logFiles'
import { callNode, NODE_CALL_HEADER, NodeCallError, signNodeCall, verifyNodeCall } from './nodeCalls'
import type { NodeRuntime } from './runtime'
import { opsStore } from './store'
import { isOnline } from './topology'

/**
 * A bundle's calls to other nodes: a live node on a network accepts a connection at once, and
 * begins its answer well within these; one that does not is named as lacking, not waited for.
 */
export const BUNDLE_CALL_CONNECT_MS = 1_000
export const BUNDLE_CALL_SILENCE_MS = 3_000
/**
 * Calls to a host's shared address before giving up on reaching one of its nodes: each new
 * connection may reach another node of that host (Node's cluster hands them out in turn).
 */
const MISDIRECTED_TRIES = 8
/** What a node answers a call meant for another node of its host. */
export const MISDIRECTED = 421

export interface BundleNode {
  readonly id: string
  /** The node building the bundle. */
  readonly self: boolean
  /** Where the others reach it, if it said. */
  readonly url: string | undefined
  /** Its newest heartbeat, and whether that is recent enough to count it Online. */
  readonly lastHeartbeat: string
  readonly online: boolean
}

/** Every node of the cluster, the building one first, then by id. */
export async function bundleNodes(ctx: ServerContext, runtime: NodeRuntime): Promise<BundleNode[]> {
  const rows = await opsStore(ctx.sql).reachable()
  const now = ctx.clock.now()
  const nodes = new Map<string, BundleNode>()
  for (const row of rows) {
    if (!isValidNodeId(row.node_id)) continue
    const seen = nodes.get(row.node_id)
    const online = isOnline(row.last_heartbeat, row.heartbeat_interval_ms, now)
    // Rows come newest heartbeat first within a node: the first one's address is the current.
    nodes.set(row.node_id, {
      id: row.node_id,
      self: row.node_id === runtime.nodeId,
      url: seen?.url ?? row.url ?? undefined,
      lastHeartbeat: seen?.lastHeartbeat ?? row.last_heartbeat,
      online: (seen?.online ?? false) || online,
    })
  }
  const self: BundleNode = nodes.get(runtime.nodeId) ?? {
    id: runtime.nodeId,
    self: true,
    url: runtime.url,
    lastHeartbeat: '',
    online: true,
  }
  nodes.delete(runtime.nodeId)
  return [{ ...self, online: true }, ...nodes.values()]
}

/**
 * Why another node is not to be asked, or undefined when it may be: it registered no address,
 * or its heartbeat is stale.
 */
export function notAskable(node: BundleNode): string | undefined {
  if (!node.url) return 'it registered no address to reach it at'
  if (!node.online)
    return `its last heartbeat was at ${node.lastHeartbeat}: it is Offline, so it was not asked`
  return undefined
}

/**
 * GET `path` (under the API prefix, naming `node.id` for the node to check) of another node,
 * signed with the cluster's key, within the bundle's bounds; `decode` takes the answer's body.
 * A node of the same host that answers for another node ({@link MISDIRECTED}) is asked again on
 * a new connection. Throws a reason naming the node's address when it brings nothing usable.
 */
export async function askBundleNode<T>(
  ctx: ServerContext,
  runtime: NodeRuntime,
  node: BundleNode,
  path: string,
  decode: (body: unknown) => T | undefined,
  maxBytes: number,
): Promise<T> {
  const url = node.url
  if (!url) throw new Error('it registered no address to reach it at')
  const fullPath = `/ui/api/v1${path}`
  const header = signNodeCall(
    await runtime.nodeKey(),
    runtime.nodeId,
    { method: 'GET', path: fullPath },
    ctx.clock.now(),
  )
  for (let tries = 1; ; tries++) {
    let answer
    try {
      answer = await callNode(url, fullPath, header, {
        connectTimeoutMs: BUNDLE_CALL_CONNECT_MS,
        timeoutMs: BUNDLE_CALL_SILENCE_MS,
        maxBytes,
        ownConnection: url === runtime.url,
      })
    } catch (error) {
      if (error instanceof NodeCallError) throw new Error(`the node at ${url} ${error.message}`)
      throw error
    }
    if (answer.status === MISDIRECTED && tries < MISDIRECTED_TRIES) continue
    if (answer.status === MISDIRECTED)
      throw new Error(`the address ${url} answered for other nodes of its host ${tries} times`)
    const decoded = answer.status === 200 ? decode(answer.body) : undefined
    if (decoded === undefined) throw new Error(`the node at ${url} answered ${answer.status} unexpectedly`)
    return decoded
  }
}

/** The message of what was thrown, as a manifest names it. */
export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Refuses (401) a request that is not another node's call signed with the cluster's key for this
 * very request: what a node answers a bundle is for the nodes only, never an administrator's.
 */
export async function requireNodeCall(
  ctx: ServerContext,
  runtime: NodeRuntime,
  request: FastifyRequest,
): Promise<void> {
  const header = request.headers[NODE_CALL_HEADER]
  const call = { method: request.method, path: request.url }
  if (typeof header !== 'string' || !verifyNodeCall(await runtime.nodeKey(), header, call, ctx.clock.now()))
    throw new HttpError(401, 'Not a call signed by a node of this platform', 'UNAUTHORIZED')
}
