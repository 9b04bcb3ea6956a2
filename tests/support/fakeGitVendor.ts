/**
 * A git vendor on loopback that answers like the REST APIs of GitHub, GitLab, Bitbucket Cloud
 * and Bitbucket Server, for the platform's connection test and repository listing (server and
 * e2e tests): the user endpoint answers 200 to the right bearer token and 401 to any other, and
 * the repository lists have the vendors' shapes: GitHub's `user/repos` and GitLab's
 * `projects?membership=true` arrays, Bitbucket Cloud's `repositories?role=member` page
 * (`values` of `full_name`, `is_private`) and Bitbucket Server's `repos` page (`values` of
 * `slug`, `project.key`, `public`; the fake uses a repository's owner as its project key). With
 * `gitDirs`, a repository's files are those of a real local git repository at its HEAD, read
 * through each vendor's file call (GitHub contents, GitLab repository files raw, Bitbucket Cloud
 * src at its main branch, Bitbucket Server raw), at HEAD (the default branch) or the branch the
 * call names. Listens on 127.0.0.1 on an ephemeral port; it never keeps a test process alive,
 * and closes itself after a minute without a request if a test forgets to stop it.
 */
import { execFileSync } from 'node:child_process'
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

/** A git command's output in `dir`, or undefined when git refuses (a path HEAD does not have). */
function git(dir: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return undefined
  }
}

/** Which repository and file a vendor's file call asks for (no path: Bitbucket Cloud's repository). */
function fileRequest(route: string): { repository: string; path?: string; ref: string } | undefined {
  const d = (s: string) => decodeURIComponent(s)
  let m = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(route)
  if (m)
    return { repository: `${d(m[1]!)}/${d(m[2]!)}`, path: m[3]!.split('/').map(d).join('/'), ref: 'HEAD' }
  m = /^\/api\/v4\/projects\/([^/]+)\/repository\/files\/([^/]+)\/raw$/.exec(route)
  if (m) return { repository: d(m[1]!), path: d(m[2]!), ref: 'HEAD' }
  m = /^\/2\.0\/repositories\/([^/]+)\/([^/]+)\/src\/([^/]+)\/(.+)$/.exec(route)
  if (m)
    return { repository: `${d(m[1]!)}/${d(m[2]!)}`, path: m[4]!.split('/').map(d).join('/'), ref: d(m[3]!) }
  m = /^\/2\.0\/repositories\/([^/]+)\/([^/]+)$/.exec(route)
  if (m) return { repository: `${d(m[1]!)}/${d(m[2]!)}`, ref: 'HEAD' }
  m = /^\/rest\/api\/1\.0\/projects\/([^/]+)\/repos\/([^/]+)\/raw\/(.+)$/.exec(route)
  if (m)
    return { repository: `${d(m[1]!)}/${d(m[2]!)}`, path: m[3]!.split('/').map(d).join('/'), ref: 'HEAD' }
  return undefined
}

export async function startFakeGitVendor(options: {
  readonly token: string
  readonly repositories: ReadonlyArray<FakeRepository>
  /** A repository's full name → the folder of a git repository whose HEAD holds its files. */
  readonly gitDirs?: Readonly<Record<string, string>>
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
    const [route = ''] = path.split('?')
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
      default: {
        const file = fileRequest(route)
        if (!file) return json(res, 404, { message: 'Not Found' })
        const dir = options.gitDirs?.[file.repository]
        if (!dir) return json(res, 404, { message: 'Not Found' })
        const branch = git(dir, ['rev-parse', '--abbrev-ref', 'HEAD'])!.trim()
        if (file.path === undefined)
          return json(res, 200, { full_name: file.repository, mainbranch: { name: branch } })
        // A branch the call names (GitHub's and GitLab's `ref`, Bitbucket Server's `at`), else HEAD.
        const query = new URLSearchParams(path.slice(route.length + 1))
        const ref = query.get('ref') ?? query.get('at') ?? file.ref
        const text = git(dir, ['show', `${ref}:${file.path}`])
        if (text === undefined) return json(res, 404, { message: 'Not Found' })
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        return res.end(text)
      }
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
