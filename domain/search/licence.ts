// A module of its own: the release bundles' and service status' plan rules use it on the login
// page's first load (queries/releaseBundles.ts), without the search types table (searchTypes.ts).

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
