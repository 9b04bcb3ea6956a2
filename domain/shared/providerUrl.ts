import { none, some, type Option } from 'fp-ts/Option'

/**
 * Provider URLs (SSO, OAuth) are used as link targets: only absolute http(s) URLs pass, in
 * their normalised form, so `javascript:` and friends never reach an href.
 */
export function sanitizeProviderUrl(value: string): Option<string> {
  try {
    const url = new URL(value.trim())
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return some(url.href)
  } catch {
    // not a URL: none
  }
  return none
}
