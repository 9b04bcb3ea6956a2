/** Posts metadata GraphQL queries to a test server the way the console does. */
import { browserHeaders, type TestServer } from '../../support/server'

export interface GraphQLReply<T = Record<string, unknown>> {
  readonly status: number
  readonly body: { data?: T | null; errors?: Array<{ message: string; extensions?: { code?: string } }> }
}

export async function gql<T = Record<string, unknown>>(
  server: TestServer,
  cookie: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
  path = '/mds/packages',
): Promise<GraphQLReply<T>> {
  const body = path === '/metadata/api/v1/query' ? { query, variables } : { graphQL: { query, variables } }
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method: 'POST',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as GraphQLReply<T>['body'] }
}

export interface PackageNode {
  id: string
  name: string
  packageType: string
  description: string | null
  created: string
  modified: string
  latestVersion: string | null
  versionsCount: number
  licenses: Array<{ name: string; source: string }>
  tags: string[]
  vulnerabilities: Record<'critical' | 'high' | 'medium' | 'low' | 'info' | 'unknown' | 'skipped', number>
}

export interface Connection<N> {
  totalCount: number
  edges: Array<{ cursor: string; node: N }>
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
}

export const PACKAGE_FIELDS = `id name packageType description created modified latestVersion versionsCount
  licenses { name source } tags vulnerabilities { critical high medium low info unknown skipped }`

export const PACKAGES_QUERY = `query Packages($filter: PackageFilter!, $first: Int, $after: ID, $orderBy: PackageOrder) {
  packages(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount edges { cursor node { ${PACKAGE_FIELDS} } } pageInfo { hasNextPage endCursor }
  }
}`

/** Every page of a packages query, following endCursor until hasNextPage is false. */
export async function allPackages(
  server: TestServer,
  cookie: string,
  variables: { filter: Record<string, unknown>; first?: number; orderBy?: Record<string, string> },
): Promise<{ nodes: PackageNode[]; totalCount: number; pages: number }> {
  const nodes: PackageNode[] = []
  let after: string | null = null
  let totalCount = -1
  let pages = 0
  for (;;) {
    const reply: GraphQLReply<{ packages: Connection<PackageNode> }> = await gql(
      server,
      cookie,
      PACKAGES_QUERY,
      {
        ...variables,
        after,
      },
    )
    if (reply.status !== 200 || !reply.body.data)
      throw new Error(`query failed: ${JSON.stringify(reply.body)}`)
    const page: Connection<PackageNode> = reply.body.data.packages
    totalCount = page.totalCount
    pages++
    nodes.push(...page.edges.map((e) => e.node))
    if (!page.pageInfo.hasNextPage) return { nodes, totalCount, pages }
    after = page.pageInfo.endCursor
    if (pages > 10_000) throw new Error('paging does not end')
  }
}
