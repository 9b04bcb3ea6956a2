// Scans List: each stored npm version of an indexed repository with its scan status, its
// vulnerabilities by severity and when it was last scanned; admins rescan one.
import { useState } from 'react'
import { RefreshCw, ScanSearch } from 'lucide-react'
import {
  SCANS_PAGE_SIZE,
  SCAN_STATUSES,
  pageOf,
  type ScanStatus,
  type ScanView,
  type ScansQuery,
} from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button, IconButton } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { Select } from '../shared/kit/Select'
import { Field, TextField } from '../shared/kit/Field'
import { Badge, EmptyState, PageHeader, type Tone } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, SeverityChips, tableStateOf, usePending, useXrayList } from './common'
import { SCAN_STATUS_TEXT } from './messages'
import { VersionLink } from '../shared/VersionLink'
import { GitRepositories } from './GitRepositories'
import styles from './xray.module.css'

const STATUS_TONE: Readonly<Record<ScanStatus, Tone>> = {
  not_scanned: 'neutral',
  scanning: 'accent',
  scanned: 'success',
  failed: 'danger',
}

export function ScanStatusBadge({ status }: { readonly status: ScanStatus }) {
  return (
    <Badge tone={STATUS_TONE[status]} dot>
      {SCAN_STATUS_TEXT[status]}
    </Badge>
  )
}

const firstPage: ScansQuery = { page: 1, rows: SCANS_PAGE_SIZE, issuesOnly: false }

export function ScansPage() {
  const admin = useQuery({ type: 'session/IsAdmin' })
  const dispatch = useDispatch()
  const current = useQuery({ type: 'xray/State' }).scans.ask?.query
  const [query, setQuery] = useState<ScansQuery>(current ?? firstPage)
  const [search, setSearch] = useState(query.search ?? '')
  const { slot, retry } = useXrayList('scans', { what: 'scans', query })
  const rescanning = usePending(['rescan'])
  const { change } = useQuery({ type: 'xray/State' })
  const data = shownData(slot)
  const { page, pages } = pageOf((query.page - 1) * query.rows, query.rows, data?.total ?? 0)
  const set = (patch: Partial<ScansQuery>) => {
    const next: Record<string, unknown> = { ...query, ...patch, page: patch.page ?? 1 }
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k]
    setQuery(next as ScansQuery)
  }
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Scans List"
        description="Every npm version of the indexed repositories, its scan and what it found."
      />
      <ChangeNote kinds={['rescan']} />
      <div className={styles.filters} role="group" aria-label="Filters">
        <Field label="Status">
          <Select<ScanStatus | 'any'>
            value={query.status ?? 'any'}
            options={[
              { value: 'any', label: 'Any status' },
              ...SCAN_STATUSES.map((s) => ({ value: s, label: SCAN_STATUS_TEXT[s] })),
            ]}
            onValueChange={(v) => set({ status: v === 'any' ? undefined : v })}
          />
        </Field>
        <form
          className={styles.searchForm}
          onSubmit={(e) => {
            e.preventDefault()
            set({ search: search.trim() === '' ? undefined : search.trim() })
          }}
        >
          <TextField label="Package" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit">Search</Button>
        </form>
        <div className={styles.filterCheck}>
          <Checkbox
            label="Only versions with vulnerabilities"
            checked={query.issuesOnly}
            onCheckedChange={(issuesOnly) => set({ issuesOnly })}
          />
        </div>
      </div>
      <Table<ScanView>
        label="Scans"
        state={tableStateOf(slot, retry, 'The scans', (p) => p.rows)}
        rowKey={(s) => s.version_id}
        empty={
          <EmptyState
            icon={<ScanSearch size={28} />}
            title={
              query.status || query.search || query.issuesOnly ? 'No scan matches' : 'Nothing scanned yet'
            }
            hint="npm versions are scanned when they arrive in an indexed repository (Administration → Indexed Resources)."
          />
        }
        columns={[
          {
            id: 'version',
            header: 'Version',
            rowHeader: true,
            // Its repository under it, not a column of its own (as the git repositories' table
            // below): at 1024 px the column took the room a scoped name needs, which then broke
            // over three lines. A longer name still wraps rather than widening the table.
            cell: (s) => (
              <span className={styles.stacked}>
                <span className={styles.wrapName}>
                  <VersionLink versionId={s.version_id} />
                </span>
                <span className={styles.integration}>{s.repo}</span>
              </span>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (s) => (
              <span className={styles.row}>
                <ScanStatusBadge status={s.status} />
                {s.error && <span className={styles.muted}>{s.error}</span>}
              </span>
            ),
          },
          {
            id: 'vulnerabilities',
            header: 'Vulnerabilities',
            cell: (s) => <SeverityChips counts={s.vulnerabilities} scanned={s.status === 'scanned'} />,
          },
          {
            id: 'scanned',
            header: 'Last scanned',
            cell: (s) =>
              s.last_updated ? (
                <RelativeTime iso={s.last_updated} />
              ) : (
                <span className={styles.muted}>Never</span>
              ),
          },
        ]}
        rowActions={
          admin
            ? (s) => (
                // An icon, named for its version: a worded button took the room the names
                // need, which then broke over three lines at 1024 px.
                <IconButton
                  size="sm"
                  variant="secondary"
                  label={`Rescan ${s.version_id}`}
                  icon={<RefreshCw size={14} aria-hidden />}
                  busy={rescanning && change.status === 'pending' && change.subject === s.version_id}
                  disabled={rescanning}
                  onClick={() => dispatch({ type: 'xray/Rescan', versionId: s.version_id })}
                />
              )
            : undefined
        }
      />
      {data && data.total > query.rows && (
        <nav className={styles.pager} aria-label="Pages of scans">
          <span>
            Page {page} of {pages} ({data.total.toLocaleString('en')} versions)
          </span>
          <Button size="sm" disabled={query.page <= 1} onClick={() => set({ page: query.page - 1 })}>
            Previous
          </Button>
          <Button size="sm" disabled={page >= pages} onClick={() => set({ page: query.page + 1 })}>
            Next
          </Button>
        </nav>
      )}
      <GitRepositories />
    </section>
  )
}
