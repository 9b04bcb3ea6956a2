/**
 * The registry under load of many small packages and files, on loopback against the
 * reference server in-process. Publish and install of 200 small npm packages go through the
 * requests the npm CLI sends (PUT of the publish document with the tarball attached; GET of
 * the packument, then of the tarball), one package at a time, so per-package times are the
 * server's and not the CLI's start-up (the CLI itself is exercised in
 * tests/server/registry.npm.test.ts). Then the first page of the artifacts tree for a
 * repository folder holding 10,000 files deployed through the generic PUT. And once with the npm
 * CLI itself: `npm install` of a project that depends on all 200, from the virtual repository
 * with the .npmrc set-me-up gives (the CLI fetches in parallel, as users' installs do).
 * Figures are printed, never asserted.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { browserHeaders, startTestServer, type TestServer } from '../tests/support/server'
import { signInDirectly } from '../tests/server/helpers/catalogSession'
import { npmTarball } from './support/npmTarball'
import { npmCli } from '../tests/support/npmCli'
import type { Figure } from './types'

export const title = 'Registry: npm publish/install of 200 packages, artifacts tree of 10,000 files'

const PACKAGES = 200
const FILES = 10_000
const PARALLEL_DEPLOYS = 8

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`)
  return res
}

async function npmLoop(server: TestServer, token: string): Promise<Figure[]> {
  const registry = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`
  const auth = { authorization: `Bearer ${token}` }
  const stamp = Date.now().toString(36)
  const names = Array.from({ length: PACKAGES }, (_, i) => `@bench/p${i}-${stamp}`)
  const publishTimes: number[] = []
  const publishStart = performance.now()
  for (const name of names) {
    const base = name.split('/')[1]!
    const pkg = { name, version: '1.0.0', description: 'bench', license: 'MIT', main: 'index.js' }
    const tgz = npmTarball({
      'package.json': JSON.stringify(pkg),
      'index.js': `module.exports = '${name}'\n`,
      'README.md': `# ${name}\n`,
    })
    const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`
    const shasum = createHash('sha1').update(tgz).digest('hex')
    const doc = {
      _id: name,
      name,
      'dist-tags': { latest: '1.0.0' },
      versions: {
        '1.0.0': {
          ...pkg,
          _id: `${name}@1.0.0`,
          dist: { integrity, shasum, tarball: `${registry('npm-local')}${name}/-/${base}-1.0.0.tgz` },
        },
      },
      _attachments: {
        [`${name}-1.0.0.tgz`]: {
          content_type: 'application/octet-stream',
          data: tgz.toString('base64'),
          length: tgz.length,
        },
      },
    }
    publishTimes.push(
      await timed(async () => {
        await ok(
          await fetch(`${registry('npm-local')}${encodeURIComponent(name)}`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(doc),
          }),
          `publish ${name}`,
        )
      }),
    )
  }
  const publishWall = performance.now() - publishStart

  const installTimes: number[] = []
  const installStart = performance.now()
  for (const name of names) {
    installTimes.push(
      await timed(async () => {
        // From the virtual repository, as `npm install` with the set-me-up .npmrc does.
        const packument = (await (
          await ok(
            await fetch(`${registry('npm')}${encodeURIComponent(name)}`, { headers: auth }),
            `packument ${name}`,
          )
        ).json()) as { versions: Record<string, { dist: { tarball: string } }> }
        const res = await ok(
          await fetch(packument.versions['1.0.0']!.dist.tarball, { headers: auth }),
          `tarball ${name}`,
        )
        await res.arrayBuffer()
      }),
    )
  }
  const installWall = performance.now() - installStart
  publishTimes.sort((a, b) => a - b)
  installTimes.sort((a, b) => a - b)
  const cliWall = await cliInstall(server, token, names)
  return [
    { name: `publish ${PACKAGES} packages: wall time`, value: publishWall, unit: 'ms' },
    { name: 'publish: per-package p50', value: percentile(publishTimes, 50), unit: 'ms' },
    { name: 'publish: per-package p99', value: percentile(publishTimes, 99), unit: 'ms' },
    { name: `install ${PACKAGES} packages (packument + tarball): wall time`, value: installWall, unit: 'ms' },
    { name: 'install: per-package p50', value: percentile(installTimes, 50), unit: 'ms' },
    { name: 'install: per-package p99', value: percentile(installTimes, 99), unit: 'ms' },
    { name: `npm install (CLI) of a project with ${PACKAGES} deps: wall`, value: cliWall, unit: 'ms' },
  ]
}

/** `npm install` with the npm CLI of a project depending on every published package; its wall time. */
async function cliInstall(server: TestServer, token: string, names: readonly string[]): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'npm-bench-'))
  try {
    const registry = `${server.url}/artifactory/api/npm/npm/`
    const rc = join(work, 'npmrc')
    writeFileSync(rc, `registry=${registry}\n${registry.replace(/^https?:/, '')}:_authToken=${token}\n`)
    const dependencies = Object.fromEntries(names.map((n) => [n, '1.0.0']))
    writeFileSync(
      join(work, 'package.json'),
      JSON.stringify({ name: 'bench-app', private: true, dependencies }),
    )
    const start = performance.now()
    const answer = await npmCli(work).npm(['install'], work, rc)
    const wall = performance.now() - start
    if (answer.failed) throw new Error(`npm install failed: ${answer.stderr}`)
    return wall
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function treeOfManyFiles(server: TestServer, token: string, cookie: string): Promise<Figure[]> {
  const folder = `bench-${Date.now().toString(36)}`
  let next = 0
  const deployStart = performance.now()
  await Promise.all(
    Array.from({ length: PARALLEL_DEPLOYS }, async () => {
      while (next < FILES) {
        const i = next++
        await ok(
          await fetch(
            `${server.url}/artifactory/generic-local/${folder}/file-${String(i).padStart(5, '0')}.txt`,
            {
              method: 'PUT',
              headers: { authorization: `Bearer ${token}` },
              body: `file ${i}\n`,
            },
          ),
          `deploy ${i}`,
        )
      }
    }),
  )
  const deployWall = performance.now() - deployStart
  const times: number[] = []
  let shown = 0
  let total = 0
  for (let round = 0; round < 20; round++) {
    times.push(
      await timed(async () => {
        const res = await ok(
          await fetch(
            `${server.url}/ui/api/v1/ui/treebrowser?repoKey=generic-local&path=${folder}&offset=0&limit=100`,
            {
              headers: browserHeaders(server.url, cookie),
            },
          ),
          'tree',
        )
        const page = (await res.json()) as { children: unknown[]; total: number }
        shown = page.children.length
        total = page.total
      }),
    )
  }
  if (total !== FILES) throw new Error(`the tree says ${total} files, ${FILES} were deployed`)
  times.sort((a, b) => a - b)
  return [
    {
      name: `deploy ${FILES} files (generic PUT, ${PARALLEL_DEPLOYS} at once): wall time`,
      value: deployWall,
      unit: 'ms',
    },
    {
      name: `tree first page (${shown} of ${total} children): p50 of 20`,
      value: percentile(times, 50),
      unit: 'ms',
    },
    { name: 'tree first page: slowest of 20', value: times[times.length - 1]!, unit: 'ms' },
  ]
}

export async function run(): Promise<Figure[]> {
  const server = await startTestServer()
  try {
    const cookie = signInDirectly(server)
    const res = await ok(
      await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
        method: 'POST',
        headers: browserHeaders(server.url, cookie),
        body: '{}',
      }),
      'token',
    )
    const { token } = (await res.json()) as { token: string }
    return [...(await npmLoop(server, token)), ...(await treeOfManyFiles(server, token, cookie))]
  } finally {
    await server.stop()
  }
}
