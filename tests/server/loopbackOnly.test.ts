/**
 * The guard the address tests lean on (tests/support/loopbackOnly.ts): every way this process
 * opens a client socket is stopped before it connects to a host that is not loopback, and
 * recorded; loopback still connects. `0.0.0.0` stands in for an address off the machine: the
 * guard does not take it for loopback, yet were it let through the connection would stay on this
 * machine (Linux connects it to the local host), so a broken guard sends nothing anywhere.
 */
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect as netConnect, createServer, Socket, type AddressInfo, type Server } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { loopbackOnly } from '../support/loopbackOnly'

let server: Server
let port: number
let accepted = 0

beforeAll(async () => {
  // Accepts and hangs up at once: a connection that got through is counted, and ends.
  server = createServer((socket) => {
    accepted++
    socket.destroy()
  })
  server.listen(0, '0.0.0.0')
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
})

/** The error a socket ends with (every one here ends: stopped, or hung up on by the server). */
const endOf = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('error', (error) => resolve(error.message))
    socket.once('close', () => resolve('closed'))
  })

const guarded = () => {
  const guard = loopbackOnly()
  onTestFinished(() => guard.stop())
  return guard
}

describe('loopbackOnly', () => {
  it.each([
    ['net.connect', () => netConnect(port, '0.0.0.0')],
    ['a socket connected by hand', () => new Socket().connect(port, '0.0.0.0')],
    ['tls.connect', () => tlsConnect({ host: '0.0.0.0', port, rejectUnauthorized: false })],
  ])('stops %s to a host that is not loopback, before it connects', async (_way, open) => {
    const guard = guarded()
    const before = accepted
    expect(await endOf(open())).toBe('connect to 0.0.0.0 stopped by the test: off this machine')
    expect(guard.stopped).toEqual(['0.0.0.0'])
    expect(accepted).toBe(before)
  })

  it.each([
    ['http', httpRequest],
    ['https', httpsRequest],
  ] as const)('stops an %s request and fetch too', async (scheme, request) => {
    const guard = guarded()
    const before = accepted
    const req = request(`${scheme}://0.0.0.0:${port}/`, { rejectUnauthorized: false })
    const failed = new Promise<string>((r) => req.once('error', (e) => r(e.message)))
    req.end()
    expect(await failed).toBe('connect to 0.0.0.0 stopped by the test: off this machine')
    await expect(fetch(`${scheme}://0.0.0.0:${port}/`)).rejects.toThrow()
    expect(guard.stopped).toEqual(['0.0.0.0', '0.0.0.0'])
    expect(accepted).toBe(before)
  })

  it('lets loopback connect, and stops nothing once stopped itself', async () => {
    const guard = loopbackOnly()
    const before = accepted
    expect(await endOf(netConnect(port, '127.0.0.1'))).toBe('closed')
    expect(await endOf(tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }))).not.toMatch(
      /stopped by the test/,
    )
    expect(accepted).toBe(before + 2)
    guard.stop()
    expect(await endOf(netConnect(port, '0.0.0.0'))).toBe('closed')
    expect(guard.stopped).toEqual([])
    expect(accepted).toBe(before + 3)
  })
})
