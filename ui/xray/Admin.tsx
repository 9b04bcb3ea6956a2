// Administration → Xray Settings: which repositories are scanned (Indexed Resources), how scans
// run (Scans Settings), and the advisory database (counts, imports, import from an address).
import { useState } from 'react'
import { Bell, Database } from 'lucide-react'
import { counted } from '../../domain/shared/plural'
import {
  isHttpUrl,
  isRescanUnfinished,
  settingsForm,
  validateSettingsForm,
  type AdvisoryImport,
  type NotificationView,
  type ScanSettings,
  type ScanStatus,
} from '../../domain/xray'
import { useApp, useDispatch } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { formatDateTime } from '../shared/dates'
import { Button } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { TextField } from '../shared/kit/Field'
import { FileField } from '../shared/kit/FileField'
import { Badge, Card, EmptyState, KeyValue } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import kit from '../shared/kit/page.module.css'
import {
  Checklist,
  RunProgress,
  XrayScreen,
  tableStateOf,
  usePending,
  useXrayList,
  type XrayList,
} from './common'
import { SCAN_STATUS_TEXT, notificationStatusText, xrayText } from './messages'
import { bindText } from './Violations'
import styles from './xray.module.css'

export function IndexedResourcesPage() {
  const list = useXrayList('indexed', { what: 'indexed' })
  return (
    <XrayScreen
      title="Indexed Resources"
      description="The repositories whose npm versions and container images are scanned, when they arrive and after each import of advisories."
      changes={['saveIndexed']}
      list={list}
      what="The indexed resources"
    >
      {(data) =>
        data.available.length === 0 ? (
          <EmptyState
            boxed
            title="No repositories yet"
            hint="Create a repository first; then choose it here."
          />
        ) : (
          // Keyed by what the platform holds, so a save's answer starts the form again from it.
          <IndexedForm key={data.repositories.join('\n')} list={list} chosenAtFirst={data.repositories} />
        )
      }
    </XrayScreen>
  )
}

function IndexedForm({
  list,
  chosenAtFirst,
}: {
  readonly list: XrayList<'indexed'>
  readonly chosenAtFirst: ReadonlyArray<string>
}) {
  const dispatch = useDispatch()
  const pending = usePending(['saveIndexed'])
  const [chosen, setChosen] = useState(chosenAtFirst)
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
      <Checklist
        legend="Scanned repositories"
        list={list}
        what="The repositories"
        itemsOf={(d) => d.available}
        chosen={chosen}
        onChange={setChosen}
        empty="No repositories yet."
      />
      <div>
        <Button type="submit" variant="primary" busy={pending}>
          Save
        </Button>
      </div>
    </form>
  )
}

export function ScansSettingsPage() {
  return (
    <XrayScreen
      title="Scans Settings"
      description="What a scan reads, when versions are scanned again, and where new violations are notified."
      changes={['saveSettings']}
      list={useXrayList('settings', { what: 'settings' })}
      what="The scans settings"
    >
      {(settings) => (
        <>
          <SettingsForm key={JSON.stringify(settings)} settings={settings} />
          <NotificationsTable />
        </>
      )}
    </XrayScreen>
  )
}

function SettingsForm({ settings }: { readonly settings: ScanSettings }) {
  const app = useApp()
  const dispatch = useDispatch()
  const pending = usePending(['saveSettings'])
  const form = useValidatedForm(() => settingsForm(settings), validateSettingsForm, xrayText)
  const target = settings.notifyTarget ?? null
  return (
    <form
      aria-label="Scans settings"
      className={`${styles.section} ${kit.panel}`}
      style={{ padding: 'var(--space-4)' }}
      onSubmit={form.submit(({ webhook, ...values }) =>
        // A new webhook goes into the vault: its path may be its secret, so no event holds it.
        dispatch({
          type: 'xray/SaveSettings',
          settings: {
            ...values,
            webhook: webhook.kind === 'set' ? { kind: 'set', ref: app.stashSecret(webhook.url) } : webhook,
          },
        }),
      )}
    >
      <Checkbox
        label="Scan the dependencies a package.json declares"
        checked={form.values.scanDependencies}
        onCheckedChange={(scanDependencies) => form.set({ scanDependencies })}
      />
      <Checkbox
        label="Scan every stored version and git repository again after an import of advisories"
        checked={form.values.rescanAfterImport}
        onCheckedChange={(rescanAfterImport) => form.set({ rescanAfterImport })}
      />
      <TextField
        label="Keep the scan history (days)"
        inputMode="numeric"
        required
        {...bindText(form.bind('retentionDays'))}
      />
      <TextField
        label={target ? 'New webhook for notifications' : 'Webhook for notifications'}
        hint={
          target
            ? `New violations under a rule with the notify action are posted to a webhook at ${target}; the rest of its address is kept secret. Type another address to replace it, or leave this empty to keep it.`
            : 'New violations under a rule with the notify action are posted here as JSON. Empty: none are sent.'
        }
        placeholder="https://…/hooks/xray"
        inputMode="url"
        disabled={form.values.removeWebhook}
        {...bindText(form.bind('notifyUrl'))}
      />
      {target && (
        <Checkbox
          label="Remove the webhook (send no notifications)"
          checked={form.values.removeWebhook}
          onCheckedChange={(removeWebhook) => form.set({ removeWebhook })}
        />
      )}
      <div>
        <Button type="submit" variant="primary" busy={pending}>
          Save
        </Button>
      </div>
    </form>
  )
}

/** What the notify action sent, or why not: the latest first. */
function NotificationsTable() {
  const list = useXrayList('notifications', { what: 'notifications' })
  return (
    <section aria-labelledby="xray-notifications" className={styles.section}>
      <h2 id="xray-notifications" className={styles.reportTitle}>
        Notifications
      </h2>
      <Table<NotificationView>
        label="Notifications"
        state={tableStateOf(list.slot, list.retry, 'The notifications', (rows) => rows)}
        rowKey={(n) => String(n.id)}
        empty={
          <EmptyState
            icon={<Bell size={28} />}
            title="No notifications yet"
            hint="A policy rule with the notify action sends one for each new violation it finds."
          />
        }
        columns={[
          { id: 'created', header: 'Found', rowHeader: true, cell: (n) => formatDateTime(n.created) },
          {
            id: 'violation',
            header: 'Violation',
            cell: (n) => (
              <span className={styles.section}>
                <span className={styles.mono}>{n.issue}</span>
                <span className={styles.muted}>
                  {n.component} in{' '}
                  {n.packageId ? `${n.packageId.replace(/^[a-z]+:\/\//, '')}@${n.version}` : n.resource}
                </span>
              </span>
            ),
          },
          { id: 'watch', header: 'Watch / policy', cell: (n) => `${n.watch} / ${n.policy}` },
          {
            id: 'status',
            header: 'Sent',
            cell: (n) => (
              <span className={styles.section}>
                <Badge tone={notificationTone(n.status)}>{notificationStatusText(n.status)}</Badge>
                {n.lastError && n.status !== 'sent' && <span className={styles.muted}>{n.lastError}</span>}
              </span>
            ),
          },
          { id: 'attempts', header: 'Attempts', align: 'end', cell: (n) => n.attempts },
        ]}
      />
    </section>
  )
}

const notificationTone = (status: string) =>
  status === 'sent'
    ? 'success'
    : status === 'failed'
      ? 'danger'
      : status === 'pending'
        ? 'warning'
        : 'neutral'

export function AdvisoryDatabasePage() {
  const dispatch = useDispatch()
  const importing = usePending(['importAdvisories'])
  const importingFile = usePending(['importAdvisoryFile'])
  // Kept here, above the list, so what was typed stays while the database loads again.
  const [url, setUrl] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  return (
    <XrayScreen
      title="Advisory Database"
      description="The advisories scans match versions against, in the OSV format (GitHub Advisory Database, OSV.dev)."
      changes={['importAdvisories', 'importAdvisoryFile', 'rescanImport']}
      list={useXrayList('database', { what: 'database' })}
      what="The advisory database"
    >
      {(data) => {
        const last = data.imports.find((i) => i.ok)
        return (
          <>
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
                    {
                      key: 'last',
                      label: 'Last import',
                      value: last ? formatDateTime(last.finished) : 'Never',
                    },
                    { key: 'scheduled', label: 'Scheduled import', value: data.scheduled_url ?? 'None' },
                  ]}
                />
              </Card>
              <Card title="Scans">
                <KeyValue
                  items={Object.entries(data.scans).map(([status, n]) => ({
                    key: status,
                    label: SCAN_STATUS_TEXT[status as ScanStatus] ?? status.replace('_', ' '),
                    value: n.toLocaleString('en'),
                  }))}
                />
              </Card>
              <Card title="Import now">
                <div className={styles.imports}>
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
                  <ImportFileForm busy={importingFile} />
                </div>
              </Card>
            </div>
            <Table<AdvisoryImport>
              label="Imports"
              state={{ status: 'loaded', rows: data.imports }}
              rowKey={(i) => String(i.id)}
              empty={<EmptyState icon={<Database size={28} />} title="No imports yet" />}
              columns={[
                {
                  id: 'finished',
                  header: 'Finished',
                  rowHeader: true,
                  cell: (i) => formatDateTime(i.finished),
                },
                {
                  id: 'source',
                  header: 'Source',
                  cell: (i) => <span className={styles.mono}>{i.source}</span>,
                },
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
                { id: 'rescan', header: 'Rescan', cell: (i) => <RescanProgress record={i} /> },
              ]}
            />
          </>
        )
      }}
    </XrayScreen>
  )
}

/**
 * Where the rescan an import asked for stands, as the platform records it: waiting behind a run
 * already going, the versions scanned so far, done, or failed with why and a Retry that scans
 * again. The page asks again while it is unfinished (commands/effects/xray.ts › followRescans).
 */
function RescanProgress({ record }: { readonly record: AdvisoryImport }) {
  const dispatch = useDispatch()
  const retrying = usePending(['rescanImport'])
  const r = record.rescan
  if (!r) return <span className={styles.muted}>{record.ok ? 'Not asked' : 'None'}</span>
  if (isRescanUnfinished(record)) {
    const total = r.total ?? 0
    const percent = total === 0 ? 0 : Math.min(100, Math.floor((r.scanned / total) * 100))
    return (
      <span className={styles.progress}>
        <Badge tone="accent" dot>
          {r.status === 'waiting' ? 'Waiting for the scan running' : 'Rescanning'}
        </Badge>
        {r.status === 'running' && (
          <RunProgress
            label={`Rescan after ${record.source}`}
            percent={percent}
            valueText={`${r.scanned.toLocaleString('en')} of ${total.toLocaleString('en')} versions scanned`}
          />
        )}
      </span>
    )
  }
  if (r.status === 'done')
    return (
      <span className={styles.progress}>
        <Badge tone="success">Rescanned</Badge>
        <span className={styles.muted}>
          {counted(r.scanned, { one: 'version', other: 'versions' })}
          {r.finished && `, ${formatDateTime(r.finished)}`}
        </span>
      </span>
    )
  return (
    <span className={styles.progress}>
      <Badge tone="danger">Rescan failed</Badge>
      {r.error && <span className={styles.muted}>{r.error}</span>}
      <Button
        variant="secondary"
        busy={retrying}
        onClick={() => dispatch({ type: 'xray/RescanImport', id: record.id })}
      >
        Retry
      </Button>
    </span>
  )
}

/** An OSV export chosen on the admin's disk (a JSON file or an ecosystem's zip), imported whole or not at all. */
function ImportFileForm({ busy }: { readonly busy: boolean }) {
  const app = useApp()
  const dispatch = useDispatch()
  // Kept here, so the choice stays while the database loads again.
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | undefined>()
  return (
    <form
      aria-label="Import an advisory file"
      className={styles.section}
      onSubmit={(e) => {
        e.preventDefault()
        if (!file) return setProblem('Choose an OSV export: a JSON file or a zip')
        setProblem(undefined)
        // The bytes stay in the file stash: the event names them only.
        dispatch({ type: 'xray/ImportAdvisoryFile', fileRef: app.stashFile(file), name: file.name })
      }}
    >
      <FileField
        label="OSV file (JSON or zip)"
        accept=".json,.zip,application/json,application/zip"
        onFile={(chosen) => {
          setFile(chosen)
          if (chosen) setProblem(undefined)
        }}
        chosen={file ? file.name : 'No file chosen'}
        error={problem}
        disabled={busy}
      />
      <div>
        <Button type="submit" variant="secondary" busy={busy}>
          Import file
        </Button>
      </div>
    </form>
  )
}
