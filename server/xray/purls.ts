/**
 * Package URLs (purl) of what the scanner knows: npm packages, stored versions of any type, and
 * the packages a container image holds, named as the purl specification's types name them
 * (`pkg:deb/debian/…?distro=debian-12`, `pkg:apk/alpine/…?distro=alpine-3.19`).
 */
import type { ImageComponent } from './imageInventory'

/** A package URL (purl) for npm: the scope's @ is percent-encoded. */
export const npmPurl = (name: string, version?: string) =>
  `pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}${version ? `@${encodeURIComponent(version)}` : ''}`

/** A package URL of a stored version: `npm://name` → pkg:npm/name@version, other types alike. */
export function purlOf(packageId: string, version: string): string {
  const m = /^([a-z0-9]+):\/\/(.+)$/.exec(packageId)
  if (!m) return `pkg:generic/${encodeURIComponent(packageId)}@${encodeURIComponent(version)}`
  if (m[1] === 'npm') return npmPurl(m[2]!, version)
  return `pkg:${m[1]}/${m[2]!.split('/').map(encodeURIComponent).join('/')}@${encodeURIComponent(version)}`
}

/** The purl type and namespace of an OSV ecosystem's distribution, with its `distro` qualifier. */
function distributionOf(ecosystem: string): { type: string; namespace: string; distro: string } | undefined {
  const [name = '', release = ''] = ecosystem.split(':')
  const namespace = name.toLowerCase()
  if (!release) return undefined
  if (name === 'Debian' || name === 'Ubuntu')
    return { type: 'deb', namespace, distro: `${namespace}-${release}` }
  if (name === 'Alpine') return { type: 'apk', namespace, distro: `alpine-${release.replace(/^v/, '')}` }
  return undefined
}

/**
 * The purl of a package an image holds: an npm package's own; an OS package's in its
 * distribution (the first of the image's ecosystems), with the source package it was built from
 * as `upstream` when that differs; a package of an unknown OS as generic.
 */
export function imageComponentPurl(c: ImageComponent, ecosystems: readonly string[]): string {
  if (c.kind === 'npm') return npmPurl(c.name, c.version)
  const d = ecosystems.map(distributionOf).find((x) => x !== undefined)
  const version = encodeURIComponent(c.version)
  if (!d) return `pkg:generic/${encodeURIComponent(c.name)}@${version}`
  const upstream =
    c.source !== c.name || c.sourceVersion !== c.version
      ? `&upstream=${encodeURIComponent(c.sourceVersion === c.version ? c.source : `${c.source}@${c.sourceVersion}`)}`
      : ''
  return `pkg:${d.type}/${d.namespace}/${encodeURIComponent(c.name)}@${version}?distro=${encodeURIComponent(d.distro)}${upstream}`
}
