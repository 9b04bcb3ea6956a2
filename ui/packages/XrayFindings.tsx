// A version's scan on its package screens: the block that refuses its download (with the policy
// and how to get an exception), then each vulnerability its scan found, with the advisory's
// words, ranges and references, and the policies it violates.
import { useEffect } from 'react'
import { Link } from 'wouter'
import { FileDown, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react'
import { sbomPath, type ComponentSecurity, type VulnerabilityView } from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { formatDateTime } from '../shared/dates'
import { buttonClass } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { EmptyState, PageSkeleton, SeverityChip } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import styles from './details.module.css'

/** The console's API base: the SBOM is a file the browser downloads itself, with the session. */
const API_BASE = '/ui/api/v1'

/** Only web addresses are links: an advisory's references are the advisory publisher's text. */
const isWebAddress = (url: string) => /^https?:\/\/[^\s]+$/i.test(url)

function Address({ url, children }: { readonly url: string; readonly children: string }) {
  return isWebAddress(url) ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <>{children}</>
  )
}

/** The scan of `packageId` at `version`, asked for when shown. */
export function XrayFindings({
  packageId,
  version,
}: {
  readonly packageId: string
  readonly version: string
}) {
  const dispatch = useDispatch()
  const slot = useQuery({ type: 'xray/State' }).component
  const load = () => dispatch({ type: 'xray/Load', ask: { what: 'component', packageId, version } })
  useEffect(() => {
    dispatch({ type: 'xray/Load', ask: { what: 'component', packageId, version } })
  }, [dispatch, packageId, version])
  const mine = slot.ask?.packageId === packageId && slot.ask.version === version
  const data = mine ? shownData(slot) : undefined
  if (mine && slot.status === 'failed')
    return (
      <LoadFailure
        message={`The scan of ${version} could not be loaded: ${whatHappened(slot.failure)}.`}
        onRetry={load}
      />
    )
  if (!data || data.packageId !== packageId || data.version !== version)
    return <PageSkeleton label={`Loading the scan of ${version}`} header={false} />
  return <Findings security={data} onRetry={load} />
}

export function BlockedNotice({ security }: { readonly security: ComponentSecurity }) {
  const blocked = security.details?.blocked
  if (!blocked) return null
  return (
    <section aria-label="Download blocked" className={styles.blocked}>
      <ShieldAlert size={20} aria-hidden="true" />
      <div>
        <p>
          <strong>
            {security.version} is blocked: downloads are refused by policy {blocked.policy} of watch{' '}
            {blocked.watch}
          </strong>{' '}
          ({blocked.issue}, {blocked.severity}).
        </p>
        <p>
          To use it anyway, ask an administrator for an exception: an ignore rule added from its violation on
          the <Link href={`/violations?watch=${encodeURIComponent(blocked.watch)}`}>Violations</Link> page. Or
          use a version with the fix.
        </p>
      </div>
    </section>
  )
}

/** What the tab says of a version with no scan to show, and why when the platform says. */
export function notScannedTitle(details: ComponentSecurity['details']): string {
  if (details === null) return 'Not scanned: its repository is not indexed'
  if (details.scan_status === 'failed')
    return details.scan_error ? `The scan failed: ${details.scan_error}` : 'The scan failed'
  if (details.scan_status === 'scanning') return 'Being scanned'
  return details.scan_error ? `Not scanned: ${details.scan_error}` : 'Not scanned yet'
}

/**
 * Where the list of vulnerabilities failed: why, when the platform answered (its Date header),
 * and what the version's scan counted, which did arrive.
 */
export function unlistedText(security: ComponentSecurity): string | undefined {
  const unavailable = security.vulnerabilitiesUnavailable
  if (!unavailable) return undefined
  const counts = security.details?.scan_status === 'scanned' ? security.details.vulnerabilities : undefined
  const counted = counts
    ? (Object.entries(counts) as Array<[keyof typeof counts, number]>)
        .filter(([, n]) => n > 0)
        .map(([severity, n]) => `${n} ${severity}`)
        .join(', ')
    : undefined
  return [
    `The vulnerabilities of ${security.version} could not be listed: ${whatHappened(unavailable.failure)}.`,
    unavailable.answeredAt ? `The platform answered at ${formatDateTime(unavailable.answeredAt)}.` : '',
    counted === undefined ? '' : `Its scan counts ${counted || 'no known vulnerabilities'}.`,
  ]
    .filter(Boolean)
    .join(' ')
}

function Findings({
  security,
  onRetry,
}: {
  readonly security: ComponentSecurity
  readonly onRetry: () => void
}) {
  const { details, vulnerabilities } = security
  const notScanned = details === null || details.scan_status !== 'scanned'
  const unlisted = unlistedText(security)
  return (
    <div className={styles.section}>
      <BlockedNotice security={security} />
      {details !== null && (
        <p>
          {/* Drawn as the build run's SBOM download is (a button): as a plain link its underline
              ran under the icon's gap. */}
          <a
            className={buttonClass('secondary', 'sm')}
            href={`${API_BASE}${sbomPath(security.packageId, security.version)}`}
            download
          >
            <FileDown size={16} aria-hidden="true" /> Download the SBOM of {security.version} (CycloneDX)
          </a>
        </p>
      )}
      {unlisted ? (
        <LoadFailure message={unlisted} onRetry={onRetry} />
      ) : vulnerabilities.length === 0 ? (
        notScanned ? (
          <EmptyState icon={<ShieldQuestion size={28} />} title={notScannedTitle(details)} />
        ) : (
          <EmptyState icon={<ShieldCheck size={28} />} title="No known vulnerabilities" />
        )
      ) : (
        <Table<VulnerabilityView>
          label={`Vulnerabilities of ${security.version}`}
          state={{ status: 'loaded', rows: vulnerabilities }}
          rowKey={(v) => `${v.issue_id}:${v.component}:${v.version}`}
          empty={null}
          columns={[
            {
              id: 'id',
              header: 'Advisory',
              rowHeader: true,
              cell: (v) => (
                <span className={styles.stack}>
                  <Address url={v.url}>{v.issue_id}</Address>
                  {v.cves.length > 0 && <span className={styles.meta}>{v.cves.join(', ')}</span>}
                </span>
              ),
            },
            {
              id: 'severity',
              header: 'Severity',
              cell: (v) => (
                <span className={styles.stack}>
                  <SeverityChip severity={v.severity} />
                  {v.cvss_score !== null && (
                    <span className={styles.meta}>CVSS {v.cvss_score.toFixed(1)}</span>
                  )}
                </span>
              ),
            },
            { id: 'summary', header: 'Summary', cell: (v) => v.summary },
            {
              id: 'component',
              header: 'In',
              cell: (v) => (
                <span className={styles.stack}>
                  {`${v.component}@${v.component_version}`}
                  <span className={styles.meta}>{v.direct ? 'the package itself' : 'a dependency'}</span>
                </span>
              ),
            },
            {
              id: 'versions',
              header: 'Affected / fixed',
              cell: (v) => (
                <span className={styles.stack}>
                  <span>{v.vulnerable_versions}</span>
                  <span className={styles.meta}>
                    {v.fixed_versions.length > 0 ? `Fixed in ${v.fixed_versions.join(', ')}` : 'No fix yet'}
                  </span>
                </span>
              ),
            },
            {
              id: 'policies',
              header: 'Violates',
              cell: (v) =>
                v.policies.length > 0 ? (
                  v.policies.join(', ')
                ) : (
                  <span className={styles.meta}>No policy</span>
                ),
            },
            {
              id: 'references',
              header: 'References',
              cell: (v) => (
                <span className={styles.stack}>
                  {v.references
                    .filter(isWebAddress)
                    .slice(0, 3)
                    .map((r) => (
                      <Address key={r} url={r}>
                        {new URL(r).hostname}
                      </Address>
                    ))}
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  )
}
