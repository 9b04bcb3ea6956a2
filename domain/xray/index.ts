// Public surface of the xray area (security scanning: advisories, scans, watches, policies).
export * from './severity'
export * from './ranges'
export * from './cvss'
export * from './osv'
export * from './policies'
export * from './codecs'
