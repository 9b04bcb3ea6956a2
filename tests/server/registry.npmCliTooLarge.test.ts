/**
 * What the real npm CLI prints when an npm route refuses a publish as too large (413): the
 * status and the platform's reason on npm's own error line, so the user knows what to change;
 * no stack trace, no silence, nothing stored. Two limits a publish meets: the body npm sends
 * (the tarball in base64 inside the document) and what the tarball unpacks to (a kept file, the
 * README, is a database row and stays small).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { npmCli, type NpmAnswer } from '../support/npmCli'
import { signInDirectly } from './helpers/catalogSession'
import { clientTokenOf } from './helpers/permissions'
import { npmrcFor } from './helpers/registryClients'
import { NPM_PUBLISH_LIMIT } from '../../server/registry/npmRoutes'
import { TARBALL_LIMITS } from '../../server/registry/tarball'

let server: TestServer
let work: string
let npmrc: string
// A bound for a stuck run, not a timing: npm packs and sends over 100 MiB.
const CLI_TEST = { timeout: 180_000 }

const registry = () => `${server.url}/artifactory/api/npm/npm-local/`

beforeAll(async () => {
  server = await startTestServer()
  work = mkdtempSync(join(tmpdir(), 'npm-cli-too-large-'))
  const token = await clientTokenOf(server, signInDirectly(server, { admin: true }))
  npmrc = npmrcFor(server, work, 'npm-local', `_authToken=${token}`)
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

/** npm's error lines, without the `npm error ` prefix and the log file's. */
const errorLines = (answer: NpmAnswer) =>
  answer.stderr
    .split('\n')
    .filter((line) => line.startsWith('npm error '))
    .map((line) => line.slice('npm error '.length))
    .filter((line) => !line.startsWith('A complete log of this run'))

const refusedClearly = (answer: NpmAnswer, name: string, reason: string) => {
  expect(answer, JSON.stringify(answer)).toHaveProperty('failed')
  expect(errorLines(answer)).toEqual([
    'code E413',
    `413 Payload Too Large - PUT ${registry()}${name} - ${reason}`,
  ])
  // No stack trace or internals anywhere in what npm printed.
  expect(answer.stderr).not.toMatch(/\n\s+at |Internal server error|ECONNRESET|EPIPE|socket hang up/)
}

const stored = async (name: string) =>
  (await fetch(`${registry()}${name}`, { headers: { cookie: signInDirectly(server, { admin: true }) } }))
    .status

describe('npm publish refused as too large', () => {
  it('a package whose publish body is past the limit: the limit in words', CLI_TEST, async () => {
    const cli = npmCli(work)
    const name = 'too-large-body'
    const dir = cli.makePackage(name, '1.0.0', '# large\n')
    // Random bytes do not compress: base64 of the tarball alone is past the limit.
    writeFileSync(join(dir, 'data.bin'), randomBytes(Math.ceil((NPM_PUBLISH_LIMIT * 3) / 4)))
    const answer = await cli.npm(['publish', '--registry', registry()], dir, npmrc)
    refusedClearly(
      answer,
      name,
      'The package is too large to publish here: npm sends at most 100 MiB (a tarball of about 75 MiB)',
    )
    expect(await stored(name)).toBe(404)
  })

  it('a package with a README past the kept file’s limit: which file, and its limit', CLI_TEST, async () => {
    const cli = npmCli(work)
    const name = 'too-large-readme'
    // Compresses to little: the tarball is small, what it unpacks to is not.
    const dir = cli.makePackage(name, '1.0.0', 'r'.repeat(TARBALL_LIMITS.fileBytes + 1))
    const answer = await cli.npm(['publish', '--registry', registry()], dir, npmrc)
    refusedClearly(
      answer,
      name,
      `The package is too large: README.md has ${TARBALL_LIMITS.fileBytes + 1} bytes unpacked; a package.json, README or licence may have at most 1 MiB`,
    )
    expect(await stored(name)).toBe(404)
  })
})
