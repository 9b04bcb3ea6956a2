// Reports: every violation, or every scanned version with its vulnerabilities, over the
// repositories chosen, shown and exported as CSV or JSON.
import { useState } from 'react'
import { Download, FileText } from 'lucide-react'
import { reportCsv, type ReportData, type XrayAskOf } from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { counted } from '../../domain/shared/plural'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { Button } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { EmptyState, PageHeader, PageSkeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import { Checklist, useXrayList } from './common'
import styles from './xray.module.css'

type Kind = XrayAskOf<'report'>['kind']

/** Hands the browser a file made here (a report is the console's own data, nothing fetched). */
function save(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function ReportsPage() {
  const dispatch = useDispatch()
  const repositories = useXrayList('indexed', { what: 'indexed' })
  const report = useQuery({ type: 'xray/State' }).report
  const [kind, setKind] = useState<Kind>(report.ask?.kind ?? 'violations')
  const [chosen, setChosen] = useState<ReadonlyArray<string>>(report.ask?.repositories ?? [])
  const ask: XrayAskOf<'report'> = { what: 'report', kind, repositories: [...chosen] }
  const generate = () => dispatch({ type: 'xray/Load', ask })
  const data = shownData(report)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Reports"
        description="Violations or vulnerabilities over the repositories you choose, to read here or export."
      />
      <form
        aria-label="Report"
        className={`${styles.section} ${kit.panel}`}
        style={{ padding: 'var(--space-4)' }}
        onSubmit={(e) => {
          e.preventDefault()
          generate()
        }}
      >
        <RadioGroup<Kind>
          label="Report"
          orientation="horizontal"
          value={kind}
          options={[
            { value: 'violations', label: 'Violations' },
            { value: 'vulnerabilities', label: 'Vulnerabilities by version' },
          ]}
          onValueChange={setKind}
        />
        <Checklist
          legend="Repositories (none chosen: every indexed repository)"
          list={repositories}
          what="The indexed repositories"
          itemsOf={(d) => d.repositories}
          chosen={chosen}
          onChange={setChosen}
          empty="No repository is indexed (Administration → Indexed Resources)."
        />
        <div>
          <Button type="submit" variant="primary" busy={report.status === 'loading'}>
            Generate report
          </Button>
        </div>
      </form>
      {report.status === 'failed' ? (
        <LoadFailure
          message={`The report could not be made: ${whatHappened(report.failure)}.`}
          onRetry={generate}
        />
      ) : report.status === 'loading' && !data ? (
        <PageSkeleton label="Making the report" header={false} />
      ) : data ? (
        <ReportResult report={data} />
      ) : (
        <EmptyState
          boxed
          icon={<FileText size={28} />}
          title="No report yet"
          hint="Choose what to report on and generate it."
        />
      )}
    </section>
  )
}

function ReportResult({ report }: { readonly report: ReportData }) {
  const name = `${report.kind}-report`
  return (
    <section aria-label="Report result" className={styles.section}>
      <div className={styles.row}>
        <p role="status">
          {counted(
            report.rows.length,
            report.kind === 'violations'
              ? { one: 'violation', other: 'violations' }
              : { one: 'version', other: 'versions' },
          )}{' '}
          in the report.
        </p>
        <Button
          icon={<Download size={16} aria-hidden />}
          disabled={report.rows.length === 0}
          onClick={() => save(`${name}.csv`, 'text/csv', reportCsv(report))}
        >
          Export CSV
        </Button>
        <Button
          icon={<Download size={16} aria-hidden />}
          disabled={report.rows.length === 0}
          onClick={() => save(`${name}.json`, 'application/json', JSON.stringify(report.rows, null, 2))}
        >
          Export JSON
        </Button>
      </div>
    </section>
  )
}
