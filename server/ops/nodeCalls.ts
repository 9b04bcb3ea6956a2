/**
 * Calls from one node of the platform to another: a node asked for the log files of a node on
 * another host reads them through that host, at the address it registered (`cluster_nodes.url`).
 * A call is signed with the cluster's node key, which every node reads from the database they
 * share, and is valid for a short while only (hosts' clocks may differ by seconds, not minutes).
 * It is bounded: time limits (to connect, and for the answer's silences), a size limit on the
 * answer, no redirects followed; it goes only to an address a node registered, never to one a
 * request names, and never to a link-local or metadata address (server/upstream/fetch.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { readAll, upstreamRequest, UpstreamFault } from '../upstream/fetch'

/** `<calling node id> <expiry, ms since the epoch> <HMAC-SHA256, hex>`. */
export const NODE_CALL_HEADER = 'x-node-call'
const VALID_MS = 30_000
export const NODE_CALL_TIMEOUT_MS = 5_000
/** A log slice is at most 256 KB; its JSON a little more. */
export const NODE_CALL_MAX_BYTES = 1024 * 1024

export interface NodeCall {
  readonly method: string
  /** Path and query, as the called node sees them (`request.url`). */
  readonly path: string
}

const macOf = (key: string, from: string, expires: string, call: NodeCall): string =>
  createHmac('sha256', key).update([from, expires, call.method, call.path].join('\n')).digest('hex')

export function signNodeCall(key: string, from: string, call: NodeCall, nowMs: number): string {
  const expires = String(nowMs + VALID_MS)
  return `${from} ${expires} ${macOf(key, from, expires, call)}`
}

/** The calling node's id when `header` signs this very call with `key` and has not expired. */
export function verifyNodeCall(
  key: string,
  header: string,
  call: NodeCall,
  nowMs: number,
): string | undefined {
  const parts = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63}) (\d{1,15}) ([0-9a-f]{64})$/.exec(header)
  if (!parts) return undefined
  const [, from, expires, mac] = parts as unknown as [string, string, string, string]
  // A later expiry than a signer gives is a forged or far-off clock: refused as well.
  if (Number(expires) < nowMs || Number(expires) > nowMs + 2 * VALID_MS) return undefined
  const expected = Buffer.from(macOf(key, from, expires, call), 'hex')
  return timingSafeEqual(expected, Buffer.from(mac, 'hex')) ? from : undefined
}

/**
 * The address other nodes reach this one at: NODE_URL when set (a host behind its own name or
 * address), else the address it listens on, the host's name for a wildcard one.
 */
export function advertisedUrl(
  nodeUrl: string | undefined,
  address: AddressInfo | string | null,
): string | undefined {
  if (nodeUrl) return nodeUrl
  if (!address || typeof address === 'string') return undefined
  const host = address.address === '0.0.0.0' || address.address === '::' ? hostname() : address.address
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}

/** Why a call to another node brought no answer: its status for the client (502 or 504). */
export class NodeCallError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

export interface NodeAnswer {
  readonly status: number
  /** The JSON answered, undefined when the body was not JSON. */
  readonly body: unknown
}

/** GET `path` of the node at `baseUrl`, with `header` as its signature. */
export async function callNode(
  baseUrl: string,
  path: string,
  header: string,
  bounds: {
    /** For the answer's silences, and to connect unless `connectTimeoutMs` says otherwise. */
    timeoutMs?: number
    connectTimeoutMs?: number
    maxBytes?: number
    /**
     * A connection of its own, closed after the answer: the nodes of one host share its address
     * and port, and each new connection may reach another of them.
     */
    ownConnection?: boolean
  } = {},
): Promise<NodeAnswer> {
  const timeoutMs = bounds.timeoutMs ?? NODE_CALL_TIMEOUT_MS
  const connectTimeoutMs = bounds.connectTimeoutMs ?? timeoutMs
  const maxBytes = bounds.maxBytes ?? NODE_CALL_MAX_BYTES
  try {
    // The platform's one guarded way out: a registered address that is link-local or a cloud
    // metadata service's (named, resolved, or redirected to) is never called.
    const response = await upstreamRequest(`${baseUrl.replace(/\/$/, '')}${path}`, {
      headers: {
        [NODE_CALL_HEADER]: header,
        accept: 'application/json',
        ...(bounds.ownConnection ? { connection: 'close' } : {}),
      },
      redirect: 'manual',
      limits: { connectTimeoutMs, readTimeoutMs: timeoutMs, maxBytes },
    })
    const text = (await readAll(response)).toString('utf8')
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, body }
  } catch (error) {
    if (!(error instanceof UpstreamFault)) throw error
    if (error.kind === 'connectTimeout')
      throw new NodeCallError(504, `could not be reached within ${connectTimeoutMs / 1000} s`)
    if (error.kind === 'readTimeout')
      throw new NodeCallError(504, `did not answer within ${timeoutMs / 1000} s`)
    if (error.kind === 'tooLarge') throw new NodeCallError(502, `answered more than ${maxBytes} bytes`)
    // The fault names the address (without credentials or query) and the reason, never a secret.
    throw new NodeCallError(502, `could not be reached: ${error.message}`)
  }
}
