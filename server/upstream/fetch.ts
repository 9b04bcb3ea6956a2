/**
 * One HTTP request to an upstream the platform proxies (an npm registry, a file server, a
 * container registry), or to any other address an admin or a setting names (an advisory export,
 * the notifications webhook, Crowd: one guarded way out for all of them), bounded in every way an upstream can misbehave: a connect time-out,
 * a read time-out (no byte for that long, headers included), a cap on the body's size,
 * a few redirects (http and https only; credentials are not carried to another origin), and never
 * a link-local or cloud metadata address, named or resolved, at the start or after a redirect
 * (an upstream's redirect would otherwise hand a reader the machine's cloud credentials).
 * Every failure is an UpstreamFault naming its kind, so callers can answer the client with
 * a clear error instead of a 500. The body is a stream that fails the same way mid-way
 * (reset, time-out, too large), so a caller can pass it on while it arrives.
 *
 * Connections are kept open between requests (a cold `npm ci` asks one upstream for hundreds
 * of documents and tarballs; a new connection each cost a handshake on both sides). Only idle
 * ones are reused, and there is no cap on open ones, so a slow upstream answer never makes
 * another request wait for a socket. A kept connection the upstream closed meanwhile fails
 * before any answer: the request is sent again once, on a new connection.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { guardedLookup, isRefusedHost, RefusedAddress } from '../addressGuard'

export type UpstreamFaultKind =
  | 'badUrl'
  | 'connect'
  | 'tls'
  | 'connectTimeout'
  | 'readTimeout'
  | 'reset'
  | 'tooLarge'
  | 'tooManyRedirects'
  | 'badRedirect'
  | 'blocked'

export class UpstreamFault extends Error {
  constructor(
    readonly kind: UpstreamFaultKind,
    /** The address asked, without credentials or query (safe to log and show). */
    readonly url: string,
    detail: string,
    /** Node's code for the network's failure (ECONNREFUSED, ENOTFOUND, a TLS code), when one caused it. */
    readonly code?: string,
  ) {
    super(detail)
  }
}

export interface UpstreamLimits {
  /** Time to open the connection (TCP and TLS). */
  readonly connectTimeoutMs: number
  /** Longest silence once connected: waiting for the headers or for the next bytes of the body. */
  readonly readTimeoutMs: number
  /** Largest body accepted; longer bodies fail with `tooLarge`. */
  readonly maxBytes: number
  /** Redirects followed before giving up. */
  readonly maxRedirects: number
}

export const DEFAULT_UPSTREAM_LIMITS: UpstreamLimits = {
  connectTimeoutMs: 10_000,
  readTimeoutMs: 30_000,
  maxBytes: 1024 * 1024 * 1024,
  maxRedirects: 5,
}

export type UpstreamCredentials =
  | { readonly kind: 'basic'; readonly user: string; readonly password: string }
  | { readonly kind: 'token'; readonly token: string }

export interface UpstreamRequest {
  readonly method?: 'GET' | 'HEAD' | 'POST'
  readonly headers?: Readonly<Record<string, string>>
  /** Sent whole (a webhook's or a directory's JSON); kept in memory so a stale connection can resend it. */
  readonly body?: string
  readonly credentials?: UpstreamCredentials
  readonly limits?: Partial<UpstreamLimits>
  /** 'manual' answers a redirect as it came (its status and Location) instead of following it. */
  readonly redirect?: 'follow' | 'manual'
}

export interface UpstreamResponse {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The address that answered, after redirects (safe to show). */
  readonly url: string
  /** Declared length, if the upstream sent one. */
  readonly length: number | undefined
  /** The body, bounded by the limits; errors with an UpstreamFault. Consume or destroy it. */
  readonly body: Readable
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** An address as shown in errors and logs: no user, password or query (they may hold secrets). */
export function shownUrl(url: URL | string): string {
  try {
    const u = new URL(String(url))
    return `${u.protocol}//${u.host}${u.pathname}`
  } catch {
    return '(not an address)'
  }
}

function authorization(credentials: UpstreamCredentials | undefined): Record<string, string> {
  if (!credentials) return {}
  if (credentials.kind === 'token') return { authorization: `Bearer ${credentials.token}` }
  const pair = Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')
  return { authorization: `Basic ${pair}` }
}

/** Counts bytes and fails past the cap, so a body without (or with a lying) Content-Length stays bounded. */
class Capped extends Transform {
  private seen = 0
  constructor(
    private readonly max: number,
    private readonly url: string,
  ) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.max)
      done(new UpstreamFault('tooLarge', this.url, `the answer is larger than ${this.max} bytes`))
    else done(null, chunk)
  }
}

interface Answered {
  readonly res: IncomingMessage
  /** Why the socket was ended by us (a read time-out), if it was: the body's error says only "aborted". */
  readonly cause: () => UpstreamFault | undefined
}

/**
 * How long a kept connection may idle: below the 5 s after which common servers (Node's
 * included) close theirs, so the platform is rarely the one to find a connection closed.
 */
export const IDLE_CONNECTION_MS = 4000

/** Keeps idle connections for IDLE_CONNECTION_MS at most (or less when the server says so). */
function idleFor<T extends http.Agent>(agent: T): T {
  // Node's answers whether it kept the connection (its typings say void).
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Socket) => boolean
  agent.keepSocketAlive = (socket: Socket) => {
    if (!keep(socket)) return false
    // The agent destroys an idle connection whose time-out fires.
    socket.setTimeout(Math.min(IDLE_CONNECTION_MS, socket.timeout || IDLE_CONNECTION_MS))
    return true
  }
  return agent
}

const httpAgent = idleFor(new http.Agent({ keepAlive: true, scheduling: 'lifo' }))
const httpsAgent = idleFor(new https.Agent({ keepAlive: true, scheduling: 'lifo' }))

/** What a kept connection the upstream has closed gives when written to. */
const isStaleConnection = (error: unknown) =>
  ['ECONNRESET', 'EPIPE'].includes(String((error as { code?: unknown }).code))

function once(url: URL, request: UpstreamRequest, limits: UpstreamLimits, fresh = false): Promise<Answered> {
  const shown = shownUrl(url)
  let cause: UpstreamFault | undefined
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:'
    const options = {
      // Names are resolved here and refused when any address is link-local or a metadata service's.
      lookup: guardedLookup,
      method: request.method ?? 'GET',
      headers: {
        'user-agent': 'artifact-platform',
        ...request.headers,
        ...authorization(request.credentials),
      },
    }
    const req = secure
      ? https.request(url, { ...options, agent: fresh ? false : httpsAgent })
      : http.request(url, { ...options, agent: fresh ? false : httpAgent })
    let connected = false
    let answered = false
    const connectTimer = setTimeout(() => {
      req.destroy(
        new UpstreamFault('connectTimeout', shown, `no connection within ${limits.connectTimeoutMs} ms`),
      )
    }, limits.connectTimeoutMs)
    req.on('socket', (socket) => {
      const onConnect = () => {
        connected = true
        clearTimeout(connectTimer)
      }
      // A kept connection is connected already.
      if (!socket.connecting) onConnect()
      else socket.once(secure ? 'secureConnect' : 'connect', onConnect)
    })
    // Armed once connected, for the headers and then every silence of the body; the agent takes
    // the listener off when the connection goes back to it, so it never fires for another request.
    req.setTimeout(limits.readTimeoutMs, () => {
      cause = new UpstreamFault('readTimeout', shown, `no answer for ${limits.readTimeoutMs} ms`)
      req.destroy(cause)
    })
    req.on('response', (res) => {
      answered = true
      clearTimeout(connectTimer)
      resolve({ res, cause: () => cause })
    })
    req.on('error', (error) => {
      clearTimeout(connectTimer)
      if (error instanceof UpstreamFault) reject(error)
      else if (error instanceof RefusedAddress) reject(blocked(shown, error.address))
      else if (req.reusedSocket && !answered && isStaleConnection(error))
        once(url, request, limits, true).then(resolve, reject)
      else if (!connected)
        reject(
          isTlsFailure(error)
            ? new UpstreamFault('tls', shown, `the TLS handshake failed: ${errorCode(error)}`, codeOf(error))
            : new UpstreamFault('connect', shown, `cannot connect: ${errorCode(error)}`, codeOf(error)),
        )
      else
        reject(new UpstreamFault('reset', shown, `the connection failed: ${errorCode(error)}`, codeOf(error)))
    })
    req.end(request.body)
  })
}

const blocked = (shown: string, address: string) =>
  new UpstreamFault('blocked', shown, `${address} is a link-local or cloud metadata address: never called`)

/**
 * A failure of TLS rather than of the network: a certificate the platform does not trust (self
 * signed, expired, another host's) or a server that does not speak TLS, so an admin can tell
 * "fix the address or the certificate" from "the host is down".
 */
const isTlsFailure = (error: unknown): boolean =>
  /^(ERR_SSL_|ERR_TLS_|CERT_|EPROTO$|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/.test(
    String((error as { code?: unknown }).code ?? ''),
  )

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

const errorCode = (error: unknown): string =>
  (error as { code?: unknown }).code ? String((error as { code: unknown }).code) : String(error)

/**
 * Sends the request, following redirects; answers the final response whatever its status
 * (the caller decides what 304, 404 or 5xx mean), or rejects with an UpstreamFault.
 */
export async function upstreamRequest(
  address: string,
  request: UpstreamRequest = {},
): Promise<UpstreamResponse> {
  const limits = { ...DEFAULT_UPSTREAM_LIMITS, ...request.limits }
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new UpstreamFault('badUrl', shownUrl(address), 'not an address')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UpstreamFault('badUrl', shownUrl(url), 'only http and https are fetched')
  const origin = url.origin
  for (let hop = 0; ; hop++) {
    // A literal address is never looked up, so it is checked here, before any connect.
    if (isRefusedHost(url.hostname)) throw blocked(shownUrl(url), url.hostname)
    // Credentials go only to the origin they were given for.
    const { res, cause } = await once(
      url,
      url.origin === origin ? request : { ...request, credentials: undefined },
      limits,
    )
    const location = res.headers.location
    if (REDIRECTS.has(res.statusCode ?? 0) && location && request.redirect !== 'manual') {
      res.resume()
      if (hop >= limits.maxRedirects)
        throw new UpstreamFault(
          'tooManyRedirects',
          shownUrl(url),
          `more than ${limits.maxRedirects} redirects`,
        )
      let next: URL
      try {
        next = new URL(location, url)
      } catch {
        throw new UpstreamFault(
          'badRedirect',
          shownUrl(url),
          'a redirect to something that is not an address',
        )
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new UpstreamFault(
          'badRedirect',
          shownUrl(url),
          `a redirect to ${next.protocol} (only http and https)`,
        )
      url = next
      continue
    }
    return answer(res, cause, url, limits)
  }
}

function answer(
  res: IncomingMessage,
  cause: () => UpstreamFault | undefined,
  url: URL,
  limits: UpstreamLimits,
): UpstreamResponse {
  const shown = shownUrl(url)
  const broke = (error?: unknown) =>
    cause() ??
    (error instanceof UpstreamFault
      ? error
      : new UpstreamFault('reset', shown, `the answer broke off${error ? `: ${errorCode(error)}` : ''}`))
  const declared = Number(res.headers['content-length'])
  const length = Number.isFinite(declared) && declared >= 0 ? declared : undefined
  if (length !== undefined && length > limits.maxBytes) {
    res.destroy()
    const body = new Capped(0, shown)
    body.destroy(new UpstreamFault('tooLarge', shown, `the answer is larger than ${limits.maxBytes} bytes`))
    return { status: res.statusCode ?? 0, headers: res.headers, url: shown, length, body }
  }
  const body = new Capped(limits.maxBytes, shown)
  let received = 0
  res.on('data', (chunk: Buffer) => {
    received += chunk.length
  })
  res.on('error', (error) => body.destroy(broke(error)))
  res.on('aborted', () => body.destroy(broke()))
  res.on('end', () => {
    // A body shorter than its Content-Length was cut, whatever the socket said.
    if (length !== undefined && received < length)
      body.destroy(
        new UpstreamFault('reset', shown, `the answer broke off after ${received} of ${length} bytes`),
      )
  })
  res.pipe(body)
  body.on('close', () => {
    if (!res.complete) res.destroy()
  })
  return { status: res.statusCode ?? 0, headers: res.headers, url: shown, length, body }
}

/** The whole body in memory (for documents; the limits keep it bounded). */
export async function readAll(response: UpstreamResponse): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of response.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
