/** Pieces shared by the packages screens: ids in URLs, type icons, severity chips. */
import type { ReactNode } from 'react'
import { ShieldCheck, ShieldOff, ShieldQuestion } from 'lucide-react'
import { shownVulnerabilities, xrayStatus } from '../../domain/packages/rules'
import type { Vulnerabilities } from '../../domain/packages/types'
import type { XrayAvailability } from '../../domain/platform'
import { messageText, type Message } from '../shared/messages'
import { Badge, EmptyState, SeverityChip, Skeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import styles from './packages.module.css'

/** Route parameters arrive percent-encoded (package ids hold `://` and `/`). */
/** How a download count is worded ("1 download", "3 downloads") on every packages screen. */
export const DOWNLOAD_WORDS = { one: 'download', other: 'downloads' } as const

export function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Vulnerability counts by severity as chips; zero counts are not shown. */
export function VulnerabilityBadges({ vulnerabilities }: { vulnerabilities: Vulnerabilities }) {
  const shown = shownVulnerabilities(vulnerabilities)
  if (shown.length === 0)
    return (
      <span className={styles.clean} title="No known vulnerabilities">
        <ShieldCheck size={14} aria-hidden />
        <span className={styles.cleanWords}>No known vulnerabilities</span>
      </span>
    )
  return (
    <ul className={styles.badges} aria-label="Vulnerabilities">
      {shown.map((v) => (
        <li key={v.level}>
          {v.level === 'skipped' ? (
            <Badge>Skipped {v.count}</Badge>
          ) : (
            <SeverityChip severity={v.level} count={v.count} />
          )}
        </li>
      ))}
    </ul>
  )
}

const XRAY_MESSAGES: Readonly<Record<'unavailable' | 'unlicensed' | 'notScanned', Message>> = {
  unavailable: { key: 'xrayUnavailable' },
  unlicensed: { key: 'xrayUnlicensed' },
  notScanned: { key: 'notScanned' },
}

/** What the security views are drawn from: the scanner's availability and the scan's results. */
interface SecurityFacts {
  /** An edition without a scanner shows no security view at all (its pages leave it out). */
  readonly xray: Exclude<XrayAvailability, 'notInEdition'>
  readonly scanned: boolean | undefined
  readonly vulnerabilities: Vulnerabilities
}

/**
 * A package's or version's security state: the vulnerability counts when the scanner has
 * results, otherwise why not (scanner not running, not licensed, component not scanned).
 */
export function SecurityStatus({ xray, scanned, vulnerabilities }: SecurityFacts) {
  const status = xrayStatus(xray, scanned)
  if (status === 'scanned') return <VulnerabilityBadges vulnerabilities={vulnerabilities} />
  const Icon = status === 'notScanned' ? ShieldQuestion : ShieldOff
  return (
    <span className={styles.xrayStatus} data-status={status}>
      <Icon size={14} aria-hidden />
      {messageText(XRAY_MESSAGES[status])}
    </span>
  )
}

/**
 * The facts' vulnerabilities row, or none on an edition without a scanner (there is nothing
 * missing to report there).
 */
export function vulnerabilitiesFact(
  xray: XrayAvailability,
  scanned: boolean | undefined,
  vulnerabilities: Vulnerabilities,
): ReadonlyArray<{ key: string; label: string; value: ReactNode }> {
  if (xray === 'notInEdition') return []
  return [
    {
      key: 'vulnerabilities',
      label: 'Vulnerabilities',
      value: <SecurityStatus xray={xray} scanned={scanned} vulnerabilities={vulnerabilities} />,
    },
  ]
}

/**
 * The security tab's content: the counts as chips when there are some, otherwise the kit's empty
 * state saying so (none known, or why there are no results), as the tabs beside it say theirs
 * (a lone muted line at the panel's top corner before).
 */
export function SecurityPanel({ xray, scanned, vulnerabilities }: SecurityFacts) {
  const status = xrayStatus(xray, scanned)
  if (status === 'scanned' && shownVulnerabilities(vulnerabilities).length > 0)
    return <VulnerabilityBadges vulnerabilities={vulnerabilities} />
  const Icon = status === 'scanned' ? ShieldCheck : status === 'notScanned' ? ShieldQuestion : ShieldOff
  return (
    <EmptyState
      icon={<Icon size={28} />}
      title={status === 'scanned' ? 'No known vulnerabilities' : messageText(XRAY_MESSAGES[status])}
    />
  )
}

export { TypeIcon } from '../shared/typeMarks/TypeIcon'

/** A details page in the shape it will have (header, install command, content) while it loads. */
export function DetailsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={`${kit.page} ${styles.page}`}>
      <span className={kit.srOnly}>{label}</span>
      <Skeleton width="7rem" />
      <div className={styles.skeletonRow} aria-hidden="true">
        <Skeleton width="3rem" height="3rem" radius="var(--radius-lg)" />
        <div className={styles.skeletonLines}>
          <Skeleton width="16rem" height="1.75rem" />
          <Skeleton width="22rem" />
        </div>
      </div>
      <Skeleton height="2.5rem" />
      <Skeleton height="12rem" radius="var(--radius-lg)" />
    </div>
  )
}
