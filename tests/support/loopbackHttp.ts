/**
 * A plain HTTP server on 127.0.0.1 for a test to stand for an address the platform calls (an
 * export, a webhook, a directory): listening on a free port, answering with the test's handler,
 * and closed with its open connections when the test is done.
 */
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoopbackHttp {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  readonly url: string
  close(): Promise<void>
}

export async function startLoopbackHttp(handler: RequestListener): Promise<LoopbackHttp> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
