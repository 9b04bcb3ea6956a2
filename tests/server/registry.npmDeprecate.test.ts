/**
 * `npm deprecate` as a developer runs it, with the real npm CLI: a deprecation (and its removal
 * with "") on a local repository, shown by `npm view`, and carried through a remote: a second
 * platform whose npm-remote's upstream is this one's npm-local warns at `npm install` through its
 * npm virtual, as npm does for a package from the public registry. Only `deprecated` is taken
 * from the document npm sends back; a version the repository does not hold is refused.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { npmCli, type NpmAnswer } from '../support/npmCli'
import { startTestServer, type TestServer } from '../support/server'

const NAME = 'deprecate-me'
// A bound for a stuck run, not a timing: each test runs the npm CLI several times.
const CLI_TESTS = { timeout: 180_000 }

let upstream: TestServer
let platform: TestServer
let work: string

beforeAll(async () => {
  upstream = await startTestServer({ anonymousAccess: true })
  platform = await startTestServer({}, { NPM_REMOTE_URL: `${upstream.url}/artifactory/api/npm/npm-local/` })
  work = mkdtempSync(join(tmpdir(), 'npm-deprecate-'))
}, 120_000)

afterAll(async () => {
  await platform?.stop()
  await upstream?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** An .npmrc for `repo` of `server`, signed in as its admin. */
const npmrc = (server: TestServer, repo: string) => {
  const path = join(work, `npmrc-${repo}-${new URL(server.url).port}`)
  const registry = `${server.url}/artifactory/api/npm/${repo}/`
  const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
  writeFileSync(path, `registry=${registry}\n${registry.replace(/^http:/, '')}:_auth=${auth}\n`)
  return path
}

const succeeded = (answer: NpmAnswer) => expect(answer, JSON.stringify(answer)).not.toHaveProperty('failed')

describe('npm deprecate', () => {
  it('marks a version, npm view shows it, and "" takes it off', CLI_TESTS, async () => {
    const { npm, makePackage } = npmCli(work)
    const rc = npmrc(upstream, 'npm-local')
    for (const version of ['1.0.0', '1.1.0'])
      succeeded(await npm(['publish'], makePackage(NAME, version, '# d\n'), rc))

    succeeded(await npm(['deprecate', `${NAME}@1.0.0`, 'use 1.1.0: 1.0.0 leaks memory'], work, rc))
    const one = await npm(['view', `${NAME}@1.0.0`, 'deprecated'], work, rc)
    expect(one.stdout.trim()).toBe('use 1.1.0: 1.0.0 leaks memory')
    expect((await npm(['view', `${NAME}@1.1.0`, 'deprecated'], work, rc)).stdout.trim()).toBe('')

    succeeded(await npm(['deprecate', `${NAME}@1.0.0`, ''], work, rc))
    expect((await npm(['view', `${NAME}@1.0.0`, 'deprecated'], work, rc)).stdout.trim()).toBe('')

    succeeded(await npm(['deprecate', `${NAME}@<1.1.0`, 'use 1.1.0: 1.0.0 leaks memory'], work, rc))
  })

  it('warns at npm install through another platform whose remote proxies this one', CLI_TESTS, async () => {
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const installed = await npmCli(app).npm(['install', `${NAME}@1.0.0`], app, npmrc(platform, 'npm'))
    succeeded(installed)
    expect(installed.stderr).toMatch(
      new RegExp(`npm warn deprecated ${NAME}@1\\.0\\.0: use 1\\.1\\.0: 1\\.0\\.0 leaks memory`, 'i'),
    )
  })

  it('takes nothing but the deprecation, and no version the repository lacks', async () => {
    const auth = Buffer.from(`admin:${upstream.config.adminPassword}`).toString('base64')
    const url = `${upstream.url}/artifactory/api/npm/npm-local/${NAME}`
    const put = (versions: Record<string, unknown>) =>
      fetch(url, {
        method: 'PUT',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ _id: NAME, name: NAME, versions }),
      })
    const forged = await put({
      '1.1.0': { name: NAME, version: '1.1.0', dependencies: { evil: '*' }, deprecated: 'x' },
    })
    expect(forged.status).toBe(200)
    const doc = (await (await fetch(url, { headers: { authorization: `Basic ${auth}` } })).json()) as {
      versions: Record<string, Record<string, unknown>>
    }
    expect(doc.versions['1.1.0']).toMatchObject({ deprecated: 'x' })
    expect(doc.versions['1.1.0']).not.toHaveProperty('dependencies')
    const missing = await put({ '9.9.9': { name: NAME, version: '9.9.9', deprecated: 'x' } })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { error: string }).error).toMatch(/9\.9\.9 is not in npm-local/)
  })
})
