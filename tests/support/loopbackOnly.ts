/**
 * Keeps a test's outgoing connections on this machine: every socket this process opens (the
 * test server runs in it) to a host other than a loopback address fails before it connects, and
 * is recorded. A test of a refusal (a link-local or cloud metadata address) asserts that nothing
 * was recorded, so the platform refused before any connect; were the refusal broken, the
 * request is stopped here and never leaves the machine. Plain TCP (http:) only: tls.connect opens
 * its socket without this channel, so a test using it must use http: addresses.
 */
import { channel } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|localhost)$/i

/** net.connect's options, as `socket.connect` is handed them (`[options, callback]`, or a port and host). */
function hostOf(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0]
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

export function loopbackOnly(): LoopbackOnly {
  const stopped: string[] = []
  const sockets = channel('net.client.socket')
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket
    const connect = socket.connect.bind(socket) as (...args: unknown[]) => Socket
    // net.connect publishes the new socket, then calls its connect: the guard goes in between.
    socket.connect = ((...args: unknown[]) => {
      const host = hostOf(args).replace(/^\[|\]$/g, '')
      if (LOOPBACK.test(host)) return connect(...args)
      stopped.push(host)
      const error = Object.assign(new Error(`connect to ${host} stopped by the test: off this machine`), {
        code: 'ECONNREFUSED',
      })
      process.nextTick(() => socket.destroy(error))
      return socket
    }) as Socket['connect']
  }
  sockets.subscribe(onSocket)
  return { stopped, stop: () => sockets.unsubscribe(onSocket) }
}
