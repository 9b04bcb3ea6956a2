import { none, some, type Option } from 'fp-ts/Option'

/**
 * Provider URLs (SSO, OAuth, SAML logout) are link and redirect targets: only absolute http(s)
 * URLs without user name or password pass, in their normalised form, so `javascript:` and
 * friends never reach an href. The one copy of this rule: the session's `isLeavableUrl` adds
 * same-origin paths to it.
 */
export function sanitizeProviderUrl(value: string): Option<string> {
  try {
    const url = new URL(value.trim())
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    )
      return some(url.href)
  } catch {
    // not a URL: none
  }
  return none
}
