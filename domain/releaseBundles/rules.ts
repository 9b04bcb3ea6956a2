/** Pure rules of the distribution area. */
import { searchModelFromQuery } from '../search'

// The rules the login page's queries need live in plan.ts, so the rest stays in lazy chunks.
export { defaultDistributionTab, hasEnterprisePlusPlan } from './plan'

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

/**
 * Where a distribution path must go instead, or null when it is a page to show: old bundle
 * paths are rewritten, and `/distribution` or a segment that is not a tab (`/distribution/foo`)
 * opens the default tab.
 */
export function distributionRedirect(path: string, defaultTab: 'source' | 'target'): string | null {
  const rewritten = rewriteBundlesPath(path)
  if (rewritten !== null) return rewritten
  const m = /^\/distribution(?=[/?#]|$)(?:\/([^/?#]+))?/.exec(path)
  if (!m) return null
  const tab = m[1]
  return tab === 'source' || tab === 'target' ? null : `/distribution/${defaultTab}`
}

export const DISTRIBUTION_TEASER_PATH = '/distribution-teaser'
