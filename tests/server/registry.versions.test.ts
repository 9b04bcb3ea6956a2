/**
 * npm versions over real HTTP: impostor spellings of a version (`v1.0.0`, ` 1.0.0`, `1.0.0 `)
 * and documents whose key and version disagree are refused with nothing stored, hostile
 * strings from the corpora too, as versions and as package names; `latest` only moves forwards
 * on a publish; and in a virtual repository a package's `latest` stays with the member that held
 * it first, so a publish into a member ahead of it in the resolution order does not take over
 * what `npm install` gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { signInDeveloper } from './helpers/permissions'
import { publishBody } from '../support/npmPublish'
import { corpusLines } from '../support/corpora'

let server: TestServer
let cookie: string

const npmUrl = (repo: string, rest: string) => `${server.url}/artifactory/api/npm/${repo}/${rest}`

function publishRaw(repo: string, name: string, body: Record<string, unknown>) {
  return fetch(npmUrl(repo, encodeURIComponent(name)), {
    method: 'PUT',
    headers: browserHeaders(server.url, cookie),
    body: JSON.stringify(body),
  })
}

const publish = (
  repo: string,
  name: string,
  version: string,
  options: { documentVersion?: string; tag?: string } = {},
) => publishRaw(repo, name, publishBody(name, version, options).body)

async function distTags(repo: string, name: string): Promise<Record<string, string>> {
  const res = await fetch(npmUrl(repo, name), { headers: { cookie } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { 'dist-tags': Record<string, string> })['dist-tags']
}

async function versionsOf(repo: string, name: string): Promise<string[]> {
  const res = await fetch(npmUrl(repo, name), { headers: { cookie } })
  if (res.status === 404) return []
  return Object.keys(((await res.json()) as { versions: Record<string, unknown> }).versions).sort()
}

beforeAll(async () => {
  server = await startTestServer()
  cookie = await signInDeveloper(server)
})

afterAll(async () => {
  await server?.stop()
})

describe('versions', () => {
  it('refuses impostor spellings of a stored version and stores nothing', async () => {
    expect((await publish('npm-local', 'twin-lib', '1.0.0')).status).toBe(200)
    for (const impostor of ['v1.0.0', ' 1.0.0', '1.0.0 ', '=1.0.0', '1.0.0+evil']) {
      const res = await publish('npm-local', 'twin-lib', impostor)
      expect(res.status, impostor).toBe(400)
      expect(((await res.json()) as { error: string }).error).toContain('not a clean semantic version')
    }
    expect(await versionsOf('npm-local', 'twin-lib')).toEqual(['1.0.0'])
    expect((await distTags('npm-local', 'twin-lib')).latest).toBe('1.0.0')
  })

  it('refuses a document whose version disagrees with its key', async () => {
    const res = await publish('npm-local', 'split-lib', '1.0.0', { documentVersion: '6.6.6' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toContain('disagree')
    expect(await versionsOf('npm-local', 'split-lib')).toEqual([])
  })

  it('refuses every hostile string of the corpora as a version', async () => {
    // A sample across the corpora keeps the test short; the unit test reads them all.
    const lines = [...corpusLines('xss'), ...corpusLines('open-redirect')]
    const sample = lines.filter((_, i) => i % Math.ceil(lines.length / 60) === 0)
    for (const line of sample) {
      const res = await publish('npm-local', 'corpus-lib', line)
      expect(res.status, line).toBe(400)
    }
    expect(await versionsOf('npm-local', 'corpus-lib')).toEqual([])
  })

  it('refuses a dist-tag that names an unclean version', async () => {
    const res = await fetch(npmUrl('npm-local', '-/package/twin-lib/dist-tags/beta'), {
      method: 'PUT',
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify('1.0.0 '),
    })
    expect(res.status).toBe(400)
  })
})

describe('names', () => {
  /** What npm-local holds at its top: one folder a package. */
  const topOfNpmLocal = async () => {
    const res = await fetch(
      `${server.url}/ui/api/v1/ui/treebrowser?repoKey=npm-local&path=&offset=0&limit=1000`,
      { headers: browserHeaders(server.url, cookie) },
    )
    expect(res.status).toBe(200)
    return ((await res.json()) as { children: Array<{ name: string }> }).children.map((c) => c.name).sort()
  }

  it('refuses every hostile string of the corpora as a package name and stores nothing', async () => {
    const before = await topOfNpmLocal()
    // A sample across the corpora, each the name in the URL and in the document, as npm sends
    // it; the unit test (npm-names) reads them all.
    // Plain lower-case words (`onblur`) are names npm takes like any other: left out.
    const lines = [...corpusLines('xss'), ...corpusLines('open-redirect')].filter(
      (line) => !/^[a-z0-9][a-z0-9._~-]*$/.test(line),
    )
    const sample = lines.filter((_, i) => i % Math.ceil(lines.length / 60) === 0)
    for (const line of sample) {
      const res = await publishRaw('npm-local', line, publishBody(line, '1.0.0').body)
      expect(res.status, line).toBe(400)
      expect(((await res.json()) as { code: string }).code, line).toBe('BAD_NAME')
    }
    expect(await topOfNpmLocal()).toEqual(before)
  })
})

describe('latest', () => {
  it('moves forwards on a publish, not back and not to a prerelease; dist-tag moves it on purpose', async () => {
    expect((await publish('npm-local', 'tagged-lib', '2.0.0')).status).toBe(200)
    expect((await publish('npm-local', 'tagged-lib', '1.5.0')).status).toBe(200)
    expect((await distTags('npm-local', 'tagged-lib')).latest).toBe('2.0.0')
    expect((await publish('npm-local', 'tagged-lib', '3.0.0-rc.1')).status).toBe(200)
    expect((await distTags('npm-local', 'tagged-lib')).latest).toBe('2.0.0')
    expect((await publish('npm-local', 'tagged-lib', '2.1.0')).status).toBe(200)
    expect((await distTags('npm-local', 'tagged-lib')).latest).toBe('2.1.0')
    const back = await fetch(npmUrl('npm-local', '-/package/tagged-lib/dist-tags/latest'), {
      method: 'PUT',
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify('1.5.0'),
    })
    expect(back.status).toBe(200)
    expect((await distTags('npm-local', 'tagged-lib')).latest).toBe('1.5.0')
  })

  it('of a virtual repository stays with the member that held the package first', async () => {
    const admin = signInDirectly(server, { admin: true })
    const create = (body: Record<string, unknown>) =>
      fetch(`${server.url}/ui/api/v1/repositories`, {
        method: 'POST',
        headers: browserHeaders(server.url, admin),
        body: JSON.stringify(body),
      })
    expect((await create({ key: 'upstream-local', kind: 'local', packageType: 'npm' })).status).toBe(201)
    const virtual = await create({
      key: 'npm-team',
      kind: 'virtual',
      packageType: 'npm',
      members: ['npm-local', 'upstream-local'],
      defaultDeploymentRepo: 'npm-local',
    })
    expect(virtual.status).toBe(201)
    // The package lives in upstream-local first; then someone pushes a higher version into
    // npm-local, which comes first in the virtual's resolution order.
    expect((await publish('upstream-local', 'react-like', '18.3.1')).status).toBe(200)
    expect((await publish('npm-local', 'react-like', '99.0.0')).status).toBe(200)
    expect((await distTags('npm-local', 'react-like')).latest).toBe('99.0.0')
    expect((await distTags('npm-team', 'react-like')).latest).toBe('18.3.1')
    const tags = await fetch(npmUrl('npm-team', '-/package/react-like/dist-tags'), { headers: { cookie } })
    expect(((await tags.json()) as Record<string, string>).latest).toBe('18.3.1')
    // Both versions are listed: an exact version still installs.
    expect(await versionsOf('npm-team', 'react-like')).toEqual(['18.3.1', '99.0.0'])
  })
})
