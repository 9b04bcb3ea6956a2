/** The GraphQL adapter of the packages area: the wire body, and file paths decoded at the boundary. */
import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/Either'
import { createMetadataClient } from '../../adapters/graphql/client'
import { createPackageQueries } from '../../adapters/graphql/packages'

const none = { critical: 0, high: 0, medium: 0, low: 0, info: 0, unknown: 0, skipped: 0 }
const file = {
  name: 'package.json',
  path: 'react/-/19.2.0/package.json',
  lead: false,
  size: 10,
  md5: 'a',
  sha1: 'b',
  sha256: 'c',
  mimeType: 'application/json',
}
const version = (files: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'npm://react@19.2.0',
  name: '19.2.0',
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  repos: [{ name: 'npm-remote', type: 'npm', leadFilePath: 'react/-/react-19.2.0.tgz' }],
  licenses: [],
  size: 1,
  stats: { downloadCount: 0 },
  vulnerabilities: none,
  files,
  digest: null,
  ...extra,
})

function queriesAnswering(files: unknown[], extra: Record<string, unknown> = {}) {
  const bodies: unknown[] = []
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)))
    const data = {
      versions: {
        totalCount: 1,
        edges: [{ cursor: 'c1', node: version(files, extra) }],
        pageInfo: { hasNextPage: false, endCursor: 'c1' },
      },
    }
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return {
    queries: createPackageQueries(createMetadataClient({ fetch, base: 'http://127.0.0.1/ui/api/v1' })),
    bodies,
  }
}

describe('packages GraphQL adapter', () => {
  it("asks for one version's files, each with its path, and hands them to the domain as given", async () => {
    const { queries, bodies } = queriesAnswering([file])
    const one = await queries.version('npm://react', '19.2.0')
    expect(isRight(one) && one.right?.files).toEqual([file])
    const body = bodies[0] as { graphQL: { query: string; variables: Record<string, unknown> } }
    expect(body.graphQL.query).toMatch(/files \{ name path lead/)
    expect(body.graphQL.variables).toMatchObject({ filter: { packageId: 'npm://react', name: '19.2.0' } })
  })

  it('a list of versions asks no files and hands the domain rows without them', async () => {
    const { queries, bodies } = queriesAnswering([])
    const page = await queries.versions({ packageId: 'npm://react' }, 100, 'c0')
    expect(isRight(page) && page.right.items[0]).not.toHaveProperty('files')
    const body = bodies[0] as { graphQL: { query: string; variables: Record<string, unknown> } }
    expect(body.graphQL.query).not.toMatch(/files/)
    expect(body.graphQL.variables).toMatchObject({
      first: 100,
      after: 'c0',
      filter: { packageId: 'npm://react' },
    })
  })

  it('a version answered under another name is none, not that version', async () => {
    const { queries } = queriesAnswering([file])
    const one = await queries.version('npm://react', '19.2')
    expect(isRight(one) && one.right).toBeNull()
  })

  it('an answer whose file has no path is an error value, not a guess', async () => {
    const { path: _path, ...noPath } = file
    const { queries } = queriesAnswering([noPath])
    const one = await queries.version('npm://react', '19.2.0')
    expect(isLeft(one) && one.left).toMatchObject({ kind: 'decode' })
  })

  const notCachedWire = {
    kind: 'notCached',
    repository: 'npm-remote',
    upstream: 'http://127.0.0.1:4873/',
    cachedAt: null,
    offline: false,
    lastFailure: 'refused',
    lastFailureAt: '2026-06-01T10:00:00.000Z',
    lastSuccessAt: null,
  }

  it("maps the wire's flat provenance to the domain's kinds, and leaves out a cached one without its time", async () => {
    const wire = notCachedWire
    const { queries, bodies } = queriesAnswering([file], { provenance: wire })
    const page = await queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isRight(page) && page.right.items[0]!.provenance).toEqual({
      kind: 'notCached',
      repository: 'npm-remote',
      upstream: 'http://127.0.0.1:4873/',
      offline: false,
      lastFailure: 'refused',
      lastFailureAt: '2026-06-01T10:00:00.000Z',
      lastSuccessAt: null,
    })
    expect((bodies[0] as { graphQL: { query: string } }).graphQL.query).toMatch(
      /provenance \{ kind repository/,
    )

    const local = queriesAnswering([file], { provenance: { kind: 'local', repository: 'npm-local' } })
    const localPage = await local.queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isRight(localPage) && localPage.right.items[0]!.provenance).toEqual({
      kind: 'local',
      repository: 'npm-local',
    })

    const untimed = queriesAnswering([file], {
      provenance: { kind: 'cached', repository: 'npm-remote', upstream: 'http://x/', cachedAt: null },
    })
    const untimedPage = await untimed.queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isRight(untimedPage) && 'provenance' in untimedPage.right.items[0]!).toBe(false)
  })

  it('asks whether the upstream has the version, and keeps its answer, so a page need not ask again', async () => {
    const wire = {
      ...notCachedWire,
      lastFailure: null,
      lastFailureAt: null,
      lastSuccessAt: '2026-06-01T10:00:00.000Z',
    }
    const said = queriesAnswering([file], { provenance: { ...wire, inUpstream: false } })
    const page = await said.queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isRight(page) && page.right.items[0]!.provenance).toMatchObject({ inUpstream: false })
    expect((said.bodies[0] as { graphQL: { query: string } }).graphQL.query).toMatch(
      /lastSuccessAt inUpstream \}/,
    )
    // Not known (null on the wire): absent, which the page asks about.
    const unknown = queriesAnswering([file], { provenance: { ...wire, inUpstream: null } })
    const unknownPage = await unknown.queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isRight(unknownPage) && unknownPage.right.items[0]!.provenance).not.toHaveProperty('inUpstream')
    // Decoded at the boundary: a value that is not a boolean is refused, not guessed at.
    const wrong = queriesAnswering([file], { provenance: { ...wire, inUpstream: 'no' } })
    const wrongPage = await wrong.queries.versions({ packageId: 'npm://react' }, 100, null)
    expect(isLeft(wrongPage) && wrongPage.left).toMatchObject({ kind: 'decode' })
  })
})
