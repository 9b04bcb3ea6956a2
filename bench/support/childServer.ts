/**
 * A test server in its own process, for benches that measure the server's memory apart from
 * the client's: prints `{"url", "token", "pid"}` (an admin's npm token) as one line, and stops
 * when its standard input closes. `BENCH_SERVER_ROOT` runs another checkout's server (a
 * before/after comparison), this one's by default.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as Server from '../../tests/support/server'
import type * as Session from '../../tests/server/helpers/catalogSession'

const root = resolve(process.env.BENCH_SERVER_ROOT ?? '.')
const load = <T>(path: string) => import(pathToFileURL(resolve(root, path)).href) as Promise<T>
const { startTestServer, browserHeaders } = await load<typeof Server>('tests/support/server.ts')
const { signInDirectly } = await load<typeof Session>('tests/server/helpers/catalogSession.ts')

const server = await startTestServer()
const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
  method: 'POST',
  headers: browserHeaders(server.url, signInDirectly(server, { admin: true })),
  body: '{}',
})
const { token } = (await res.json()) as { token: string }
process.stdout.write(`${JSON.stringify({ url: server.url, token, pid: process.pid })}\n`)
process.stdin.resume()
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)))
