import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Socket } from 'node:net'

/**
 * How long a connection whose body was refused goes on reading what the client still sends.
 * A bound, so a client that never stops cannot hold the connection open.
 */
export const LINGER_MS = 10_000

const lingering = new WeakSet<Socket>()

/**
 * Makes this answer the connection's last, for a request whose body was refused before it was
 * all read (a 413 while the upload is still coming).
 *
 * Node closes a connection marked `Connection: close` as soon as the answer is written
 * (`socket.destroySoon()`). The client is still sending: its next bytes meet a closed socket and
 * the kernel answers them with a reset, which can reach the client before it has read the
 * answer. The client then sees EPIPE or ECONNRESET instead of the 413, and npm retries the whole
 * upload with back-offs of 10 s and more. So the connection closes lingering (RFC 9112 §9.6):
 * the answer is written and the sending side closed, then what the client still sends is read
 * and dropped until the client closes its side, or for LINGER_MS at most.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Connection', 'close')
  const body = request.raw
  // The answer's: a request destroyed by a reader that stopped early has let go of it.
  const socket = reply.raw.socket
  if (!socket || lingering.has(socket)) return
  lingering.add(socket)
  // Node calls it on this socket once the answer is written (lib/_http_server.js, resOnFinish).
  socket.destroySoon = () => {
    socket.end()
    const close = () => {
      clearTimeout(bound)
      socket.destroy()
    }
    const bound = setTimeout(close, LINGER_MS)
    bound.unref()
    socket.once('end', close)
    socket.once('error', close)
    // A reader that stopped at the limit left the body paused, piped into a gunzip, or
    // destroyed. Node pauses the connection whenever the body takes no more (a destroyed one
    // never does): it is resumed, and what comes is dropped.
    body.unpipe()
    body.resume()
    socket.on('pause', () => socket.resume())
    socket.resume()
  }
}
