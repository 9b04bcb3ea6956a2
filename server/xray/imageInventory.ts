/**
 * What a container image holds, read from its layers as the registry stores them: the layers
 * applied in order, as a container runtime would (a later file replaces an earlier one, a
 * whiteout `.wh.<name>` removes `<name>` and everything under it from the layers below, an opaque
 * whiteout `.wh..wh..opq` empties its folder of the layers below), then the OS release
 * (`etc/os-release`), the Debian or Ubuntu package database (`var/lib/dpkg/status`, and the
 * `status.d/` files distroless images keep instead), Alpine's (`lib/apk/db/installed`), and the
 * npm packages installed under any `node_modules`.
 */
import { ecosystemsOfRelease, osReleaseOf } from '../../domain/xray'
import { openLayer, readTarEntries, type LayerEntry } from './layerTar'

export interface ImageComponent {
  /** `os` for the distribution's packages, `npm` for node_modules. */
  readonly kind: 'os' | 'npm'
  readonly name: string
  readonly version: string
  /** The name and version advisories use: a Debian package's source, an Alpine package's origin. */
  readonly source: string
  readonly sourceVersion: string
  /** Where in the image it was found. */
  readonly path: string
  readonly licences: readonly string[]
}

export interface ImageInventory {
  readonly osName: string
  /** OSV ecosystems the OS packages are matched in (`Debian:12`); none for an unknown OS. */
  readonly ecosystems: readonly string[]
  readonly components: readonly ImageComponent[]
}

const OS_RELEASE = ['etc/os-release', 'usr/lib/os-release']
const DPKG_STATUS = 'var/lib/dpkg/status'
const DPKG_STATUS_D = 'var/lib/dpkg/status.d/'
const APK_INSTALLED = 'lib/apk/db/installed'
const NODE_PACKAGE = /(^|\/)node_modules\/(@[^/]+\/)?[^/@][^/]*\/package\.json$/

/** Whether a layer's file is one the inventory reads. */
export function isInventoryPath(path: string): boolean {
  return (
    OS_RELEASE.includes(path) ||
    path === DPKG_STATUS ||
    (path.startsWith(DPKG_STATUS_D) &&
      !path.slice(DPKG_STATUS_D.length).includes('/') &&
      !path.endsWith('.md5sums')) ||
    path === APK_INSTALLED ||
    NODE_PACKAGE.test(path)
  )
}

/** A path as the image's file system holds it after the layers: its bytes, or where it links. */
export interface ImageFile {
  readonly content?: Buffer
  readonly linkTarget?: string
}

const under = (path: string, folder: string) =>
  folder === '' || path === folder || path.startsWith(`${folder}/`)

/**
 * The image's files after applying each layer's entries in order (only the entries the layers
 * hold: files asked for keep their bytes, links their targets). A layer's whiteouts apply to the
 * layers below it, never to its own entries.
 */
export function applyLayers(layers: ReadonlyArray<readonly LayerEntry[]>): Map<string, ImageFile> {
  const files = new Map<string, ImageFile>()
  for (const entries of layers) {
    for (const e of entries) {
      const slash = e.path.lastIndexOf('/')
      const folder = slash < 0 ? '' : e.path.slice(0, slash)
      const base = e.path.slice(slash + 1)
      if (base === '.wh..wh..opq') {
        for (const p of [...files.keys()]) if (p !== folder && under(p, folder)) files.delete(p)
      } else if (base.startsWith('.wh.')) {
        const gone = (folder ? `${folder}/` : '') + base.slice('.wh.'.length)
        for (const p of [...files.keys()]) if (under(p, gone)) files.delete(p)
      }
    }
    for (const e of entries) {
      const base = e.path.slice(e.path.lastIndexOf('/') + 1)
      if (base.startsWith('.wh.')) continue
      if (e.type === 'file' && e.content) files.set(e.path, { content: e.content })
      else if (e.type === 'symlink') files.set(e.path, { linkTarget: e.linkTarget })
      // A hard link names its target by its path in the archive, from the root.
      else if (e.type === 'hardlink')
        files.set(e.path, { linkTarget: `/${e.linkTarget.replace(/^(\.\/|\/)+/, '')}` })
      // Anything else at a path hides what a lower layer had there (a file made a folder, …).
      else if (files.has(e.path)) files.delete(e.path)
    }
  }
  return files
}

/** A file's bytes, following up to 8 links (relative to its folder, or from the root). */
export function contentAt(files: ReadonlyMap<string, ImageFile>, path: string): Buffer | undefined {
  let at = path
  for (let hops = 0; hops < 8; hops++) {
    const f = files.get(at)
    if (!f) return undefined
    if (f.content) return f.content
    const target = f.linkTarget ?? ''
    const base = target.startsWith('/') ? [] : at.split('/').slice(0, -1)
    for (const part of target.split('/')) {
      if (part === '' || part === '.') continue
      if (part === '..') base.pop()
      else base.push(part)
    }
    at = base.join('/')
  }
  return undefined
}

/** Paragraphs of a Debian control file (dpkg's status), as field name and value. */
function paragraphs(text: string): Array<Map<string, string>> {
  const out: Array<Map<string, string>> = []
  for (const block of text.split(/\n\s*\n/)) {
    const fields = new Map<string, string>()
    let last: string | undefined
    for (const line of block.split('\n')) {
      if (/^[ \t]/.test(line)) continue // a continuation line (descriptions, conffiles)
      const colon = line.indexOf(':')
      if (colon <= 0) continue
      last = line.slice(0, colon).trim().toLowerCase()
      fields.set(last, line.slice(colon + 1).trim())
    }
    if (fields.size > 0) out.push(fields)
  }
  return out
}

/**
 * The installed packages of a dpkg status file: a paragraph whose Status says `installed` (or
 * has no Status, as distroless's status.d files do). `Source: name (version)` names the source
 * package and, when it differs from the binary's, its version.
 */
export function dpkgPackages(text: string, path: string): ImageComponent[] {
  const out: ImageComponent[] = []
  for (const p of paragraphs(text)) {
    const name = p.get('package')
    const version = p.get('version')
    const status = p.get('status')
    if (!name || !version) continue
    if (status !== undefined && status.split(/\s+/)[2] !== 'installed') continue
    const source = /^(\S+)(?:\s+\(([^)]+)\))?/.exec(p.get('source') ?? '')
    out.push({
      kind: 'os',
      name,
      version,
      source: source?.[1] ?? name,
      sourceVersion: source?.[2] ?? version,
      path,
      licences: [],
    })
  }
  return out
}

/** The packages of Alpine's installed database (`P:` name, `V:` version, `o:` origin, `L:` licence). */
export function apkPackages(text: string, path: string): ImageComponent[] {
  const out: ImageComponent[] = []
  for (const block of text.split(/\n\s*\n/)) {
    const f = new Map<string, string>()
    for (const line of block.split('\n'))
      if (/^[A-Za-z]:/.test(line) && !f.has(line[0]!)) f.set(line[0]!, line.slice(2))
    const name = f.get('P')
    const version = f.get('V')
    if (!name || !version) continue
    out.push({
      kind: 'os',
      name,
      version,
      source: f.get('o') || name,
      sourceVersion: version,
      path,
      licences: f.get('L') ? [f.get('L')!] : [],
    })
  }
  return out
}

function npmPackage(bytes: Buffer, path: string): ImageComponent | undefined {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null) return undefined
  const { name, version, license } = json as { name?: unknown; version?: unknown; license?: unknown }
  if (typeof name !== 'string' || typeof version !== 'string') return undefined
  return {
    kind: 'npm',
    name,
    version,
    source: name,
    sourceVersion: version,
    path,
    licences: typeof license === 'string' ? [license] : [],
  }
}

/** The inventory of an image's files after its layers. */
export function inventoryOf(files: ReadonlyMap<string, ImageFile>): ImageInventory {
  const releaseText = OS_RELEASE.map((p) => contentAt(files, p)).find((b) => b !== undefined)
  const release = releaseText ? osReleaseOf(releaseText.toString('utf8')) : {}
  const components: ImageComponent[] = []
  const status = contentAt(files, DPKG_STATUS)
  if (status) components.push(...dpkgPackages(status.toString('utf8'), DPKG_STATUS))
  const paths = [...files.keys()].sort()
  for (const p of paths)
    if (p.startsWith(DPKG_STATUS_D) && isInventoryPath(p)) {
      const bytes = contentAt(files, p)
      if (bytes) components.push(...dpkgPackages(bytes.toString('utf8'), p))
    }
  const apk = contentAt(files, APK_INSTALLED)
  if (apk) components.push(...apkPackages(apk.toString('utf8'), APK_INSTALLED))
  for (const p of paths)
    if (NODE_PACKAGE.test(p)) {
      const bytes = contentAt(files, p)
      const c = bytes && npmPackage(bytes, p)
      if (c) components.push(c)
    }
  return {
    osName: release.PRETTY_NAME ?? release.NAME ?? '',
    ecosystems: ecosystemsOfRelease(release),
    components,
  }
}

/** Reads the layers at `paths` (bottom first) and answers what the image holds. */
export async function readImageInventory(paths: readonly string[]): Promise<ImageInventory> {
  const layers: LayerEntry[][] = []
  for (const path of paths) {
    const entries = await readTarEntries(await openLayer(path), (p) => isInventoryPath(p))
    // Only what the inventory reads, links and whiteouts matter; the rest is dropped as it comes.
    layers.push(
      entries.filter(
        (e) =>
          e.content !== undefined ||
          e.type === 'symlink' ||
          e.type === 'hardlink' ||
          /(^|\/)\.wh\./.test(e.path),
      ),
    )
  }
  return inventoryOf(applyLayers(layers))
}
