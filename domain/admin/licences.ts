/**
 * The Licences page's summary: the licence the platform runs under, whether it is still valid,
 * which nodes it covers, and what the console opens with it. Pure: the view passes the time.
 */
import { hasEnterprisePlusPlan, scannerLicensed } from '../navigation'
import type { License } from './types'

/** A licence within this many days of its end is shown as expiring. */
export const EXPIRING_DAYS = 30
const DAY_MS = 86_400_000

export type LicenceStanding =
  | { readonly kind: 'valid'; readonly daysLeft: number }
  | { readonly kind: 'expiring'; readonly daysLeft: number }
  | { readonly kind: 'expired'; readonly daysAgo: number }

export interface LicenceSummary {
  /** The licence types the nodes run under, each once (one, on a well-kept cluster). */
  readonly types: ReadonlyArray<string>
  readonly licensedTo: ReadonlyArray<string>
  /** The earliest end of any node's licence: the platform is fully licensed until then. */
  readonly validThrough: string
  readonly standing: LicenceStanding
  /** The nodes that reported a heartbeat and have no licence recorded. */
  readonly unlicensed: ReadonlyArray<string>
  readonly licensedNodes: number
}

const distinct = (values: ReadonlyArray<string>) => [...new Set(values)]

/** What the page says over the table, or undefined when no licence is installed. */
export function licenceSummary(
  licences: ReadonlyArray<License>,
  nodeIds: ReadonlyArray<string>,
  now: number,
): LicenceSummary | undefined {
  if (licences.length === 0) return undefined
  const validThrough = licences.map((l) => l.validThrough).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!
  const left = Date.parse(validThrough) - now
  const days = Math.floor(Math.abs(left) / DAY_MS)
  const licensed = new Set(licences.map((l) => l.nodeId))
  return {
    types: distinct(licences.map((l) => l.type)),
    licensedTo: distinct(licences.map((l) => l.licensedTo)),
    validThrough,
    standing:
      left < 0
        ? { kind: 'expired', daysAgo: days }
        : days < EXPIRING_DAYS
          ? { kind: 'expiring', daysLeft: days }
          : { kind: 'valid', daysLeft: days },
    unlicensed: nodeIds.filter((id) => !licensed.has(id)),
    licensedNodes: licensed.size,
  }
}

export type LicensedArea = 'repositories' | 'projects' | 'scanning' | 'distribution'

/**
 * What the console opens under a licence type, as its navigation decides: repositories always,
 * projects with any licence, the security scanner's pages with a scanning licence, and release
 * bundles' source side with the enterprise-plus plan.
 */
export function licensedAreas(licenseType: string): ReadonlyArray<{ area: LicensedArea; included: boolean }> {
  const any = licenseType.trim() !== '' && licenseType !== 'N/A'
  return [
    { area: 'repositories', included: true },
    { area: 'projects', included: any },
    { area: 'scanning', included: scannerLicensed(licenseType) },
    { area: 'distribution', included: hasEnterprisePlusPlan(licenseType) },
  ]
}
