/**
 * Keeps a test's outgoing connections on this machine: every socket this process connects (the
 * test server runs in it) to a host other than a loopback address fails before it connects, and
 * is recorded. A test of a refusal (a link-local or cloud metadata address) asserts that nothing
 * was recorded, so the platform refused before any connect; were the refusal broken, the
 * request is stopped here and never leaves the machine.
 *
 * The guard sits in `net.Socket.prototype.connect`, which every client socket goes through:
 * net.connect and http's agents, tls.connect and https (a TLSSocket is a net.Socket), fetch
 * (undici opens its sockets with net.connect and tls.connect), and a socket made with
 * `new Socket()` and connected by hand.
 */
import { Socket } from 'node:net'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|localhost)$/i

/** The host a `socket.connect` call names: `[options, callback]` from net.connect, options, a port and host, or a path. */
function hostOf(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0]
  if (typeof first === 'string') return 'localhost' // a Unix socket's path
  if (first && typeof first === 'object') {
    const o = first as { host?: unknown; path?: unknown }
    if (typeof o.path === 'string') return 'localhost' // a Unix socket
    return typeof o.host === 'string' ? o.host : 'localhost'
  }
  return typeof args[1] === 'string' ? args[1] : 'localhost'
}

export interface LoopbackOnly {
  /** The hosts a connection was attempted to and stopped (not loopback). */
  readonly stopped: readonly string[]
  stop(): void
}

/** The guards running; the prototype is patched while there is one. */
const running = new Set<string[]>()
const connect = Object.getOwnPropertyDescriptor(Socket.prototype, 'connect')!.value as (
  this: Socket,
  ...args: unknown[]
) => Socket

function guardedConnect(this: Socket, ...args: unknown[]): Socket {
  const host = hostOf(args).replace(/^\[|\]$/g, '')
  if (LOOPBACK.test(host)) return connect.apply(this, args)
  for (const stopped of running) stopped.push(host)
  const error = Object.assign(new Error(`connect to ${host} stopped by the test: off this machine`), {
    code: 'ECONNREFUSED',
  })
  process.nextTick(() => this.destroy(error))
  return this
}

export function loopbackOnly(): LoopbackOnly {
  const stopped: string[] = []
  running.add(stopped)
  Socket.prototype.connect = guardedConnect as Socket['connect']
  return {
    stopped,
    stop: () => {
      running.delete(stopped)
      if (running.size === 0) Socket.prototype.connect = connect as Socket['connect']
    },
  }
}
