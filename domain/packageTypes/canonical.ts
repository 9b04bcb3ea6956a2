/**
 * Canonical package types and the default version tab: the rules the login page's modules
 * (onboarding, the packages queries) need, apart from the rest of rules.ts.
 */

/** Aliases of the specification, to their canonical type. */
const ALIASES: Readonly<Record<string, string>> = {
  golang: 'go',
  gav: 'maven',
  deb: 'debian',
  rubygems: 'gems',
  terraformmodule: 'terraform',
  terraformprovider: 'terraform',
  huggingfaceml: 'huggingfacemlmodel',
  hfdataset: 'huggingfacemldataset',
  frogml: 'frogmlmodel',
}

/** The table's own entry (never an inherited property such as `constructor`). */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined
}

/** Lowercased, trimmed and with aliases resolved; canonical types map to themselves. */
export function canonicalPackageType(t: string): string {
  const lower = t.trim().toLowerCase()
  return own(ALIASES, lower) ?? lower
}

/** Lead-file extensions whose packages carry a readme (spec 001 section 2). */
export const README_EXTENSIONS: ReadonlyArray<string> = [
  'tgz',
  'gz',
  'zip',
  'jar',
  'war',
  'nupkg',
  'crate',
  'apk',
  'whl',
  'egg',
  'mod',
]

export type VersionTab = 'readme' | 'dockerLayers' | 'builds'

function extensionOf(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1)
  const dot = file.lastIndexOf('.')
  return dot < 0 ? '' : file.slice(dot + 1).toLowerCase()
}

/** Readme when the lead file has a readme extension, docker layers for docker, builds otherwise. */
export function defaultVersionTab(input: {
  readonly packageType: string
  readonly leadFilePath?: string | null
}): VersionTab {
  const ext = typeof input.leadFilePath === 'string' ? extensionOf(input.leadFilePath) : ''
  if (ext !== '' && README_EXTENSIONS.includes(ext)) return 'readme'
  if (canonicalPackageType(input.packageType) === 'docker') return 'dockerLayers'
  return 'builds'
}
