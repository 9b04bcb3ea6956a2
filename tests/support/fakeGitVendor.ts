/**
 * A git vendor on loopback that answers like the REST APIs of GitHub, GitLab, Bitbucket Cloud
 * and Bitbucket Server, for the platform's connection test and repository listing (server and
 * e2e tests): the user endpoint answers 200 to the right bearer token and 401 to any other, and
 * the repository lists have the vendors' shapes: GitHub's `user/repos` and GitLab's
 * `projects?membership=true` arrays, Bitbucket Cloud's `repositories?role=member` page
 * (`values` of `full_name`, `is_private`) and Bitbucket Server's `repos` page (`values` of
 * `slug`, `project.key`, `public`; the fake uses a repository's owner as its project key). Listens on 127.0.0.1 on an
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
  /** Bitbucket Cloud's API base (`…/2.0/`). */
  readonly bitbucketCloudUrl: string
  /** Bitbucket Server's REST API base (`…/rest/api/1.0/`). */
  readonly bitbucketServerUrl: string
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
      case '/2.0/user':
        return json(res, 200, { username: 'octo', account_id: '1' })
      case '/2.0/repositories':
        return json(res, 200, {
          pagelen: 100,
          page: 1,
          size: options.repositories.length,
          values: options.repositories.map((r) => ({ full_name: r.name, is_private: r.private })),
        })
      case '/rest/api/1.0/users':
        return json(res, 200, { size: 1, limit: 1, isLastPage: true, start: 0, values: [{ name: 'octo' }] })
      case '/rest/api/1.0/repos':
        return json(res, 200, {
          size: options.repositories.length,
          limit: 100,
          isLastPage: true,
          start: 0,
          values: options.repositories.map((r) => {
            const [owner = '', slug = ''] = r.name.split('/')
            return { slug, name: slug, project: { key: owner }, public: !r.private }
          }),
        })
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
  return {
    githubUrl: `${origin}/api/v3/`,
    gitlabUrl: `${origin}/api/v4/`,
    bitbucketCloudUrl: `${origin}/2.0/`,
    bitbucketServerUrl: `${origin}/rest/api/1.0/`,
    requests,
    stop,
  }
}
