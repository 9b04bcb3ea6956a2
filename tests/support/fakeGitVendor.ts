/**
 * A git vendor on loopback that answers like GitHub's and GitLab's REST APIs, for the platform's
 * connection test and repository listing (server and e2e tests): the user endpoint answers 200
 * to the right bearer token and 401 to any other, and the repository lists are GitHub's
 * `user/repos` and GitLab's `projects?membership=true` shapes. Listens on 127.0.0.1 on an
 * ephemeral port; it never keeps a test process alive, and closes itself after a minute without
 * a request if a test forgets to stop it.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeRepository {
  /** `owner/name`, as both vendors spell a repository's full path. */
  readonly name: string
  readonly private: boolean
}

export interface FakeGitVendor {
  /** GitHub Enterprise's API base (`…/api/v3/`). */
  readonly githubUrl: string
  /** GitLab's API base (`…/api/v4/`). */
  readonly gitlabUrl: string
  /** Every request: method, path with query, and headers. */
  readonly requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>
  stop(): Promise<void>
}

const IDLE_MS = 60_000

export async function startFakeGitVendor(options: {
  readonly token: string
  readonly repositories: ReadonlyArray<FakeRepository>
}): Promise<FakeGitVendor> {
  const requests: FakeGitVendor['requests'] = []
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req, res) => {
    idle.refresh()
    const path = req.url ?? '/'
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers })
    const authorised =
      req.headers.authorization === `Bearer ${options.token}` ||
      req.headers['private-token'] === options.token
    const [route] = path.split('?')
    if (!authorised)
      return json(
        res,
        401,
        route?.startsWith('/api/v4/') ? { message: '401 Unauthorized' } : { message: 'Bad credentials' },
      )
    switch (route) {
      case '/api/v3/user':
        return json(res, 200, { login: 'octo', id: 1 })
      case '/api/v4/user':
        return json(res, 200, { username: 'octo', id: 1 })
      case '/api/v3/user/repos':
        return json(
          res,
          200,
          options.repositories.map((r, i) => ({ id: i + 1, full_name: r.name, private: r.private })),
        )
      case '/api/v4/projects':
        return json(
          res,
          200,
          options.repositories.map((r, i) => ({
            id: i + 1,
            path_with_namespace: r.name,
            visibility: r.private ? 'private' : 'public',
          })),
        )
      default:
        return json(res, 404, { message: 'Not Found' })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const stop = () =>
    new Promise<void>((resolve) => {
      clearTimeout(idle)
      server.closeAllConnections()
      server.close(() => resolve())
    })
  const idle = setTimeout(() => void stop(), IDLE_MS)
  idle.unref()
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { githubUrl: `${origin}/api/v3/`, gitlabUrl: `${origin}/api/v4/`, requests, stop }
}
