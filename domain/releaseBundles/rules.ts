/** Pure rules of the distribution area. */
import type { DistributionTab } from './types'
import { licenceKey } from '../search/searchTypes'
import { searchModelFromQuery } from '../search/model'

const SHA256 = /^[a-f0-9]{64}$/i
const SHA1 = /^[a-f0-9]{40}$/i

/** A pasted checksum: surrounding whitespace and an `sha256:`/`sha1:` prefix are forgiven. */
export function normaliseChecksum(text: string): string {
  return text
    .trim()
    .replace(/^sha(?:256|1):/i, '')
    .toLowerCase()
}

export const checksumKind = (checksum: string): 'sha256' | 'sha1' | null =>
  SHA256.test(checksum) ? 'sha256' : SHA1.test(checksum) ? 'sha1' : null

/**
 * The checksum a Release Bundles search put in the URL (`q`, the search model's name, which
 * gets a trailing `*` as a name filter), or '' when it names no checksum.
 */
export function checksumFromSearch(search: string): string {
  const checksum = normaliseChecksum(searchModelFromQuery(search).name.replace(/\*+$/, ''))
  return checksumKind(checksum) === null ? '' : checksum
}

export const CHECKSUM_MESSAGE = 'Enter a SHA-256 (64 hex characters) or SHA-1 (40 hex characters) checksum'

/** The enterprise-plus plan, however the platform spells it (`Enterprise+`, `ENTERPRISE_PLUS_TRIAL`, …). */
export const hasEnterprisePlusPlan = (licenseType: string): boolean =>
  /^ENTERPRISE_PLUS(_|$)/.test(licenceKey(licenseType))

/** Without an active tab: source for enterprise-plus with a distribution capability, target otherwise. */
export function defaultDistributionTab(input: {
  readonly enterprisePlus: boolean
  readonly distributionCapable: boolean
}): DistributionTab {
  return input.enterprisePlus && input.distributionCapable ? 'source' : 'target'
}

/**
 * Old bundle paths of the artifact repository become release-bundle paths:
 * `/bundles/...` → `/distribution/...` (under `/release-bundles/...` too). Other paths: null.
 */
export function rewriteBundlesPath(path: string): string | null {
  const m = /^\/(?:bundles|release-bundles)(\/.*)?$/.exec(path)
  if (!m) return null
  const rest = m[1] ?? ''
  if (rest === '' || rest === '/') return '/distribution'
  const tab = rest.split('/')[1] ?? ''
  return tab === 'source' || tab === 'target' ? `/distribution/${tab}` : `/distribution${rest}`
}

export const DISTRIBUTION_TEASER_PATH = '/distribution-teaser'
