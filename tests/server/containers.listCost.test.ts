/**
 * What a user whose permission target names only some tags of an image costs the database when
 * it lists (the registry's catalogue and tag list, the console's versions): about the same number
 * of statements however many images and tags there are, since the caller's groups and targets
 * are read once per request, not once per image or tag. In the server project on SQLite and in
 * server-postgres on PostgreSQL, where each statement is a round trip to another process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant, usersOutsideGroups } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { buildImage } from '../../server/containers/imageBuilder'
import { ociPusher, type OciPusher } from '../support/ociPush'
import { xrayFor } from '../../server/xray/service'

let server: TestServer
let pusher: OciPusher

const image = buildImage({
  layers: [{ command: 'ADD a.txt /', files: [{ path: 'a.txt', content: 'counted\n' }] }],
  architecture: 'amd64',
  os: 'linux',
})

const basic = (user: string) => `Basic ${Buffer.from(`${user}:${TEST_PASSWORD}`).toString('base64')}`

beforeAll(async () => {
  server = await startTestServer()
  await createUser(server, 'owner')
  // Out of every group: only the patterned target speaks for it.
  await usersOutsideGroups(server, 'tagger')
  await grant(server, { repositories: ['docker-local', 'docker'], users: { owner: ['read', 'deploy'] } })
  await grant(server, {
    repositories: ['docker-local', 'docker'],
    includePatterns: ['tagged/app/1.0.0/**'],
    users: { tagger: ['read'] },
  })
  pusher = await ociPusher(server.url, 'owner', TEST_PASSWORD)
  await pusher.push('docker-local/tagged/app', image, ['1.0.0', '2.0.0'])
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe("what a patterned user's lists cost", () => {
  it('about the same number of queries however many images and tags there are', async () => {
    const viewer = signInDirectlyAs(server, { outsider: true })
    await grant(server, {
      repositories: ['docker-local', 'docker'],
      includePatterns: ['tagged/app/1.0.0/**'],
      users: { [viewer.name]: ['read'] },
    })
    /** How many statements the server runs while it answers `ask`. */
    const queries = async (ask: () => Promise<Response>) => {
      type Statement = (...args: unknown[]) => unknown
      const sql = server.ctx.sql as unknown as Record<'all' | 'one' | 'run' | 'rows', Statement>
      const { all, one, run, rows } = sql
      let n = 0
      const counted =
        (statement: Statement): Statement =>
        (...args) => (n++, statement.apply(sql, args))
      Object.assign(sql, { all: counted(all), one: counted(one), run: counted(run), rows: counted(rows) })
      try {
        const res = await ask()
        expect(res.status).toBe(200)
        await res.arrayBuffer()
      } finally {
        Object.assign(sql, { all, one, run, rows })
      }
      return n
    }
    const v2list = (path: string) =>
      fetch(`${server.url}/v2/${path}`, { headers: { authorization: basic('tagger') } })
    const lists = async () => ({
      catalogue: await queries(() => v2list('_catalog')),
      tags: await queries(() => v2list('docker/tagged/app/tags/list')),
      versions: await queries(() =>
        fetch(`${server.url}/ui/api/v1/mds/versions`, {
          method: 'POST',
          headers: browserHeaders(server.url, viewer.cookie),
          body: JSON.stringify({
            graphQL: {
              query:
                'query V($id: ID!) { versions(filter: {packageId: $id}, first: 50) { edges { node { name } } } }',
              variables: { id: 'docker://tagged/app' },
            },
          }),
        }),
      ),
    })
    // Each pushed image is scanned after its push is answered, on the same database: the
    // counts wait for the scans, whose statements are not the lists'.
    await xrayFor(server.ctx).imagesScanned()
    const before = await lists()
    // Statements were counted: a count of nothing would pass whatever the lists cost.
    for (const list of ['catalogue', 'tags', 'versions'] as const)
      expect(before[list], list).toBeGreaterThan(0)
    for (let i = 0; i < 12; i++) {
      await pusher.push(`docker-local/counted/app-${i}`, image, ['1.0.0'])
      await pusher.push('docker-local/tagged/app', image, [`extra-${i}`])
    }
    await xrayFor(server.ctx).imagesScanned()
    const after = await lists()
    for (const list of ['catalogue', 'tags', 'versions'] as const)
      expect(after[list], `${list}: ${before[list]} → ${after[list]}`).toBeLessThanOrEqual(before[list] + 2)
  })
})
