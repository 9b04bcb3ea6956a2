/**
 * Package-type rules (spec 001 sections 2, 3, 9): aliases, the wire names the platform uses,
 * the type encoded in a package id, install commands and the default version tab.
 */
import { none, some, type Option } from 'fp-ts/Option'
import { canonicalPackageType, own } from './canonical'

// What the login page's modules need lives in canonical.ts and versionTab.ts, so the rest
// stays in lazy chunks.
export { canonicalPackageType } from './canonical'
export { README_EXTENSIONS, defaultVersionTab, versionTabsOf, type VersionTab } from './versionTab'
export { VERSION_SPECIFIC_TYPES, isVersionSpecific, versionPathOf } from './versionFolder'

/** Where the platform's name differs from the canonical one. */
const WIRE: Readonly<Record<string, string>> = { debian: 'deb', gems: 'rubygems' }

/** The name the platform's API expects (debian → deb, gems → rubygems). */
export function wirePackageType(t: string): string {
  const canonical = canonicalPackageType(t)
  return own(WIRE, canonical) ?? canonical
}

/** The canonical type named by the id's prefix before `://` (`npm://react` → npm). */
export function packageTypeOfId(id: string): Option<string> {
  const at = id.indexOf('://')
  if (at <= 0) return none
  const type = canonicalPackageType(id.slice(0, at))
  return type === '' ? none : some(type)
}

type Template = (name: string, version: string | undefined, registry: string) => string

const withVersion = (base: string, sep: string) => (name: string, version: string | undefined) =>
  version === undefined ? `${base} ${name}` : `${base} ${name}${sep}${version}`

const withFlag = (base: string, flag: string) => (name: string, version: string | undefined) =>
  version === undefined ? `${base} ${name}` : `${base} ${name} ${flag} ${version}`

// Keyed by canonical type; the platform's own names for the same tool are listed too.
const TEMPLATES: Readonly<Record<string, Template>> = {
  alpine: withVersion('apk add', '='),
  cargo: withFlag('cargo install', '--version'),
  chef: withVersion('knife install', ' '),
  debian: withVersion('apt-get install', '='),
  gems: withFlag('gem install', '-v'),
  npm: withVersion('npm i', '@'),
  nuget: withFlag('nuget install', '-Version'),
  // opkg has no syntax for a version: the command installs the feed's version.
  opkg: (name) => `opkg install ${name}`,
  pip: withVersion('pip install', '=='),
  pypi: withVersion('pip install', '=='),
  yum: withVersion('yum install', '-'),
  rpm: withVersion('yum install', '-'),
  bower: withVersion('bower install', '#'),
  // The image lives in the platform's registry: `<host>/<repoKey>/<image>` (`<registry>` when unnamed).
  docker: (name, version, registry) => withVersion('docker pull', ':')(`${registry}/${name}`, version),
  go: withVersion('go get', '@'),
  puppet: withFlag('puppet module install', '--version'),
  // The chart lives in the platform's OCI registry (`<registry>` when the caller cannot name it).
  helm: (name, version, registry) => withFlag('helm pull', '--version')(`oci://${registry}/${name}`, version),
  helmoci: (name, version, registry) =>
    withFlag('helm pull', '--version')(`oci://${registry}/${name}`, version),
}

// Names and versions come from package metadata and end up pasted into a shell: anything
// beyond the characters package names and versions use gets no command at all.
const SAFE_NAME = /^[A-Za-z0-9@][A-Za-z0-9@._/+~-]*$/
const SAFE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._+~:-]*$/

// An OCI registry as `host[:port][/repository]`.
const SAFE_REGISTRY = /^[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._-]+)*$/

/**
 * The install command for a package (and optionally a version), or none without a template.
 * `registry` (`host[:port]/repository`) names the platform's OCI registry for helm charts.
 */
export function installCommand(
  type: string,
  name: string,
  version?: string,
  registry?: string,
): Option<string> {
  const template = own(TEMPLATES, canonicalPackageType(type))
  if (!template || !SAFE_NAME.test(name)) return none
  if (version !== undefined && version !== '' && !SAFE_VERSION.test(version)) return none
  const oci = registry !== undefined && SAFE_REGISTRY.test(registry) ? registry : '<registry>'
  return some(template(name, version === '' ? undefined : version, oci))
}

/** The package types search offers first (spec 001 section 3), `all` meaning any. */
export const SEARCH_PACKAGE_TYPES: ReadonlyArray<string> = [
  'all',
  'docker',
  'npm',
  'maven',
  'go',
  'nuget',
  'helm',
]

/** The extra types search knows besides those the platform lists (canonical, lowercased). */
export const EXTRA_PACKAGE_TYPES: ReadonlyArray<string> = [
  'dockerv1',
  'terraformbackend',
  'releasebundles',
  'helmoci',
]

/**
 * Search types that stand for several platform types: huggingfaceml covers the models
 * (HUGGINGFACEML) and the datasets (HFDATASET), frogml the models and datasets of FrogML.
 */
const GROUPS: Readonly<Record<string, ReadonlyArray<string>>> = {
  huggingfaceml: ['huggingfacemlmodel', 'huggingfacemldataset'],
  frogml: ['frogmlmodel', 'frogmldataset'],
}

/** The canonical platform types a search for `type` asks for: a group's members, or the type itself. */
export function packageTypesCovered(type: string): ReadonlyArray<string> {
  return own(GROUPS, type.trim().toLowerCase()) ?? [canonicalPackageType(type)]
}

/** A type search knows: one the platform offers (or a group with a member offered), or an extra type. */
export function isKnownSearchPackageType(type: string, offered: ReadonlyArray<string>): boolean {
  const known = new Set(offered.map(canonicalPackageType))
  const lower = type.trim().toLowerCase()
  if (lower === 'all' || EXTRA_PACKAGE_TYPES.includes(canonicalPackageType(lower))) return true
  return packageTypesCovered(lower).some((t) => known.has(t))
}

/** The types a search filter offers: the platform's, a group once in place of its members. */
export function searchPackageTypeChoices(offered: ReadonlyArray<string>): ReadonlyArray<string> {
  const out: string[] = []
  for (const type of offered) {
    const canonical = canonicalPackageType(type)
    const group = Object.keys(GROUPS).find((g) => GROUPS[g]!.includes(canonical)) ?? canonical
    if (!out.includes(group)) out.push(group)
  }
  return out
}
