// Entry of the overview area's screen (a lazily loaded chunk, mounted by ui/routes.tsx): the
// home page's figures at a glance — artifacts, packages by type, vulnerabilities, the latest
// deployments, storage and the health of the platform's services — each linking on to the
// screen that has the details.
import { useEffect, type ReactNode } from 'react'
import { Link } from 'wouter'
import { Boxes, HardDrive, HeartPulse, PackageOpen, RefreshCw } from 'lucide-react'
import { bars, bytesText, downloadColumns, storedFigures, type Bar } from '../../domain/overview/rules'
import type { Overview } from '../../domain/overview/types'
import { routeOfLocation } from '../../domain/artifacts/rules'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { formatDayMedium } from '../shared/dates'
import { messageText } from '../shared/messages'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Button } from '../shared/kit/Button'
import { Card, EmptyState, PageHeader, SeverityChip, Skeleton, type Severity } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import { shownData } from '../../domain/shared/loadable'
import kit from '../shared/kit/page.module.css'
import styles from './overview.module.css'
import { counted } from '../../domain/shared/plural'
import { StorageChart } from './StorageChart'

const SEVERITIES: ReadonlyArray<Severity> = ['critical', 'high', 'medium', 'low', 'info', 'unknown']
const asSeverity = (s: string): Severity => SEVERITIES.find((v) => v === s.toLowerCase()) ?? 'unknown'

/** A service as topology and Service Status write it: the platform's 'mission control' reads 'Mission Control'. */
const serviceWords = (service: string) => service.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase())

export default function OverviewPage() {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'overview/State' })
  useEffect(() => {
    dispatch({ type: 'overview/Load' })
  }, [dispatch])
  const retry = () => dispatch({ type: 'overview/Load' })
  const data = shownData(state)
  return (
    <section aria-label="Overview" className={styles.page}>
      <PageHeader
        title="Overview"
        description="What the platform holds and how it is doing."
        actions={
          <Button
            variant="secondary"
            icon={<RefreshCw size={16} aria-hidden />}
            onClick={retry}
            disabled={state.status === 'loading'}
          >
            Refresh
          </Button>
        }
      />
      {state.status === 'failed' ? (
        <LoadFailure
          message={`The overview could not be loaded: ${whatHappened(state.failure)}.`}
          onRetry={retry}
        />
      ) : data ? (
        <Figures overview={data} />
      ) : (
        <FiguresSkeleton />
      )}
    </section>
  )
}

/** The figures' shape while they load: four stat cards, three cards, the deployments' card. */
function FiguresSkeleton() {
  const box = (height: string, key?: number) => (
    <Skeleton key={key} height={height} radius="var(--radius-lg)" />
  )
  return (
    <div role="status" aria-label="Loading the overview" className={styles.page}>
      <div className={styles.stats}>{[0, 1, 2, 3].map((i) => box('5.5rem', i))}</div>
      <div className={styles.panels}>{[0, 1, 2].map((i) => box(i < 2 ? '9rem' : '6rem', i))}</div>
      {box('12rem')}
    </div>
  )
}

function Stat({
  icon,
  label,
  value,
  hint,
  note,
}: {
  readonly icon: ReactNode
  readonly label: string
  readonly value: ReactNode
  readonly hint?: ReactNode
  /** A second line under the hint (when the figure was calculated). */
  readonly note?: ReactNode
}) {
  return (
    <div className={styles.stat}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <dl>
        <dt>{label}</dt>
        <dd className={styles.statValue}>{value}</dd>
        {hint && <dd className={styles.statHint}>{hint}</dd>}
        {note && <dd className={styles.statHint}>{note}</dd>}
      </dl>
    </div>
  )
}

/** Counts as bars, each as long as its share of the largest, with its name and count. */
function Bars({
  label,
  bars: items,
  name = (l) => l,
  colour,
}: {
  readonly label: string
  readonly bars: ReadonlyArray<Bar>
  readonly name?: (label: string) => ReactNode
  /** The bar's colour (the accent when not given). */
  readonly colour?: (label: string) => string
}) {
  return (
    <ul className={styles.bars} aria-label={label}>
      {items.map((b) => (
        <li key={b.label} className={styles.bar}>
          <span className={styles.barLabel}>{name(b.label)}</span>
          <span className={styles.barTrack} aria-hidden="true">
            <span
              className={styles.barFill}
              style={{
                width: `${Math.max(2, b.share * 100)}%`,
                ...(colour ? { background: colour(b.label) } : {}),
              }}
            />
          </span>
          <span className={styles.barCount}>{b.count.toLocaleString('en')}</span>
        </li>
      ))}
    </ul>
  )
}

/** What a chart of a count a day says: its title, its unit, and what an empty month means. */
interface PerDayWords {
  readonly title: string
  readonly unit: { readonly one: string; readonly other: string }
  readonly label: string
  readonly emptyTitle: string
  readonly emptyHint: string
  /** Under the one day's figure when a single day of the 30 has any. */
  readonly onlyDayHint: string
}

const DOWNLOADS: PerDayWords = {
  title: 'Downloads, last 30 days',
  unit: { one: 'download', other: 'downloads' },
  label: 'Downloads per day',
  emptyTitle: 'No downloads in the last 30 days',
  emptyHint: 'Every package or file served by a repository counts here.',
  onlyDayHint: 'Only one day of the last 30 has downloads; the columns draw from the second.',
}
const DEPLOYMENTS: PerDayWords = {
  title: 'Deployments, last 30 days',
  unit: { one: 'deployment', other: 'deployments' },
  label: 'Deployments per day',
  emptyTitle: 'Nothing deployed in the last 30 days',
  emptyHint: 'Every file or package version deployed to a repository counts here.',
  onlyDayHint: 'Only one day of the last 30 has deployments; the columns draw from the second.',
}

/** A count a day over the last 30 days, as the platform counts them: a column a day. */
function PerDay({
  days,
  words,
}: {
  readonly days: NonNullable<Overview['downloadsPerDay']>
  readonly words: PerDayWords
}) {
  const { columns, total, onlyDay } = downloadColumns(days)
  const times = (n: number) => counted(n, words.unit)
  return (
    <Card title={words.title} actions={<span className={styles.total}>{times(total)}</span>}>
      {total === 0 ? (
        <EmptyState title={words.emptyTitle} hint={words.emptyHint} />
      ) : onlyDay ? (
        // One column on a month's axis read as a broken chart (as a lone dot of storage did).
        <EmptyState
          title={`${times(onlyDay.count)} on ${formatDayMedium(onlyDay.label)}`}
          hint={words.onlyDayHint}
        />
      ) : (
        <>
          <ol className={styles.columns} aria-label={words.label}>
            {columns.map((c) => (
              <li
                key={c.label}
                className={styles.column}
                title={`${formatDayMedium(c.label)}: ${times(c.count)}`}
              >
                <span
                  className={styles.columnFill}
                  style={{ height: `${c.count === 0 ? 0 : Math.max(4, c.share * 100)}%` }}
                  aria-hidden="true"
                />
                <span className={kit.srOnly}>{`${formatDayMedium(c.label)}: ${times(c.count)}`}</span>
              </li>
            ))}
          </ol>
          <div className={styles.axis} aria-hidden="true">
            <span>{formatDayMedium(columns[0]?.label ?? '')}</span>
            <span>{formatDayMedium(columns.at(-1)?.label ?? '')}</span>
          </div>
        </>
      )}
    </Card>
  )
}

function Figures({ overview }: { readonly overview: Overview }) {
  // Service Status is an admin page: others see the health without the link.
  const admin = useQuery({ type: 'session/IsAdmin' })
  const { storage, health } = overview
  const stored = storedFigures(overview)
  const healthy = health.filter((h) => h.nodes > 0 && h.healthy === h.nodes).length
  const packageBars = bars(overview.packagesByType.map((p) => ({ label: p.type, count: p.count })))
  const vulnerabilities = overview.vulnerabilities.filter((v) => v.count > 0)
  return (
    <>
      <div className={styles.stats}>
        <Stat
          icon={<Boxes size={20} />}
          label="Artifacts"
          value={overview.artifactCount.toLocaleString('en')}
        />
        <Stat
          icon={<PackageOpen size={20} />}
          label="Stored"
          value={
            stored ? (
              bytesText(stored.artifactBytes)
            ) : (
              // The figure's shape while the platform calculates it (the short words for screen
              // readers): the hint under it says what is going on.
              <>
                <Skeleton width="4.5rem" height="1.75rem" />
                <span className={kit.srOnly}>{messageText({ key: 'storageCacheCalculatingShort' })}</span>
              </>
            )
          }
          hint={
            stored ? (
              // Distinct: identical bytes are stored once, so this can be fewer than the artifacts.
              `${counted(stored.blobCount, { one: 'distinct file', other: 'distinct files' })}`
            ) : (
              <span role="status">{messageText({ key: 'storageCacheCalculating' })}</span>
            )
          }
          // A line of its own: after the files, four across at 1440 px broke it as '…30 seconds' / 'ago'.
          note={
            stored?.calculatedAt && (
              <>
                {'Calculated '}
                <RelativeTime iso={stored.calculatedAt} />
              </>
            )
          }
        />
        <Stat
          icon={<HardDrive size={20} />}
          label="Disk free"
          value={bytesText(storage.diskFreeBytes)}
          hint={`of ${bytesText(storage.diskTotalBytes)}`}
        />
        <Stat
          icon={<HeartPulse size={20} />}
          label="Healthy services"
          value={`${healthy} of ${health.length}`}
        />
      </div>
      {/* The two bar cards side by side, the health under them across the page: three across at
          1440 px, the health's seven lines stretched both bar cards to twice their three bars. */}
      <div className={styles.panels}>
        <Card title="Packages by type" actions={<Link href="/packages">All packages</Link>}>
          {packageBars.length === 0 ? (
            <EmptyState title="No packages yet" hint="Publish one with the Set Me Up instructions." />
          ) : (
            <Bars label="Packages by type" bars={packageBars} />
          )}
        </Card>
        <Card title="Vulnerabilities">
          {vulnerabilities.length === 0 ? (
            <EmptyState title="No known vulnerabilities" hint="Scanned packages with findings show here." />
          ) : (
            // Bars as the packages by type beside it (the chips alone left the card empty under
            // one line), each in its severity's colour.
            <Bars
              label="Vulnerabilities by severity"
              bars={bars(
                vulnerabilities.map((v) => ({ label: v.severity, count: v.count })),
                SEVERITIES.length,
              )}
              name={(label) => <SeverityChip severity={asSeverity(label)} />}
              colour={(label) => `var(--sev-${asSeverity(label)})`}
            />
          )}
        </Card>
        <Card
          title="Service health"
          actions={admin ? <Link href="/admin/monitoring/service-status">Status</Link> : undefined}
        >
          <ul className={styles.health} aria-label="Service health">
            {health.map((h) => (
              <li key={h.service}>
                <span
                  className={styles.dot}
                  data-ok={h.nodes > 0 && h.healthy === h.nodes}
                  aria-hidden="true"
                />
                {serviceWords(h.service)}: {h.healthy} of {counted(h.nodes, { one: 'node', other: 'nodes' })}{' '}
                healthy
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {overview.storagePerDay && <StorageChart days={overview.storagePerDay} />}
      {(overview.downloadsPerDay || overview.deploymentsPerDay) && (
        // Side by side where they fit (a month's columns each), one under the other where not.
        <div className={styles.perDay}>
          {overview.downloadsPerDay && <PerDay days={overview.downloadsPerDay} words={DOWNLOADS} />}
          {overview.deploymentsPerDay && <PerDay days={overview.deploymentsPerDay} words={DEPLOYMENTS} />}
        </div>
      )}
      <Card title="Recent deployments" actions={<Link href="/artifacts/browse">Artifacts</Link>}>
        <Table
          label="Recent deployments"
          state={{ status: 'loaded', rows: overview.recentDeployments }}
          rowKey={(d) => `${d.repo}/${d.path}/${d.created}`}
          empty={<EmptyState title="Nothing deployed yet" hint="Deployed files show here, newest first." />}
          columns={[
            {
              id: 'path',
              header: 'Artifact',
              cell: (d) => (
                <Link href={routeOfLocation({ repoKey: d.repo, path: d.path })}>{`${d.repo}/${d.path}`}</Link>
              ),
            },
            { id: 'size', header: 'Size', cell: (d) => bytesText(d.size), align: 'end' },
            { id: 'by', header: 'Deployed by', cell: (d) => d.deployedBy },
            { id: 'when', header: 'When', cell: (d) => <RelativeTime iso={d.created} /> },
          ]}
        />
      </Card>
    </>
  )
}
