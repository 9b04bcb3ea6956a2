// Administration → Xray Settings: which repositories are scanned (Indexed Resources), how scans
// run (Scans Settings), and the advisory database (counts, imports, import from an address).
import { useState } from 'react'
import { Database } from 'lucide-react'
import {
  isHttpUrl,
  settingsForm,
  validateSettingsForm,
  type AdvisoryImport,
  type IndexedResources,
  type ScanSettings,
} from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { useDispatch } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { formatDateTime } from '../shared/dates'
import { whatHappened } from '../shared/failureText'
import { Button } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { TextField } from '../shared/kit/Field'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Badge, Card, EmptyState, KeyValue, PageHeader, PageSkeleton } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, tableStateOf, usePending, useXrayList } from './common'
import { xrayText } from './messages'
import { bindText } from './Violations'
import styles from './xray.module.css'

export function IndexedResourcesPage() {
  const { slot, retry } = useXrayList('indexed', { what: 'indexed' })
  const data = shownData(slot)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Indexed Resources"
        description="The repositories whose npm versions are scanned, when they arrive and after each import of advisories."
      />
      <ChangeNote kinds={['saveIndexed']} />
      {slot.status === 'failed' ? (
        <LoadFailure
          message={`The indexed resources could not be loaded: ${whatHappened(slot.failure)}.`}
          onRetry={retry}
        />
      ) : data === undefined ? (
        <PageSkeleton label="Loading the indexed resources" header={false} />
      ) : data.available.length === 0 ? (
        <EmptyState
          boxed
          title="No repositories yet"
          hint="Create a repository first; then choose it here."
        />
      ) : (
        // Keyed by what the platform holds, so a save's answer starts the form again from it.
        <IndexedForm key={data.repositories.join('\n')} data={data} />
      )}
    </section>
  )
}

function IndexedForm({ data }: { readonly data: IndexedResources }) {
  const dispatch = useDispatch()
  const pending = usePending(['saveIndexed'])
  const [chosen, setChosen] = useState<ReadonlyArray<string>>(data.repositories)
  return (
    <form
      aria-label="Indexed repositories"
      className={`${styles.section} ${kit.panel}`}
      style={{ padding: 'var(--space-4)' }}
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({ type: 'xray/SaveIndexedResources', repositories: chosen })
      }}
    >
      <fieldset className={styles.checks}>
        <legend>Scanned repositories</legend>
        {data.available.map((key) => (
          <Checkbox
            key={key}
            label={key}
            checked={chosen.includes(key)}
            onCheckedChange={(on) => setChosen(on ? [...chosen, key] : chosen.filter((k) => k !== key))}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" variant="primary" busy={pending}>
          Save
        </Button>
      </div>
    </form>
  )
}

export function ScansSettingsPage() {
  const { slot, retry } = useXrayList('settings', { what: 'settings' })
  const data = shownData(slot)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Scans Settings"
        description="What a scan reads and when versions are scanned again."
      />
      <ChangeNote kinds={['saveSettings']} />
      {slot.status === 'failed' ? (
        <LoadFailure
          message={`The scans settings could not be loaded: ${whatHappened(slot.failure)}.`}
          onRetry={retry}
        />
      ) : data === undefined ? (
        <PageSkeleton label="Loading the scans settings" header={false} />
      ) : (
        <SettingsForm key={JSON.stringify(data)} settings={data} />
      )}
    </section>
  )
}

function SettingsForm({ settings }: { readonly settings: ScanSettings }) {
  const dispatch = useDispatch()
  const pending = usePending(['saveSettings'])
  const form = useValidatedForm(() => settingsForm(settings), validateSettingsForm, xrayText)
  return (
    <form
      aria-label="Scans settings"
      className={`${styles.section} ${kit.panel}`}
      style={{ padding: 'var(--space-4)' }}
      onSubmit={form.submit((s) => dispatch({ type: 'xray/SaveSettings', settings: s }))}
    >
      <Checkbox
        label="Scan the dependencies a package.json declares"
        checked={form.values.scanDependencies}
        onCheckedChange={(scanDependencies) => form.set({ scanDependencies })}
      />
      <Checkbox
        label="Scan every stored version again after an import of advisories"
        checked={form.values.rescanAfterImport}
        onCheckedChange={(rescanAfterImport) => form.set({ rescanAfterImport })}
      />
      <TextField
        label="Keep the scan history (days)"
        inputMode="numeric"
        required
        {...bindText(form.bind('retentionDays'))}
      />
      <div>
        <Button type="submit" variant="primary" busy={pending}>
          Save
        </Button>
      </div>
    </form>
  )
}

export function AdvisoryDatabasePage() {
  const dispatch = useDispatch()
  const { slot, retry } = useXrayList('database', { what: 'database' })
  const data = shownData(slot)
  const importing = usePending(['importAdvisories'])
  const [url, setUrl] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const last = data?.imports.find((i) => i.ok)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Advisory Database"
        description="The advisories scans match versions against, in the OSV format (GitHub Advisory Database, OSV.dev)."
      />
      <ChangeNote kinds={['importAdvisories']} />
      {slot.status === 'failed' ? (
        <LoadFailure
          message={`The advisory database could not be loaded: ${whatHappened(slot.failure)}.`}
          onRetry={retry}
        />
      ) : data === undefined ? (
        <PageSkeleton label="Loading the advisory database" header={false} />
      ) : (
        <div className={kit.cards}>
          <Card title="Advisories">
            <KeyValue
              items={[
                { key: 'count', label: 'Advisories', value: data.advisories.toLocaleString('en') },
                ...Object.entries(data.by_severity).map(([severity, n]) => ({
                  key: severity,
                  label: severity[0]?.toUpperCase() + severity.slice(1),
                  value: n.toLocaleString('en'),
                })),
                { key: 'last', label: 'Last import', value: last ? formatDateTime(last.finished) : 'Never' },
                { key: 'scheduled', label: 'Scheduled import', value: data.scheduled_url ?? 'None' },
              ]}
            />
          </Card>
          <Card title="Scans">
            <KeyValue
              items={Object.entries(data.scans).map(([status, n]) => ({
                key: status,
                label: status.replace('_', ' '),
                value: n.toLocaleString('en'),
              }))}
            />
          </Card>
          <Card title="Import now">
            <form
              aria-label="Import advisories"
              className={styles.section}
              onSubmit={(e) => {
                e.preventDefault()
                if (!isHttpUrl(url))
                  return setProblem('Enter the http(s) address of an OSV export (a JSON file or a zip)')
                setProblem(undefined)
                dispatch({ type: 'xray/ImportAdvisories', url: url.trim() })
              }}
            >
              <TextField
                label="Address of an OSV export"
                placeholder="https://…/npm/all.zip"
                value={url}
                error={problem}
                onChange={(e) => setUrl(e.target.value)}
              />
              <div>
                <Button type="submit" variant="primary" busy={importing}>
                  Import
                </Button>
              </div>
            </form>
          </Card>
        </div>
      )}
      {data && (
        <Table<AdvisoryImport>
          label="Imports"
          state={tableStateOf(slot, retry, 'The imports', (d) => d.imports)}
          rowKey={(i) => String(i.id)}
          empty={<EmptyState icon={<Database size={28} />} title="No imports yet" />}
          columns={[
            { id: 'finished', header: 'Finished', rowHeader: true, cell: (i) => formatDateTime(i.finished) },
            { id: 'source', header: 'Source', cell: (i) => <span className={styles.mono}>{i.source}</span> },
            {
              id: 'ok',
              header: 'Result',
              cell: (i) =>
                i.ok ? (
                  <Badge tone="success">Imported</Badge>
                ) : (
                  <span className={styles.section}>
                    <Badge tone="danger">Refused</Badge>
                    {i.report.slice(0, 3).map((r) => (
                      <span key={r.file} className={styles.muted}>
                        {r.file}: {r.reason}
                      </span>
                    ))}
                  </span>
                ),
            },
            { id: 'files', header: 'Files', align: 'end', cell: (i) => i.files },
            { id: 'advisories', header: 'Advisories', align: 'end', cell: (i) => i.advisories },
          ]}
        />
      )}
    </section>
  )
}
