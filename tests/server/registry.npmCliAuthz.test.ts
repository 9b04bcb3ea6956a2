/**
 * The registry's permissions as the real npm CLI meets them: a user who may only read
 * (every user's readers group) is refused `npm publish`, `npm dist-tag add` and
 * `npm unpublish`, with the password (`_auth`) and with a token of their own, and nothing of
 * theirs is stored; a user granted deploy publishes the same way and the version is served.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { sessionOf } from '../support/apiCalls'
import { grant } from './helpers/permissions'
import { createUser, npmrcFor, TEST_PASSWORD } from './helpers/registryClients'
import { npmCli, type NpmAnswer } from '../support/npmCli'
import { publishBody } from '../support/npmPublish'

let server: TestServer
let work: string
const PASSWORD = TEST_PASSWORD
// A bound for a stuck run, not a timing: each test runs the npm CLI several times.
const CLI_TESTS = { timeout: 120_000 }

const registryOf = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`

const rcFor = (repo: string, auth: string) => npmrcFor(server, work, repo, auth)

const passwordAuth = (user: string) => `_auth=${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`

const refusedWith403 = (answer: NpmAnswer) => {
  expect(answer, JSON.stringify(answer)).toHaveProperty('failed')
  expect(answer.stderr).toMatch(/\b403\b/)
}

const storedVersions = async (name: string): Promise<string[]> => {
  const res = await fetch(`${registryOf('npm-local')}${name}`, {
    headers: { cookie: signInDirectly(server, { admin: true }) },
  })
  if (res.status === 404) return []
  expect(res.status).toBe(200)
  return Object.keys(((await res.json()) as { versions: Record<string, unknown> }).versions).sort()
}

beforeAll(async () => {
  server = await startTestServer()
  work = mkdtempSync(join(tmpdir(), 'npm-cli-authz-'))
  for (const name of ['reader', 'publisher']) await createUser(server, name)
  await grant(server, { repositories: ['npm-local'], users: { publisher: ['read', 'deploy'] } })
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('npm publish by a user who may only read', () => {
  it('is refused with 403 for the password and for a token, and stores nothing', CLI_TESTS, async () => {
    const cli = npmCli(work)
    const dir = cli.makePackage('reader-lib', '1.0.0', '# reader\n')
    const withPassword = await cli.npm(
      ['publish', '--registry', registryOf('npm-local')],
      dir,
      rcFor('npm-local', passwordAuth('reader')),
    )
    refusedWith403(withPassword)
    expect(withPassword.stderr).toContain('reader may not deploy to npm-local')

    // A token made in the reader's Edit Profile allows no more than the reader may do.
    const cookie = await sessionOf(server, 'reader', PASSWORD)
    const made = await fetch(`${server.url}/ui/api/v1/ui/tokens`, {
      method: 'POST',
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify({ description: 'cli', access: 'deploy' }),
    })
    expect(made.status).toBe(201)
    const { token } = (await made.json()) as { token: string }
    const withToken = await cli.npm(
      ['publish', '--registry', registryOf('npm-local')],
      dir,
      rcFor('npm-local', `_authToken=${token}`),
    )
    refusedWith403(withToken)

    // Through the virtual repository the same: it deploys to a member the reader cannot write.
    const throughVirtual = await cli.npm(
      ['publish', '--registry', registryOf('npm')],
      dir,
      rcFor('npm', passwordAuth('reader')),
    )
    refusedWith403(throughVirtual)
    expect(await storedVersions('reader-lib')).toEqual([])
  })

  it('cannot move dist-tags or unpublish what a permitted user published', CLI_TESTS, async () => {
    const cli = npmCli(work)
    // Set up over HTTP as the CLI would send it (the CLI's own publish is the next test's).
    for (const version of ['1.0.0', '1.1.0']) {
      const published = await fetch(`${registryOf('npm-local')}owned-lib`, {
        method: 'PUT',
        headers: {
          authorization: `Basic ${Buffer.from(`publisher:${PASSWORD}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(publishBody('owned-lib', version).body),
      })
      expect(published.status).toBe(200)
    }
    const readerRc = rcFor('npm-local', passwordAuth('reader'))
    const tag = await cli.npm(
      ['dist-tag', 'add', 'owned-lib@1.0.0', 'latest', '--registry', registryOf('npm-local')],
      work,
      readerRc,
    )
    refusedWith403(tag)
    const unpublish = await cli.npm(
      ['unpublish', 'owned-lib@1.1.0', '--registry', registryOf('npm-local')],
      work,
      readerRc,
    )
    refusedWith403(unpublish)
    expect(await storedVersions('owned-lib')).toEqual(['1.0.0', '1.1.0'])
    const viewed = await cli.npm(
      ['view', 'owned-lib', 'dist-tags.latest', '--registry', registryOf('npm-local')],
      work,
      readerRc,
    )
    expect(viewed.stdout.trim()).toBe('1.1.0')
  })
})

describe('npm publish by a user granted deploy', () => {
  it('succeeds and the version is served to readers', CLI_TESTS, async () => {
    const cli = npmCli(work)
    const published = await cli.npm(
      ['publish', '--registry', registryOf('npm-local')],
      cli.makePackage('permitted-lib', '2.0.0', '# permitted\n'),
      rcFor('npm-local', passwordAuth('publisher')),
    )
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    expect(await storedVersions('permitted-lib')).toEqual(['2.0.0'])
    const viewed = await cli.npm(
      ['view', 'permitted-lib', 'version', '--registry', registryOf('npm')],
      work,
      rcFor('npm', passwordAuth('reader')),
    )
    expect(viewed.stdout.trim()).toBe('2.0.0')
  })
})
