/**
 * What the real npm CLI prints when an npm route refuses a body as too large (413): the
 * status and the platform's reason on npm's own line, so the user knows what to change;
 * no stack trace, no silence, nothing stored. Two limits a publish meets: the body npm sends
 * (the tarball in base64 inside the document) and what the tarball unpacks to (a kept file, the
 * README, is a database row and stays small). `npm audit` sends the project's dependency tree
 * gzipped: what it unpacks to has a limit too, and a project past it is told so.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { npmCli, type NpmAnswer } from '../support/npmCli'
import { signInDirectly } from './helpers/catalogSession'
import { clientTokenOf } from './helpers/permissions'
import { npmrcFor } from './helpers/registryClients'
import { NPM_AUDIT_LIMIT, NPM_PUBLISH_LIMIT } from '../../server/registry/npmRoutes'
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
  // What npm printed, shown when it is not the 413: a CI run once saw no error line at all.
  expect(errorLines(answer), answer.stderr.slice(-2000)).toEqual([
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

/**
 * A project folder holding only a package.json and a lockfile (npm audits the lockfile's tree;
 * nothing is installed): `width` dependencies, each with `width` of its own (npm's tree loading
 * is quadratic in one folder's children). With `long`, names and versions as long as npm allows
 * (214 and 256 characters), so the audit body (`{name: [versions]}`) grows fast.
 */
function projectWith(name: string, width: number, long = false): string {
  const dir = join(work, name)
  mkdirSync(dir)
  const named = (base: string) => (long ? `${base}-${'n'.repeat(214)}`.slice(0, 214) : base)
  const version = long ? `1.0.0-${'v'.repeat(250)}` : '1.0.0'
  const dependencies: Record<string, string> = {}
  const packages: Record<string, unknown> = {}
  for (let i = 0; i < width; i++) {
    const top = named(`top-${i}`)
    const own: Record<string, string> = {}
    for (let j = 0; j < width; j++) {
      const dep = named(`dep-${i}-${j}`)
      own[dep] = version
      packages[`node_modules/${top}/node_modules/${dep}`] = { version }
    }
    dependencies[top] = version
    packages[`node_modules/${top}`] = { version, dependencies: own }
  }
  const root = { name, version: '1.0.0', dependencies }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(root))
  const lock = {
    name,
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: { '': root, ...packages },
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock))
  return dir
}

describe('npm audit refused as too large', () => {
  it(
    'a project whose tree unpacks past the limit: npm says so, and audits again after',
    CLI_TEST,
    async () => {
      const cli = npmCli(work)
      // About 470 characters a package in the body: this many packages pass the limit.
      const large = projectWith('audit-large', Math.ceil(Math.sqrt(NPM_AUDIT_LIMIT / 450)), true)
      // npm loads a tree of ~19,000 packages first: a longer bound for a stuck run.
      const answer = await cli.npm(['audit'], large, npmrc, 150_000)
      expect(answer, JSON.stringify(answer).slice(0, 2000)).toHaveProperty('failed')
      const reason = 'The audit request unpacks to more than 8 MiB'
      // npm warns with the status and the platform's reason, prints the answer's body, and fails.
      expect(answer.stderr).toContain(
        `npm warn audit 413 Payload Too Large - POST ${registry()}-/npm/v1/security/advisories/bulk - ${reason}`,
      )
      expect(errorLines(answer)).toEqual(['audit endpoint returned an error'])
      // The body as npm shows an object: the reason again, and its code.
      expect(answer.stdout).toContain(`error: '${reason}'`)
      expect(answer.stdout).toContain(`code: 'TOO_LARGE'`)
      expect(answer.stderr).not.toMatch(/\n\s+at |Internal server error|ECONNRESET|EPIPE|socket hang up/)

      // Nothing broke: a project within the limit is audited by the same server.
      const again = await cli.npm(['audit'], projectWith('audit-small', 2), npmrc)
      expect(again, JSON.stringify(again)).not.toHaveProperty('failed')
      expect(again.stdout).toContain('found 0 vulnerabilities')
    },
  )
})
