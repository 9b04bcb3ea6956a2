// Several areas' plan rules read a licence type (navigation's distribution paths, release
// bundles', service status'), so its one spelling lives here, with no area's types around it.

/**
 * A licence type in one spelling: platforms say `Enterprise+`, `Enterprise Plus` or
 * `ENTERPRISE_PLUS` for the same plan (upper case, `+` as `_PLUS`, spaces and dashes as `_`).
 */
export function licenceKey(licenseType: string): string {
  return licenseType
    .trim()
    .toUpperCase()
    .replace(/\s*\+\s*/g, '_PLUS_')
    .replace(/[\s-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
}
