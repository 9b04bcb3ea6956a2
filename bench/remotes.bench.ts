/**
 * The npm remote beside Verdaccio 6's proxy (only when named: `npm run bench -- remotes`), in one
 * run, both proxying the same local upstream registry on 127.0.0.1 (tests/support's, serving 200
 * packages of 1–200 KB of source each, and one tarball of 200 MB). The platform runs as
 * `npm start` does (its own processes, one node), Verdaccio as its own process.
 *
 * - `npm ci` of a lockfile naming the 200 packages (resolved through each registry), with an
 *   empty npm cache: cold (nothing cached in the registry either: each fetches every document
 *   and tarball from the upstream), then warm (median of three, taken in turns).
 * - The same `npm ci` straight from the upstream (no proxy between), in the same turns: npm's
 *   own time, which neither registry can go under (a warm target far below it cannot be met).
 * - The 200 MB tarball fetched through each, cold: the registry's resident memory (its whole
 *   process tree, sampled every 50 ms) before and at most while it streams, and the rate.
 *
 * Ratios are the platform's figure over Verdaccio's (below 1: the platform is faster or smaller).
 */
import { execFile } from 'node:child_process'
import http from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Figure } from './types'
import { npmTarball } from './support/npmTarball'
import { installVerdaccio, startVerdaccio } from './support/verdaccio'
import { startPlatformProcess } from '../tests/support/platformProcess'
import { startUpstreamRegistry, type PackedVersion } from '../tests/support/upstreamRegistry'
import { median } from './support/samples'

export const title = 'npm-remote beside Verdaccio 6 proxying one upstream (npm ci, loopback)'
/** Runs only when asked for by name: it installs Verdaccio from the registry. */
export const optional = true

const PACKAGES = 200
const BIG = 200 * 1024 * 1024
const BIG_NAME = 'remote-bench-big'
const WARM_ROUNDS = 3
const exec = promisify(execFile)

/** A small deterministic generator, so every run proxies the same bytes. */
function generator(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 200 packages with 1–200 KB of source each (spread like a real dependency tree's: most small). */
function makePackages(): PackedVersion[] {
  const next = generator(29)
  const out: PackedVersion[] = []
  for (let i = 0; i < PACKAGES; i++) {
    const name = `remote-bench-${String(i).padStart(3, '0')}`
    const manifest = {
      name,
      version: '1.0.0',
      description: `Bench package ${i}`,
      main: 'index.js',
      license: 'MIT',
    }
    const size = Math.round(1024 * Math.pow(200, next()))
    // Source-like text: words from a small vocabulary compress as code does, not as noise.
    const words = ['const', 'return', 'function', 'value', 'export', 'if', 'else', '=>', '{', '}', '(', ')']
    let source = ''
    while (source.length < size)
      source += `${words[Math.floor(next() * words.length)]}${next() < 0.1 ? '\n' : ' '}`
    const tarball = npmTarball({
      'package.json': JSON.stringify(manifest),
      'index.js': `module.exports = ${i}\n`,
      'lib/source.js': source,
      'README.md': `# ${name}\n`,
    })
    out.push({ name, version: '1.0.0', manifest, tarball, file: `${name}-1.0.0.tgz` })
  }
  return out
}

const integrity = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`

/** A project whose lockfile names every package at `registry`'s tarball address. */
function writeProject(dir: string, registry: string, packages: readonly PackedVersion[]): void {
  mkdirSync(dir, { recursive: true })
  const dependencies = Object.fromEntries(packages.map((p) => [p.name, p.version]))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'bench-app', version: '1.0.0', dependencies }),
  )
  const lock = {
    name: 'bench-app',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'bench-app', version: '1.0.0', dependencies },
      ...Object.fromEntries(
        packages.map((p) => [
          `node_modules/${p.name}`,
          {
            version: p.version,
            resolved: `${registry}${p.name}/-/${p.file}`,
            integrity: integrity(p.tarball),
            license: 'MIT',
          },
        ]),
      ),
    },
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2))
}

/** `npm ci` in `project` with an npm cache of its own (empty): the time it took, in ms. */
async function npmCi(work: string, project: string, npmrc: string, label: string): Promise<number> {
  const cache = mkdtempSync(join(work, `npm-cache-${label}-`))
  rmSync(join(project, 'node_modules'), { recursive: true, force: true })
  const started = performance.now()
  try {
    await exec('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: project,
      timeout: 600_000,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        npm_config_userconfig: npmrc,
        npm_config_cache: cache,
        npm_config_update_notifier: 'false',
      },
    })
  } catch (error) {
    const e = error as { stderr?: string; message: string }
    throw new Error(`npm ci through ${label} failed: ${e.stderr ?? e.message}`)
  }
  const took = performance.now() - started
  const installed = readdirSync(join(project, 'node_modules')).filter((n) => n.startsWith('remote-bench-'))
  if (installed.length !== PACKAGES) throw new Error(`${label}: ${installed.length} packages installed`)
  rmSync(cache, { recursive: true, force: true })
  return took
}

/** Resident memory of `pid` and its descendants, in bytes. */
function treeRss(pid: number): number {
  let total = 0
  const pending = [pid]
  while (pending.length > 0) {
    const p = pending.pop()!
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8')
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim()
        if (children) pending.push(...children.split(/\s+/).map(Number))
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return total
}

/**
 * Fetches `url` to its end (node's http client: the bytes are only counted), sampling the
 * registry's memory: before, the highest while it streams, and the rate. Gives up after five
 * minutes.
 */
async function proxyBig(url: string, headers: Record<string, string>, pid: number) {
  const before = treeRss(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 50)
  const started = performance.now()
  let bytes = 0
  try {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(url, { headers, timeout: 300_000 }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`))
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', resolve)
        res.on('error', reject)
      })
      req.on('timeout', () => req.destroy(new Error(`${url}: ${bytes} bytes in five minutes`)))
      req.on('error', reject)
    })
  } finally {
    clearInterval(sampler)
  }
  if (bytes !== BIG) throw new Error(`${url}: ${bytes} bytes, not ${BIG}`)
  const seconds = (performance.now() - started) / 1000
  return { before, peak: Math.max(peak, treeRss(pid)), rate: BIG / 1024 / 1024 / seconds }
}

const MB = 1024 * 1024

export async function run(): Promise<Figure[]> {
  const bin = installVerdaccio()
  const work = mkdtempSync(join(tmpdir(), 'bench-remotes-'))
  const packages = makePackages()
  const big = randomBytes(BIG)
  const bigVersion: PackedVersion = {
    name: BIG_NAME,
    version: '1.0.0',
    manifest: { name: BIG_NAME, version: '1.0.0' },
    tarball: big,
    file: `${BIG_NAME}-1.0.0.tgz`,
  }
  const upstream = await startUpstreamRegistry([...packages, bigVersion])
  const platform = await startPlatformProcess(join(work, 'data'), {
    NPM_REMOTE_URL: upstream.url,
    NODES: '1',
    NODE_ENV: 'production',
  })
  mkdirSync(join(work, 'verdaccio'))
  const verdaccio = await startVerdaccio(bin, join(work, 'verdaccio'), { uplink: `${upstream.url}/` })
  const verdaccioPid = verdaccio.child.pid!
  try {
    const ours = `${platform.url}/artifactory/api/npm/npm-remote/`
    // npm login as the admin: filling a remote's cache takes deploy on it.
    const login = await fetch(`${ours}-/user/org.couchdb.user:admin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'admin', password: 'password' }),
    })
    const { token } = (await login.json()) as { token?: string }
    if (!token) throw new Error(`npm login to the platform: ${login.status}`)
    const npmrc = { ours: join(work, 'npmrc-ours'), theirs: join(work, 'npmrc-theirs') }
    writeFileSync(npmrc.ours, `registry=${ours}\n${ours.replace(/^http:/, '')}:_authToken=${token}\n`)
    writeFileSync(npmrc.theirs, `registry=${verdaccio.url}\n`)
    const project = { ours: join(work, 'app-ours'), theirs: join(work, 'app-theirs') }
    writeProject(project.ours, ours, packages)
    writeProject(project.theirs, verdaccio.url, packages)
    const direct = { project: join(work, 'app-direct'), npmrc: join(work, 'npmrc-direct') }
    writeFileSync(direct.npmrc, `registry=${upstream.url}/\n`)
    writeProject(direct.project, `${upstream.url}/`, packages)

    const coldOurs = await npmCi(work, project.ours, npmrc.ours, 'the platform')
    const coldTheirs = await npmCi(work, project.theirs, npmrc.theirs, 'Verdaccio')
    console.log(
      `  (cold npm ci: platform ${Math.round(coldOurs)} ms, Verdaccio ${Math.round(coldTheirs)} ms)`,
    )
    const tarballsAsked = upstream.requests.filter((p) => p.includes('/-/remote-bench-')).length
    const askedBefore = upstream.requests.length
    const warmOurs: number[] = []
    const warmTheirs: number[] = []
    const straight: number[] = []
    for (let i = 0; i < WARM_ROUNDS; i++) {
      warmOurs.push(await npmCi(work, project.ours, npmrc.ours, 'the platform'))
      warmTheirs.push(await npmCi(work, project.theirs, npmrc.theirs, 'Verdaccio'))
      straight.push(await npmCi(work, direct.project, direct.npmrc, 'the upstream'))
    }
    console.log(
      `  (warm npm ci: platform ${warmOurs.map(Math.round).join(', ')} ms; Verdaccio ${warmTheirs.map(Math.round).join(', ')} ms; ` +
        `straight from the upstream ${straight.map(Math.round).join(', ')} ms)`,
    )
    // Less the straight installs' own.
    const askedWarm = upstream.requests.length - askedBefore - WARM_ROUNDS * PACKAGES

    const bigPath = `${BIG_NAME}/-/${BIG_NAME}-1.0.0.tgz`
    const rssOurs = await proxyBig(`${ours}${bigPath}`, { authorization: `Bearer ${token}` }, platform.pid)
    const rssTheirs = await proxyBig(`${verdaccio.url}${bigPath}`, {}, verdaccioPid)

    const pair = (name: string, unit: string, mine: number, peer: number, target?: string): Figure[] => [
      { name: `Verdaccio: ${name}`, value: peer, unit },
      {
        name: `platform: ${name}`,
        value: mine,
        unit,
        ratio: { to: 'of Verdaccio', value: mine / peer },
        ...(target ? { target } : {}),
      },
    ]
    return [
      { name: 'packages in the lockfile', value: PACKAGES, unit: 'packages' },
      {
        name: 'their tarballs, gzipped',
        value: packages.reduce((n, p) => n + p.tarball.length, 0) / 1024,
        unit: 'KB',
      },
      { name: 'upstream tarball requests, both cold runs', value: tarballsAsked, unit: 'requests' },
      { name: 'upstream requests of both registries, all warm runs', value: askedWarm, unit: 'requests' },
      {
        name: `npm ci straight from the upstream, no proxy (median of ${WARM_ROUNDS})`,
        value: median(straight),
        unit: 'ms',
      },
      ...pair('npm ci, cold cache', 'ms', coldOurs, coldTheirs, 'platform ≤ 1.0× Verdaccio'),
      ...pair(
        `npm ci, warm cache (median of ${WARM_ROUNDS})`,
        'ms',
        median(warmOurs),
        median(warmTheirs),
        'platform ≤ 0.5× Verdaccio',
      ),
      ...pair('200 MB tarball proxied cold, rate', 'MB/s', rssOurs.rate, rssTheirs.rate),
      ...pair('resident memory before the 200 MB tarball', 'MB', rssOurs.before / MB, rssTheirs.before / MB),
      ...pair(
        'resident memory growth while it streams',
        'MB',
        (rssOurs.peak - rssOurs.before) / MB,
        (rssTheirs.peak - rssTheirs.before) / MB,
        'platform < 50 MB',
      ),
    ]
  } finally {
    verdaccio.child.kill()
    await platform.stop()
    await upstream.stop()
    rmSync(work, { recursive: true, force: true })
  }
}
