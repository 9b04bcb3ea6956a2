/** Pure rules of the distribution area. */
import { searchModelFromQuery } from '../search'

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

export const DISTRIBUTION_TEASER_PATH = '/distribution-teaser'
