/** The console's addresses of a package and of one of its versions (ids hold `://` and `/`). */
export const packagePath = (packageId: string): string => `/packages/${encodeURIComponent(packageId)}`
export const versionPath = (packageId: string, version: string): string =>
  `${packagePath(packageId)}/${encodeURIComponent(version)}`
