/**
 * `npm run catalog`: builds the catalogue snapshot (`server/catalog/snapshot.json.gz`) from
 * real data on this machine and the npm registry:
 * - every npm package installed under `node_modules` (from `node_modules/.package-lock.json`):
 *   package.json, README and LICENSE with their bytes, the tarball's checksums from the npm
 *   cache (bytes not kept: size budget);
 * - a few real packages from the registry (`npm view`, `npm pack`): several versions each, with
 *   publish dates, and advisories from `npm audit --json` on a temporary project per version;
 * - the Debian packages of `/var/lib/dpkg/status` with their copyright files.
 * The snapshot is what the server loads: nothing here is read at run time.
 *
 * Options: `--offline` skips the registry (no old versions, no audit); `--out=FILE` writes
 * elsewhere than the committed snapshot.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir, homedir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import semver from 'semver'
import { SNAPSHOT_FILE } from './paths'
import type {
  Advisory,
  SeverityName,
  Snapshot,
  SnapshotFile,
  SnapshotPackage,
  SnapshotVersion,
  StoredContent,
} from './types'

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')
const MAX_SNAPSHOT_BYTES = 5 * 1024 * 1024

/** Real packages fetched from the registry in several versions, and versions known to carry advisories. */
const REGISTRY_PACKAGES: Record<string, string[]> = {
  react: ['16.0.0', '17.0.2', '18.2.0'],
  'react-dom': ['16.4.0', '17.0.2', '18.2.0'],
  rxjs: ['6.6.7', '7.0.0'],
  vite: ['4.5.0', '5.0.0'],
  fastify: ['3.29.0', '4.10.0'],
  lodash: ['4.17.4', '4.17.15'],
  minimist: ['0.0.8', '1.2.5'],
  axios: ['0.21.0', '1.6.0'],
  express: ['4.16.0', '4.17.1'],
  semver: ['5.7.1', '7.5.1'],
  marked: ['0.3.6', '4.0.0'],
  dompurify: ['2.0.0', '2.4.0'],
  'node-fetch': ['2.6.0'],
  jquery: ['1.12.4', '3.4.1'],
  handlebars: ['4.0.11'],
}

const sha = (algo: string, bytes: Buffer) => createHash(algo).update(bytes).digest('hex')

function storedContent(bytes: Buffer): StoredContent {
  const text = bytes.toString('utf8')
  return Buffer.from(text, 'utf8').equals(bytes)
    ? { encoding: 'utf8', data: text }
    : { encoding: 'base64', data: bytes.toString('base64') }
}

const MIME: Record<string, string> = {
  json: 'application/json',
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  tgz: 'application/x-gzip',
  gz: 'application/x-gzip',
}
const mimeOf = (name: string) => {
  if (!name.includes('.')) return 'text/plain'
  return MIME[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream'
}

function fileEntry(name: string, path: string, bytes: Buffer, lead: boolean, keep: boolean): SnapshotFile {
  return {
    name,
    path,
    lead,
    size: bytes.length,
    md5: sha('md5', bytes),
    sha1: sha('sha1', bytes),
    sha256: sha('sha256', bytes),
    mimeType: mimeOf(name),
    ...(keep ? { content: storedContent(bytes) } : {}),
  }
}

interface PackageJson {
  name?: string
  version?: string
  description?: string
  license?: string | { type?: string }
  licenses?: Array<{ type?: string }>
  keywords?: unknown
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  homepage?: string
  repository?: string | { url?: string }
  author?: string | { name?: string }
}

function licensesOf(pj: PackageJson): string[] {
  if (typeof pj.license === 'string') return [pj.license]
  if (pj.license && typeof pj.license.type === 'string') return [pj.license.type]
  if (Array.isArray(pj.licenses))
    return pj.licenses.flatMap((l) => (typeof l.type === 'string' ? [l.type] : []))
  return []
}

const keywordsOf = (pj: PackageJson): string[] =>
  Array.isArray(pj.keywords)
    ? [
        ...new Set(pj.keywords.filter((k): k is string => typeof k === 'string').map((k) => k.slice(0, 60))),
      ].slice(0, 20)
    : []

function dependenciesOf(pj: PackageJson) {
  const scopes: Array<[keyof PackageJson, string]> = [
    ['dependencies', 'prod'],
    ['peerDependencies', 'peer'],
    ['optionalDependencies', 'optional'],
    ['devDependencies', 'dev'],
  ]
  return scopes.flatMap(([field, scope]) =>
    Object.entries((pj[field] as Record<string, string> | undefined) ?? {}).map(([name, version]) => ({
      name,
      version: String(version),
      scope,
    })),
  )
}

function propertiesOf(pj: PackageJson, licenses: string[]) {
  const props: Array<{ key: string; values: string[] }> = [
    { key: 'npm.name', values: [pj.name ?? ''] },
    { key: 'npm.version', values: [pj.version ?? ''] },
  ]
  if (pj.description) props.push({ key: 'npm.description', values: [pj.description] })
  const keywords = keywordsOf(pj)
  if (keywords.length) props.push({ key: 'npm.keywords', values: keywords })
  if (licenses.length) props.push({ key: 'npm.license', values: licenses })
  const repo = typeof pj.repository === 'string' ? pj.repository : pj.repository?.url
  if (repo) props.push({ key: 'npm.repository', values: [repo] })
  if (pj.homepage) props.push({ key: 'npm.homepage', values: [pj.homepage] })
  return props
}

/** The files of an unpacked npm package directory that the catalogue keeps with their bytes. */
function packageDirFiles(dir: string, base: string): { files: SnapshotFile[]; readmePath?: string } {
  const names = readdirSync(dir)
  const files: SnapshotFile[] = []
  let readmePath: string | undefined
  const pick = (test: (n: string) => boolean) => names.filter(test).sort()[0]
  const packageJson = 'package.json'
  const readme = pick((n) => /^readme(\.(md|markdown|txt))?$/i.test(n))
  const license = pick((n) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(n))
  for (const name of [packageJson, readme, license]) {
    if (!name) continue
    const full = join(dir, name)
    if (!statSync(full).isFile()) continue
    const bytes = readFileSync(full)
    files.push(fileEntry(name, `${base}/${name}`, bytes, false, true))
    if (name === readme) readmePath = `${base}/${name}`
  }
  return { files, readmePath }
}

const npmBase = (name: string, version: string) => `${name}/-/${version}`
const tarballPath = (name: string, version: string) => `${name}/-/${name.split('/').pop()}-${version}.tgz`

function versionFromPackageJson(
  pj: PackageJson,
  dir: string,
  tarball: Buffer | undefined,
  created: string,
  advisories: Advisory[],
): SnapshotVersion {
  const name = pj.name!
  const version = pj.version!
  const base = npmBase(name, version)
  const { files, readmePath } = packageDirFiles(dir, base)
  const lead = tarball
    ? fileEntry(basename(tarballPath(name, version)), tarballPath(name, version), tarball, true, false)
    : undefined
  const licenses = licensesOf(pj)
  return {
    name: version,
    created,
    modified: created,
    repo: 'npm-remote',
    leadFilePath: lead ? lead.path : `${base}/package.json`,
    ...(readmePath ? { readmePath } : {}),
    size: tarball ? tarball.length : files.reduce((s, f) => s + f.size, 0),
    licenses,
    advisories,
    files: lead ? [lead, ...files] : files.map((f) => (f.name === 'package.json' ? { ...f, lead: true } : f)),
    dependencies: dependenciesOf(pj),
    properties: propertiesOf(pj, licenses),
  }
}

/** The tarball npm installed from, out of the local npm cache (content-addressed by integrity). */
function cachedTarball(integrity: string | undefined): Buffer | undefined {
  const m = integrity && /^sha512-(\S+)/.exec(integrity)
  if (!m) return undefined
  const hex = Buffer.from(m[1]!, 'base64').toString('hex')
  const file = join(
    homedir(),
    '.npm/_cacache/content-v2/sha512',
    hex.slice(0, 2),
    hex.slice(2, 4),
    hex.slice(4),
  )
  return existsSync(file) ? readFileSync(file) : undefined
}

interface NpmPackageAcc {
  description: string | null
  licenses: string[]
  tags: string[]
  source: string
  versions: Map<string, SnapshotVersion>
}

function installedNpm(into: Map<string, NpmPackageAcc>, notes: string[]): void {
  const lock = JSON.parse(readFileSync(join(root, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string; link?: boolean; name?: string }>
  }
  let count = 0
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.link) continue
    const dir = join(root, path)
    if (!existsSync(join(dir, 'package.json'))) continue
    const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
    if (!pj.name || !pj.version) continue
    const acc = accFor(into, pj)
    if (acc.versions.has(pj.version)) continue
    // npm normalises file times inside tarballs; the directory's change time is when it was installed.
    const created = statSync(dir).ctime.toISOString()
    acc.versions.set(pj.version, versionFromPackageJson(pj, dir, cachedTarball(entry.integrity), created, []))
    count++
  }
  notes.push(`node_modules: ${count} installed npm package versions (created = install time)`)
}

function accFor(into: Map<string, NpmPackageAcc>, pj: PackageJson): NpmPackageAcc {
  let acc = into.get(pj.name!)
  if (!acc) {
    acc = { description: null, licenses: [], tags: [], source: 'node_modules', versions: new Map() }
    into.set(pj.name!, acc)
  }
  // The newest version's metadata describes the package.
  const newest = [...acc.versions.keys(), pj.version!].sort(semverCompare).at(-1)
  if (newest === pj.version || acc.description === null) {
    acc.description = pj.description ?? acc.description
    acc.licenses = licensesOf(pj)
    acc.tags = keywordsOf(pj)
  }
  return acc
}

const semverCompare = (a: string, b: string) =>
  semver.valid(a) && semver.valid(b) ? semver.compare(a, b) : a.localeCompare(b)

async function npmJson<T>(args: string[], cwd?: string): Promise<T> {
  try {
    const { stdout } = await run('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 })
    return JSON.parse(stdout) as T
  } catch (error) {
    // npm audit exits non-zero when it finds vulnerabilities; its stdout is still the report.
    const stdout = (error as { stdout?: string }).stdout
    if (stdout) return JSON.parse(stdout) as T
    throw error
  }
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

const NPM_SEVERITY: Record<string, SeverityName> = {
  critical: 'critical',
  high: 'high',
  moderate: 'medium',
  low: 'low',
  info: 'info',
}

interface AuditReport {
  vulnerabilities?: Record<
    string,
    {
      via: Array<
        string | { source: number; name: string; title: string; url: string; severity: string; range: string }
      >
    }
  >
  message?: string
  error?: { summary?: string }
}

/** Advisories of one exact version, from `npm audit --json` on a throw-away project depending on it. */
async function auditVersion(name: string, version: string): Promise<Advisory[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-audit-'))
  try {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'catalog-audit',
        version: '1.0.0',
        private: true,
        dependencies: { [name]: version },
      }),
    )
    await run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      timeout: 180_000,
    })
    const report = await npmJson<AuditReport>(['audit', '--json'], dir)
    if (report.error) throw new Error(report.message || report.error.summary || 'npm audit failed')
    const own = report.vulnerabilities?.[name]?.via ?? []
    const advisories: Advisory[] = []
    for (const via of own) {
      if (typeof via === 'string' || via.name !== name) continue
      const ghsa = /GHSA-[\w-]+/.exec(via.url)?.[0]
      advisories.push({
        id: ghsa ?? String(via.source),
        severity: NPM_SEVERITY[via.severity] ?? 'unknown',
        title: via.title,
        url: via.url,
        range: via.range,
        cves: [],
      })
    }
    return advisories
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

interface NpmView {
  versions: string[]
  time: Record<string, string>
  'dist-tags': Record<string, string>
}

/** Downloads one real tarball with `npm pack` and unpacks its package.json and README. */
async function packVersion(
  name: string,
  version: string,
): Promise<{ tarball: Buffer; dir: string; work: string }> {
  const work = mkdtempSync(join(tmpdir(), 'catalog-pack-'))
  const result = await npmJson<Array<{ filename: string }>>(
    ['pack', `${name}@${version}`, '--json', '--pack-destination', work],
    work,
  )
  const file = join(work, result[0]!.filename)
  await run('tar', ['-xzf', file, '-C', work])
  // Most tarballs unpack to package/, a few old ones to another single folder.
  const unpacked = readdirSync(work).find(
    (d) => d !== result[0]!.filename && statSync(join(work, d)).isDirectory(),
  )
  return { tarball: readFileSync(file), dir: join(work, unpacked ?? 'package'), work }
}

async function registryNpm(into: Map<string, NpmPackageAcc>, notes: string[]): Promise<void> {
  let auditFailures = 0
  let auditOk = 0
  let auditError = ''
  const jobs: Array<{ name: string; version: string; time: Record<string, string> }> = []
  for (const [name, pinned] of Object.entries(REGISTRY_PACKAGES)) {
    const view = await npmJson<NpmView>(['view', name, 'versions', 'time', 'dist-tags', '--json'])
    const releases = view.versions.filter((v) => semver.valid(v) && !semver.prerelease(v))
    const latest = view['dist-tags'].latest!
    // The newest release of each of the last majors, the pinned (known-vulnerable) ones, the latest,
    // and the newest pre-release, so release-only filters have something to hide.
    const majors = [...new Set(releases.map((v) => semver.major(v)))].sort((a, b) => b - a).slice(0, 3)
    const chosen = new Set<string>([latest, ...pinned])
    for (const major of majors) {
      const newest = releases
        .filter((v) => semver.major(v) === major)
        .sort(semver.compare)
        .at(-1)
      if (newest) chosen.add(newest)
    }
    const pre = view.versions
      .filter((v) => semver.valid(v) && semver.prerelease(v))
      .sort(semver.compare)
      .at(-1)
    if (pre) chosen.add(pre)
    for (const version of chosen)
      if (view.versions.includes(version)) jobs.push({ name, version, time: view.time })
    const acc = into.get(name)
    // Installed versions of these packages get their real publish dates too.
    if (acc) {
      acc.source = 'registry'
      for (const [v, sv] of acc.versions) {
        const t = view.time[v]
        if (t) acc.versions.set(v, { ...sv, created: t, modified: t })
      }
    }
  }
  await pool(jobs, 6, async ({ name, version, time }) => {
    let advisories: Advisory[] = []
    try {
      advisories = await auditVersion(name, version)
      auditOk++
    } catch (error) {
      auditFailures++
      auditError = (error as Error).message.split('\n')[0]!.slice(0, 200)
    }
    const existing = into.get(name)?.versions.get(version)
    if (existing) {
      into.get(name)!.versions.set(version, { ...existing, advisories })
      return
    }
    const { tarball, dir, work } = await packVersion(name, version)
    try {
      const pj = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
      const acc = accFor(into, { ...pj, name, version })
      acc.source = 'registry'
      const created = time[version] ?? new Date(0).toISOString()
      acc.versions.set(
        version,
        versionFromPackageJson({ ...pj, name, version }, dir, tarball, created, advisories),
      )
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
  notes.push(
    `registry: ${jobs.length} versions of ${Object.keys(REGISTRY_PACKAGES).length} packages (npm view, npm pack); ` +
      `npm audit answered for ${auditOk}, failed for ${auditFailures}${auditError ? ` (last error: ${auditError})` : ''}`,
  )
}

function npmPackages(into: Map<string, NpmPackageAcc>): SnapshotPackage[] {
  return [...into.entries()].map(([name, acc]) => ({
    type: 'npm',
    name,
    description: acc.description,
    licenses: acc.licenses,
    licenseSource: 'package.json',
    tags: acc.tags,
    source: acc.source,
    versions: [...acc.versions.values()].sort((a, b) => semverCompare(a.name, b.name)),
  }))
}

/** Licence names of a machine-readable Debian copyright file (`License:` fields). */
function debianLicenses(text: string): string[] {
  const names = new Set<string>()
  for (const m of text.matchAll(/^License:[ \t]*(\S[^\n]*)$/gm)) {
    const name = m[1]!.trim()
    if (name.length <= 60) names.add(name)
  }
  return [...names].slice(0, 8)
}

function dpkgPackages(notes: string[]): SnapshotPackage[] {
  const statusFile = '/var/lib/dpkg/status'
  if (!existsSync(statusFile)) {
    notes.push('dpkg: no /var/lib/dpkg/status on this machine')
    return []
  }
  const out: SnapshotPackage[] = []
  for (const stanza of readFileSync(statusFile, 'utf8').split(/\n\n+/)) {
    const fields = new Map<string, string>()
    let last = ''
    for (const line of stanza.split('\n')) {
      if (/^\s/.test(line) && last) fields.set(last, `${fields.get(last)}\n${line}`)
      else {
        const i = line.indexOf(':')
        if (i > 0) {
          last = line.slice(0, i)
          fields.set(last, line.slice(i + 1).trim())
        }
      }
    }
    const name = fields.get('Package')
    const version = fields.get('Version')
    if (!name || !version || !fields.get('Status')?.endsWith(' installed')) continue
    const arch = fields.get('Architecture') ?? 'all'
    const [summary, ...rest] = (fields.get('Description') ?? '').split('\n')
    const longText = rest.map((l) => (l.trim() === '.' ? '' : l.replace(/^ /, ''))).join('\n')
    const infoList = [`${name}:${arch}.list`, `${name}.list`]
      .map((f) => join('/var/lib/dpkg/info', f))
      .find(existsSync)
    const created = (infoList ? statSync(infoList).mtime : new Date(0)).toISOString()
    const base = `pool/${name}/${version}`
    const files: SnapshotFile[] = []
    let licenses: string[] = []
    const copyright = join('/usr/share/doc', name, 'copyright')
    if (existsSync(copyright) && statSync(copyright).isFile()) {
      const bytes = readFileSync(copyright)
      licenses = debianLicenses(bytes.toString('utf8'))
      // Copyright files are kept with their bytes up to 8 KiB (every server start copies the catalogue).
      files.push(fileEntry('copyright', `${base}/copyright`, bytes, false, bytes.length <= 8 * 1024))
    }
    const controlText = `${stanza.trim()}\n`
    const control = fileEntry('control', `${base}/control`, Buffer.from(controlText, 'utf8'), true, true)
    const section = fields.get('Section')
    const props = [
      { key: 'deb.name', values: [name] },
      { key: 'deb.version', values: [version] },
      { key: 'deb.architecture', values: [arch] },
      ...(section ? [{ key: 'deb.section', values: [section] }] : []),
      ...(fields.get('Maintainer') ? [{ key: 'deb.maintainer', values: [fields.get('Maintainer')!] }] : []),
    ]
    const deps = (fields.get('Depends') ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const m = /^(\S+)\s*(?:\((.*)\))?/.exec(d)
        return { name: m?.[1] ?? d, version: m?.[2] ?? '*', scope: 'depends' }
      })
    out.push({
      type: 'debian',
      name,
      description: summary?.trim() || null,
      licenses,
      licenseSource: 'debian/copyright',
      tags: [section, fields.get('Priority')].filter((t): t is string => !!t),
      source: 'dpkg',
      versions: [
        {
          name: version,
          created,
          modified: created,
          repo: 'debian-remote',
          leadFilePath: control.path,
          size: Number(fields.get('Installed-Size') ?? 0) * 1024,
          licenses,
          advisories: [],
          files: [control, ...files],
          dependencies: deps,
          properties: props,
          readmeText: `# ${name}\n\n${summary ?? ''}\n\n${longText}`.trim() + '\n',
        },
      ],
    })
  }
  notes.push(`dpkg: ${out.length} installed Debian packages (created = dpkg install time)`)
  return out
}

export async function buildSnapshot(options: { offline: boolean }): Promise<Snapshot> {
  const notes: string[] = []
  const npm = new Map<string, NpmPackageAcc>()
  installedNpm(npm, notes)
  if (!options.offline) await registryNpm(npm, notes)
  else notes.push('registry: skipped (--offline): no old versions, no advisories')
  // Advisories are the scanner's (server/xray), matched against the advisory database at start.
  const packages = [...npmPackages(npm), ...dpkgPackages(notes)]
  return { format: 1, builtAt: new Date().toISOString(), notes, packages }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const snapshot = await buildSnapshot({ offline: process.argv.includes('--offline') })
  const gz = gzipSync(JSON.stringify(snapshot), { level: 9 })
  if (gz.length > MAX_SNAPSHOT_BYTES)
    throw new Error(`snapshot is ${gz.length} bytes, over the ${MAX_SNAPSHOT_BYTES} budget`)
  const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? SNAPSHOT_FILE
  writeFileSync(out, gz)
  const versions = snapshot.packages.reduce((n, p) => n + p.versions.length, 0)
  const advisories = snapshot.packages.reduce(
    (n, p) => n + p.versions.reduce((m, v) => m + v.advisories.length, 0),
    0,
  )
  console.log(
    `${snapshot.packages.length} packages, ${versions} versions, ${advisories} advisories, ${gz.length} bytes`,
  )
  for (const note of snapshot.notes) console.log(`- ${note}`)
}
