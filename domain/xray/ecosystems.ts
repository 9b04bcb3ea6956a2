/**
 * Which version order each ecosystem's ranges are read in, and which OSV ecosystem an
 * operating system's packages belong to. OSV names a distribution's release in the ecosystem
 * (`Debian:12`, `Alpine:v3.19`, `Ubuntu:22.04:LTS`): a Debian 12 image's packages are matched
 * only against `Debian:12` advisories, whose fixed versions are that release's.
 */
import { compareApkVersions, isApkVersion } from './apkVersion'
import { compareDpkgVersions, isDpkgVersion } from './dpkgVersion'
import { NPM_ORDER, type VersionOrder } from './ranges'

export const DPKG_ORDER: VersionOrder = { valid: isDpkgVersion, compare: compareDpkgVersions }
export const APK_ORDER: VersionOrder = { valid: isApkVersion, compare: compareApkVersions }

/** The order of an ecosystem (`npm`, `Debian:12`, …), or undefined when the scanner has none. */
export function orderOfEcosystem(ecosystem: string): VersionOrder | undefined {
  switch (ecosystem.split(':')[0]) {
    case 'npm':
      return NPM_ORDER
    case 'Debian':
    case 'Ubuntu':
      return DPKG_ORDER
    case 'Alpine':
      return APK_ORDER
    default:
      return undefined
  }
}

/** `/etc/os-release` as its keys and values (quotes taken off). */
export function osReleaseOf(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim())
    if (!m) continue
    const raw = m[2]!.trim()
    out[m[1]!] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw
  }
  return out
}

/**
 * The OSV ecosystems an OS release's packages are matched in: Debian's by its major release,
 * Alpine's by `v<major>.<minor>`, Ubuntu's by its release, with `:LTS` for a long-term one (both
 * when os-release does not say). A release without a version (Debian testing) or another
 * distribution has none.
 */
export function ecosystemsOfRelease(release: Record<string, string>): string[] {
  const id = release.ID ?? ''
  const version = release.VERSION_ID ?? ''
  if (id === 'debian' && /^\d+/.test(version)) return [`Debian:${/^\d+/.exec(version)![0]}`]
  if (id === 'alpine') {
    const m = /^(\d+)\.(\d+)/.exec(version)
    return m ? [`Alpine:v${m[1]}.${m[2]}`] : []
  }
  if (id === 'ubuntu' && /^\d+\.\d+$/.test(version)) {
    // Ubuntu's OSV records name an LTS release `Ubuntu:24.04:LTS` and any other `Ubuntu:25.04`;
    // os-release says which in VERSION ("22.04.4 LTS (Jammy Jellyfish)"). The `Ubuntu:Pro:…`
    // ecosystems are fixes only a Pro subscription installs: not what an image's packages are.
    const named = release.VERSION
    if (named === undefined) return [`Ubuntu:${version}`, `Ubuntu:${version}:LTS`]
    return [/\bLTS\b/.test(named) ? `Ubuntu:${version}:LTS` : `Ubuntu:${version}`]
  }
  return []
}
