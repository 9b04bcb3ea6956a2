/**
 * Permission targets' include and exclude patterns on container images, with skopeo: an image
 * stands at `<image>/` in its repository (its files are `<image>/<tag>/…`), so a user whose
 * target excludes `secret/**` can neither pull nor push `secret/app`, directly or through the
 * docker virtual, nor list its tags or see it in the catalogue, while the rest of the
 * repository stays theirs; an include pattern narrows the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { grant } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { skopeoCli, writeOciLayout } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'

let server: TestServer
let work: string
let host: string
let skopeo: ReturnType<typeof skopeoCli>

const image = buildImage({
  layers: [{ command: 'ADD a.txt /', files: [{ path: 'a.txt', content: 'patterns\n' }] }],
  architecture: 'amd64',
  os: 'linux',
})
const creds = (user: string) => `${user}:${TEST_PASSWORD}`
const layout = () => `oci:${join(work, 'in')}:1.0.0`
const ref = (repo: string, name: string) => `docker://${host}/${repo}/${name}:1.0.0`

const push = (user: string, repo: string, name: string) =>
  skopeo(['copy', '--dest-tls-verify=false', '--dest-creds', creds(user), layout(), ref(repo, name)])
const pull = (user: string, repo: string, name: string) =>
  skopeo([
    'copy',
    '--src-tls-verify=false',
    '--src-creds',
    creds(user),
    ref(repo, name),
    `oci:${join(work, `out-${Math.random().toString(36).slice(2)}`)}:x`,
  ])
const listTags = (user: string, repo: string, name: string) =>
  skopeo(['list-tags', '--tls-verify=false', '--creds', creds(user), `docker://${host}/${repo}/${name}`])

beforeAll(async () => {
  server = await startTestServer()
  host = new URL(server.url).host
  work = mkdtempSync(join(tmpdir(), 'skopeo-patterns-'))
  skopeo = skopeoCli(work)
  writeOciLayout(join(work, 'in'), image, '1.0.0')
  for (const name of ['owner', 'outsider', 'insider']) await createUser(server, name)
  // Grants add up across targets: out of the seeded readers group (read everywhere), so only
  // the patterned targets below speak for these two.
  for (const name of ['outsider', 'insider'])
    server.ctx.db
      .prepare('DELETE FROM group_members WHERE user_id = (SELECT id FROM users WHERE name = ?)')
      .run(name)
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
