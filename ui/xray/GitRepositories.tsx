// Git repositories on the Scans List: the repositories chosen for the git integrations the
// scanner is connected to, each with its last scan (read through the vendor's API: package.json
// and package-lock.json), its violations in force (a link to them) and, opened, the vulnerable
// dependencies it found. Admins scan them again.
import { GitBranch, RefreshCw } from 'lucide-react'
import { Link } from 'wouter'
import { gitResourceOf, type GitFinding, type GitRepositoryScan } from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { GIT_VENDORS } from '../../domain/integrations/types'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { Button } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Badge, EmptyState, PageSkeleton, SeverityChip, type Tone } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import { ChangeNote, SeverityChips, tableStateOf, usePending, useXrayList } from './common'
import styles from './xray.module.css'

/** A vendor as its own name writes it ('GitHub'), the platform's key when unknown. */
const vendorName = (vendor: string): string =>
  GIT_VENDORS.find((v) => v.name === vendor)?.displayName ?? vendor

const STATUS: Readonly<Record<GitRepositoryScan['status'], { text: string; tone: Tone }>> = {
  scanning: { text: 'Scanning', tone: 'accent' },
  scanned: { text: 'Scanned', tone: 'success' },
  failed: { text: 'Failed', tone: 'danger' },
}

export function GitRepositories() {
  const dispatch = useDispatch()
  const admin = useQuery({ type: 'session/IsAdmin' })
  const { slot, retry } = useXrayList('gitRepositories', { what: 'gitRepositories' })
  const open = useQuery({ type: 'xray/State' }).gitFindings.ask
  const scanning = usePending(['scanGit'])
  const show = (r: GitRepositoryScan) =>
    dispatch({
      type: 'xray/Load',
      ask: { what: 'gitFindings', integrationId: r.integration_id, repository: r.repository },
    })
  return (
    <section aria-labelledby="git-repositories" className={styles.section}>
      <div className={styles.row}>
        <h2 id="git-repositories" className={styles.reportTitle}>
          Git repositories
        </h2>
        {admin && (
          <Button
            size="sm"
            icon={<RefreshCw size={14} aria-hidden />}
            busy={scanning}
            onClick={() => dispatch({ type: 'xray/ScanGitRepositories' })}
          >
            Scan git repositories
          </Button>
        )}
      </div>
      <ChangeNote kinds={['scanGit']} />
      <Table<GitRepositoryScan>
        label="Git repositories"
        state={tableStateOf(slot, retry, 'The git repositories', (d) => d)}
        rowKey={(r) => `${r.integration_id}/${r.repository}`}
        empty={
          <EmptyState
            icon={<GitBranch size={28} />}
            title="No git repository is scanned"
            hint="Choose repositories of a git integration and connect it to the scanner (Integrations → a git integration → Xray)."
          />
        }
        columns={[
          {
            id: 'repository',
            header: 'Repository',
            rowHeader: true,
            // Its integration (name and vendor) under it, not a column of its own: at 1024 px that
            // column wrapped 'octo-github (github)' over three lines and pushed Last scanned out.
            cell: (r) => (
              <span className={styles.stacked}>
                {r.status === 'scanned' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-pressed={
                      open?.integrationId === r.integration_id && open.repository === r.repository
                    }
                    onClick={() => show(r)}
                  >
                    {r.repository}
                  </Button>
                ) : (
                  r.repository
                )}
                <span className={styles.integration}>
                  {r.integration_name} · {vendorName(r.vendor)}
                </span>
              </span>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (r) => (
              <span className={styles.row}>
                <Badge tone={STATUS[r.status].tone} dot>
                  {STATUS[r.status].text}
                </Badge>
                {r.error && <span className={styles.muted}>{r.error}</span>}
              </span>
            ),
          },
          {
            id: 'dependencies',
            header: 'Dependencies',
            cell: (r) =>
              r.status !== 'scanned' ? (
                '—'
              ) : (
                <span className={styles.stacked}>
                  <span className={styles.nowrap}>
                    {r.dependencies.toLocaleString('en')} {r.lockfile ? 'locked' : 'declared'}
                  </span>
                  {!r.lockfile && <span className={styles.muted}>no lockfile</span>}
                </span>
              ),
          },
          {
            id: 'vulnerabilities',
            header: 'Vulnerabilities',
            cell: (r) => <SeverityChips counts={r.vulnerabilities} scanned={r.status === 'scanned'} />,
          },
          {
            id: 'violations',
            header: 'Violations',
            cell: (r) =>
              r.status !== 'scanned' ? (
                '—'
              ) : r.violations === 0 ? (
                'None'
              ) : (
                <Link
                  href={`/violations?resource=${encodeURIComponent(gitResourceOf(r.integration_name, r.repository))}`}
                  aria-label={`${r.violations.toLocaleString('en')} violations of ${r.repository}`}
                >
                  {r.violations.toLocaleString('en')}
                </Link>
              ),
          },
          {
            id: 'scanned',
            header: 'Last scanned',
            cell: (r) =>
              r.scanned_at ? (
                <RelativeTime iso={r.scanned_at} />
              ) : (
                <span className={styles.muted}>Never</span>
              ),
          },
        ]}
      />
      {open && <Findings />}
    </section>
  )
}

/** The open repository's vulnerable dependencies. */
function Findings() {
  const dispatch = useDispatch()
  const slot = useQuery({ type: 'xray/State' }).gitFindings
  const data = shownData(slot)
  if (slot.status === 'failed')
    return (
      <LoadFailure
        message={`The findings could not be loaded: ${whatHappened(slot.failure)}.`}
        onRetry={() => slot.ask && dispatch({ type: 'xray/Load', ask: slot.ask })}
      />
    )
  if (!data) return <PageSkeleton label="Loading the findings" header={false} />
  return (
    <div className={styles.wideTable}>
      <Table<GitFinding>
        label={`Vulnerable dependencies of ${data.repository}`}
        state={{ status: 'loaded', rows: data.findings }}
        rowKey={(f) => `${f.issue}/${f.component}/${f.version}`}
        empty={
          <EmptyState
            icon={<GitBranch size={28} />}
            title="No vulnerable dependency"
            hint="None of the repository's npm dependencies matches an advisory of the database."
          />
        }
        columns={[
          { id: 'issue', header: 'Issue', rowHeader: true, cell: (f) => f.issue },
          {
            id: 'severity',
            header: 'Severity',
            cell: (f) => <SeverityChip severity={f.severity} />,
          },
          { id: 'component', header: 'Dependency', cell: (f) => f.component },
          { id: 'version', header: 'Version', cell: (f) => f.version },
          {
            id: 'direct',
            header: 'In package.json',
            cell: (f) => (f.direct ? 'Yes' : 'No, through another'),
          },
          {
            id: 'fixed',
            header: 'Fixed in',
            cell: (f) => (f.fixed.length > 0 ? f.fixed.join(', ') : 'No fix'),
          },
          { id: 'summary', header: 'Summary', cell: (f) => f.summary },
        ]}
      />
    </div>
  )
}
