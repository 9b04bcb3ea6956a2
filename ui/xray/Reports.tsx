// Reports: the platform makes a vulnerability, licence or violation report over the indexed
// repositories and the builds chosen, in the background; the list shows each one's progress, a finished one
// opens here a page at a time and downloads whole as CSV or JSON.
import { useState } from 'react'
import { Download, FileText, Trash2 } from 'lucide-react'
import {
  REPORT_NAME_MAX,
  REPORT_PAGE_SIZE,
  isReportUnfinished,
  pageOf,
  reportExportPath,
  reportPercent,
  type ReportCell,
  type ReportKind,
  type ReportView,
  wordsOf,
} from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { counted } from '../../domain/shared/plural'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { Button, buttonClass } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { TextField } from '../shared/kit/Field'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Badge, EmptyState, PageHeader, PageSkeleton, type Tone } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, Checklist, RunProgress, tableStateOf, usePending, useXrayList } from './common'
import styles from './xray.module.css'

const API_BASE = '/ui/api/v1'

export const REPORT_KIND_TEXT: Readonly<Record<ReportKind, string>> = {
  vulnerabilities: 'Vulnerabilities',
  licenses: 'Licences',
  violations: 'Violations',
}

const STATUS: Readonly<Record<ReportView['status'], { text: string; tone: Tone }>> = {
  queued: { text: 'Queued', tone: 'neutral' },
  running: { text: 'Running', tone: 'accent' },
  done: { text: 'Done', tone: 'success' },
  failed: { text: 'Failed', tone: 'danger' },
}

export function ReportsPage() {
  const dispatch = useDispatch()
  const user = useQuery({ type: 'session/User' })
  const repositories = useXrayList('indexed', { what: 'indexed' })
  const reports = useXrayList('reports', { what: 'reports' })
  const state = useQuery({ type: 'xray/State' })
  const [kind, setKind] = useState<ReportKind>('vulnerabilities')
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<ReadonlyArray<string>>([])
  const [builds, setBuilds] = useState('')
  const asking = usePending(['createReport'])
  const deleting = usePending(['deleteReport'])
  const open = state.report.ask?.id
  const show = (id: string, offset = 0) =>
    dispatch({ type: 'xray/Load', ask: { what: 'report', id, offset } })
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Reports"
        description="Vulnerabilities, licences or violations over the repositories and builds you choose, made by the platform from its scans."
      />
      <ChangeNote kinds={['createReport', 'deleteReport']} />
      <form
        aria-label="New report"
        className={`${styles.section} ${kit.panel}`}
        style={{ padding: 'var(--space-4)' }}
        onSubmit={(e) => {
          e.preventDefault()
          dispatch({
            type: 'xray/CreateReport',
            kind,
            name,
            repositories: [...chosen],
            builds: wordsOf(builds),
          })
        }}
      >
        <RadioGroup<ReportKind>
          label="Report"
          orientation="horizontal"
          value={kind}
          options={(['vulnerabilities', 'licenses', 'violations'] as const).map((k) => ({
            value: k,
            label: REPORT_KIND_TEXT[k],
          }))}
          onValueChange={setKind}
        />
        <TextField
          label="Name"
          hint="Optional. Without one, the report is named after its kind."
          value={name}
          maxLength={REPORT_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
        />
        <p className={styles.formNote}>
          With no repository checked and no build named, the report covers every indexed repository and every
          build.
        </p>
        <Checklist
          legend="Repositories"
          list={repositories}
          what="The indexed repositories"
          itemsOf={(d) => d.repositories}
          chosen={chosen}
          onChange={setChosen}
          empty="No repository is indexed (Administration → Indexed Resources)."
        />
        <TextField
          label="Builds"
          hint="Optional. Build names separated by commas: a violations report lists what the watches naming them found in their runs; the others read the versions the runs hold."
          value={builds}
          onChange={(e) => setBuilds(e.target.value)}
        />
        <div>
          <Button type="submit" variant="primary" busy={asking}>
            Generate report
          </Button>
        </div>
      </form>
      <Table<ReportView>
        label="Reports"
        state={tableStateOf(reports.slot, reports.retry, 'The reports', (d) => d)}
        rowKey={(r) => r.id}
        empty={
          <EmptyState
            icon={<FileText size={28} />}
            title="No report yet"
            hint="Choose what to report on and generate it: the platform makes it in the background."
          />
        }
        columns={[
          {
            id: 'name',
            header: 'Report',
            rowHeader: true,
            cell: (r) =>
              r.status === 'done' ? (
                <Button size="sm" variant="ghost" aria-pressed={open === r.id} onClick={() => show(r.id)}>
                  {r.name}
                </Button>
              ) : (
                r.name
              ),
          },
          { id: 'kind', header: 'Kind', cell: (r) => REPORT_KIND_TEXT[r.kind] },
          { id: 'scope', header: 'Covers', cell: (r) => scopeText(r) },
          { id: 'status', header: 'Status', cell: (r) => <ReportProgress report={r} /> },
          {
            id: 'created',
            header: 'Asked',
            cell: (r) => (
              <span>
                <RelativeTime iso={r.created} /> by {r.createdBy}
              </span>
            ),
          },
        ]}
        rowActions={(r) => (
          <span className={styles.actions}>
            {r.status === 'done' && (
              <>
                <ExportLink report={r} format="csv" />
                <ExportLink report={r} format="json" />
              </>
            )}
            {(user?.admin === true || user?.name === r.createdBy) && (
              <Button
                size="sm"
                variant="ghost"
                icon={<Trash2 size={14} aria-hidden />}
                disabled={deleting}
                onClick={() => dispatch({ type: 'xray/DeleteReport', id: r.id, name: r.name })}
              >
                Delete <span className={kit.srOnly}>{r.name}</span>
              </Button>
            )}
          </span>
        )}
      />
      {open && <ReportRows onPage={(offset) => show(open, offset)} />}
    </section>
  )
}

/** What a report covers, as the platform reads it: nothing chosen is everything. */
function scopeText(r: ReportView): string {
  const builds = r.builds ?? []
  if (r.repositories.length === 0 && builds.length === 0) return 'All indexed repositories and builds'
  return [
    ...(r.repositories.length > 0 ? [`Repositories: ${r.repositories.join(', ')}`] : []),
    ...(builds.length > 0 ? [`Builds: ${builds.join(', ')}`] : []),
  ].join('; ')
}

function ExportLink({ report, format }: { readonly report: ReportView; readonly format: 'csv' | 'json' }) {
  return (
    <a
      className={buttonClass('secondary', 'sm')}
      href={`${API_BASE}${reportExportPath(report.id, format)}`}
      aria-label={`${format.toUpperCase()} of ${report.name}`}
      download
    >
      <Download size={14} aria-hidden /> {format.toUpperCase()}
    </a>
  )
}

function ReportProgress({ report }: { readonly report: ReportView }) {
  const s = STATUS[report.status]
  return (
    <span className={styles.progress}>
      <Badge tone={s.tone} dot>
        {s.text}
      </Badge>
      {isReportUnfinished(report) && (
        <RunProgress
          label={`Progress of ${report.name}`}
          percent={reportPercent(report)}
          valueText={`${report.done.toLocaleString('en')} of ${report.total.toLocaleString('en')} versions read`}
        />
      )}
      {report.status === 'done' && (
        <span className={styles.muted}>{counted(report.rows, { one: 'row', other: 'rows' })}</span>
      )}
      {report.status === 'failed' && report.error && <span className={styles.muted}>{report.error}</span>}
    </span>
  )
}

/** The open report's rows, a page at a time, with its columns as the platform names them. */
function ReportRows({ onPage }: { readonly onPage: (offset: number) => void }) {
  const slot = useQuery({ type: 'xray/State' }).report
  const data = shownData(slot)
  if (slot.status === 'failed')
    return (
      <LoadFailure
        message={`The report could not be loaded: ${whatHappened(slot.failure)}.`}
        onRetry={() => onPage(slot.ask?.offset ?? 0)}
      />
    )
  if (!data) return <PageSkeleton label="Loading the report" header={false} />
  const { report, offset, rows } = data
  const { page, pages } = pageOf(offset, REPORT_PAGE_SIZE, report.rows)
  type Row = { readonly n: number; readonly cells: ReadonlyArray<ReportCell> }
  return (
    <section aria-label={`Report ${report.name}`} className={styles.section}>
      <h2 className={styles.reportTitle}>{report.name}</h2>
      <div className={styles.wideTable}>
        <Table<Row>
          label={`Rows of ${report.name}`}
          state={{ status: 'loaded', rows: rows.map((cells, i) => ({ n: offset + i, cells })) }}
          rowKey={(r) => String(r.n)}
          empty={
            <EmptyState
              icon={<FileText size={28} />}
              title="Nothing to report"
              hint={
                report.kind === 'violations'
                  ? 'No violation is in force in these repositories.'
                  : report.kind === 'vulnerabilities'
                    ? 'No scanned version in these repositories has a known vulnerability.'
                    : 'No npm version is stored in these repositories.'
              }
            />
          }
          columns={report.columns.map((c, i) => ({
            id: c,
            header: c.charAt(0).toUpperCase() + c.slice(1),
            rowHeader: i === 0,
            cell: (r: Row) => (
              <span
                className={PROSE.has(c) ? styles.cellProse : LISTS.has(c) ? styles.cellList : styles.cellWord}
              >
                {cellText(r.cells[i])}
              </span>
            ),
          }))}
        />
      </div>
      {report.rows > REPORT_PAGE_SIZE && (
        <nav className={styles.pager} aria-label={`Pages of ${report.name}`}>
          <span>
            Page {page} of {pages} ({report.rows.toLocaleString('en')} rows)
          </span>
          <Button size="sm" disabled={page <= 1} onClick={() => onPage(offset - REPORT_PAGE_SIZE)}>
            Previous
          </Button>
          <Button size="sm" disabled={page >= pages} onClick={() => onPage(offset + REPORT_PAGE_SIZE)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  )
}

/**
 * How a report's cells wrap: an id, a version or a name never breaks (a GHSA id over four lines
 * reads badly); lists break between their items, and prose (with its links) anywhere, in a
 * column of a readable width; the table scrolls sideways in its box for the rest.
 */
const PROSE = new Set(['summary'])
const LISTS = new Set(['cves', 'fixed versions', 'violated policies', 'licence'])

const cellText = (c: ReportCell | undefined): string =>
  c === undefined || c === '' ? '—' : typeof c === 'boolean' ? (c ? 'Yes' : 'No') : String(c)
