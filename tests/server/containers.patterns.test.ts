/**
 * Permission targets' include and exclude patterns on container images, with skopeo: an image
 * stands at `<image>/` in its repository (its files are `<image>/<tag>/…`), so a user whose
 * target excludes `secret/**` can neither pull nor push `secret/app`, directly or through the
 * docker virtual, nor list its tags or see it in the catalogue, while the rest of the
 * repository stays theirs; an include pattern narrows the same way. The console's lists follow
 * the same patterns: the Artifacts tree (directly and through the virtual), the packages list,
 * a package's page and its versions name no image the user may not pull.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { grant, skopeoAs, usersOutsideGroups } from './helpers/permissions'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { gql, type Connection } from './helpers/graphql'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { skopeoCli, writeOciLayout } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'

let server: TestServer
let work: string
let as: ReturnType<typeof skopeoAs>

const image = buildImage({
  layers: [{ command: 'ADD a.txt /', files: [{ path: 'a.txt', content: 'patterns\n' }] }],
  architecture: 'amd64',
  os: 'linux',
})
const creds = (user: string) => `${user}:${TEST_PASSWORD}`
const push = (user: string, repo: string, name: string) =>
  as.push(user, `oci:${join(work, 'in')}:1.0.0`, `${repo}/${name}:1.0.0`)
const pull = (user: string, repo: string, name: string) => as.pull(user, `${repo}/${name}:1.0.0`)
const listTags = (user: string, repo: string, name: string) => as.listTags(user, `${repo}/${name}`)

beforeAll(async () => {
  server = await startTestServer()
  work = mkdtempSync(join(tmpdir(), 'skopeo-patterns-'))
  as = skopeoAs(server, skopeoCli(work), work)
  writeOciLayout(join(work, 'in'), image, '1.0.0')
  await createUser(server, 'owner')
  // Grants add up across targets: out of every group, so only the patterned targets below
  // speak for these two.
  await usersOutsideGroups(server, 'outsider', 'insider')
  await grant(server, { repositories: ['docker-local', 'docker'], users: { owner: ['read', 'deploy'] } })
  await grant(server, {
    repositories: ['docker-local', 'docker'],
    excludePatterns: ['secret/**'],
    users: { outsider: ['read', 'annotate', 'deploy', 'delete'] },
  })
  await grant(server, {
    repositories: ['docker-local'],
    includePatterns: ['public/**'],
    users: { insider: ['read'] },
  })
  for (const name of ['secret/app', 'public/app']) {
    const pushed = await push('owner', 'docker-local', name)
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  }
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a user whose target excludes secret/**', () => {
  it('pulls and pushes the rest of the repository', async () => {
    const pulled = await pull('outsider', 'docker-local', 'public/app')
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    const pushed = await push('outsider', 'docker-local', 'public/other')
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  }, 60_000)

  it('cannot pull, list or push secret/…, directly or through the virtual', async () => {
    for (const repo of ['docker-local', 'docker']) {
      const pulled = await pull('outsider', repo, 'secret/app')
      expect(pulled.failed, `${repo}: ${pulled.stderr}`).toBe(true)
      expect(pulled.stderr).toMatch(/denied|unauthorized|not found|unknown/i)
      expect((await listTags('outsider', repo, 'secret/app')).failed).toBe(true)
    }
    const pushed = await push('outsider', 'docker-local', 'secret/new')
    expect(pushed.failed, pushed.stderr).toBe(true)
    expect((await pull('owner', 'docker-local', 'secret/new')).failed).toBe(true)
    // The owner, whom no pattern limits, still has the image.
    const owner = await pull('owner', 'docker', 'secret/app')
    expect(owner, owner.stderr).not.toHaveProperty('failed')
  }, 60_000)

  it('does not see secret/… in the catalogue', async () => {
    const catalogue = async (user: string) => {
      const res = await fetch(`${server.url}/v2/_catalog`, {
        headers: { authorization: `Basic ${Buffer.from(creds(user)).toString('base64')}` },
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { repositories: string[] }).repositories
    }
    expect(await catalogue('owner')).toEqual(
      expect.arrayContaining(['docker-local/secret/app', 'docker-local/public/app']),
    )
    const seen = await catalogue('outsider')
    expect(seen).toContain('docker-local/public/app')
    expect(seen.filter((n) => n.includes('secret/'))).toEqual([])
  })
})

describe('a user whose target includes only public/**', () => {
  it('reads public/… and nothing else', async () => {
    const pulled = await pull('insider', 'docker-local', 'public/app')
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    expect((await pull('insider', 'docker-local', 'secret/app')).failed).toBe(true)
  }, 60_000)
})

describe("the console's lists follow the same patterns", () => {
  const users: Record<'excluded' | 'included' | 'reader', string> = { excluded: '', included: '', reader: '' }
  beforeAll(async () => {
    const excluded = signInDirectlyAs(server, { outsider: true })
    const included = signInDirectlyAs(server, { outsider: true })
    await grant(server, {
      repositories: ['docker-local', 'docker'],
      excludePatterns: ['secret/**'],
      users: { [excluded.name]: ['read'] },
    })
    await grant(server, {
      repositories: ['docker-local', 'docker'],
      includePatterns: ['public/**'],
      users: { [included.name]: ['read'] },
    })
    users.excluded = excluded.cookie
    users.included = included.cookie
    // One of the readers: read on every repository, no pattern.
    users.reader = signInDirectly(server)
  })

  const tree = async (cookie: string, repoKey: string, path: string) => {
    const res = await fetch(
      `${server.url}/ui/api/v1/ui/treebrowser?repoKey=${repoKey}&path=${encodeURIComponent(path)}`,
      { headers: { cookie } },
    )
    expect(res.status).toBe(200)
    return ((await res.json()) as { children: Array<{ name: string }>; total: number }).children.map(
      (c) => c.name,
    )
  }

  it('the Artifacts tree names no folder of an image the user may not read', async () => {
    for (const repo of ['docker-local', 'docker']) {
      expect(await tree(users.reader, repo, '')).toEqual(expect.arrayContaining(['public', 'secret']))
      for (const who of ['excluded', 'included'] as const) {
        const names = await tree(users[who], repo, '')
        expect(names, `${who} in ${repo}`).toContain('public')
        expect(names, `${who} in ${repo}`).not.toContain('secret')
        expect(await tree(users[who], repo, 'secret'), `${who} in ${repo}`).toEqual([])
        expect(await tree(users[who], repo, 'secret/app/1.0.0'), `${who} in ${repo}`).toEqual([])
      }
    }
  })

  it("the packages list, a package's page and its versions leave the image out", async () => {
    const listed = async (cookie: string) => {
      const reply = await gql<{ packages: Connection<{ name: string }> }>(
        server,
        cookie,
        '{ packages(filter: {packageTypeIn: ["docker"]}, first: 100) { totalCount edges { node { name } } } }',
      )
      expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
      const names = reply.body.data!.packages.edges.map((e) => e.node.name)
      expect(reply.body.data!.packages.totalCount).toBe(names.length)
      return names
    }
    expect(await listed(users.reader)).toEqual(expect.arrayContaining(['public/app', 'secret/app']))
    const page = (cookie: string) =>
      gql<{ package: { name: string; versionsCount: number } | null }>(
        server,
        cookie,
        'query P($id: ID!) { package(id: $id) { name versionsCount } }',
        { id: 'docker://secret/app' },
      )
    const versions = (cookie: string) =>
      gql<{ versions: Connection<{ name: string }> }>(
        server,
        cookie,
        'query V($id: ID!) { versions(filter: {packageId: $id}) { totalCount } }',
        { id: 'docker://secret/app' },
        '/mds/versions',
      )
    expect((await page(users.reader)).body.data!.package).toEqual({ name: 'secret/app', versionsCount: 1 })
    for (const who of ['excluded', 'included'] as const) {
      const names = await listed(users[who])
      expect(names, who).toContain('public/app')
      expect(
        names.filter((n) => n.startsWith('secret/')),
        who,
      ).toEqual([])
      expect((await page(users[who])).body.data!.package, who).toBeNull()
      expect((await versions(users[who])).body.data!.versions.totalCount, who).toBe(0)
    }
  })
})
