/**
 * A write that claims a large body and sends only its first part, for the limits of what a
 * server reads: a server that waited for the whole body would never answer.
 */
import { request as httpRequest } from 'node:http'

/** Sends the headers and 64 KiB of a JSON body that claims `declared` bytes; answers the response's status. */
export function statusBeforeBody(
  base: string,
  method: string,
  path: string,
  declared: number,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: new URL(base).port,
      method,
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers },
    })
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', (error) => {
      if (!req.destroyed) reject(error)
    })
    req.write(Buffer.alloc(64 * 1024, 0x20))
  })
}
