// Platform settings pages: general settings, licences and peers.
import { lazy, Suspense, useState } from 'react'
import { isLeft } from 'fp-ts/Either'
import { Link } from 'wouter'
import { Activity, CalendarClock, Check, LifeBuoy, Network, ScrollText, X } from 'lucide-react'
import {
  decodeGeneralConfigImport,
  validateGeneralConfig,
  type AdminMessage,
  type GeneralConfig,
} from '../../domain/admin'
import { validateJsonFile } from '../../domain/shared/forms'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Field, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable } from './ListPage'
import { Button } from '../shared/kit/Button'
import { formActionsClass } from '../shared/kit/Field'
import { Checkbox } from '../shared/kit/Checkbox'
import { Badge, Card, KeyValue, PageHeader, Skeleton } from '../shared/kit/Surface'
import { NodeStatusBadge } from '../shared/kit/NodeStatusBadge'
import { FailureNote } from '../shared/kit/LoadFailure'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { NextSteps } from '../shared/kit/NextSteps'
import kit from '../shared/kit/page.module.css'
import { formatDate } from '../shared/dates'
import { counted } from '../../domain/shared/plural'
import {
  EXPIRING_DAYS,
  licenceSummary,
  licensedAreas,
  type LicensedArea,
  type LicenceStanding,
  type LicenceSummary,
} from '../../domain/admin'
import forms from '../shared/forms.module.css'
import styles from './admin.module.css'

// The kit's file picker in a chunk of its own (the deploy dialog's too), loaded with the form: in
// the admin chunk, its field and picker rules put it past its 30 KB gzip budget (31,606 B).
const FileField = lazy(() => import('../shared/kit/FileField').then((m) => ({ default: m.FileField })))

export function GeneralSettings() {
  const config = useResource('generalConfig')
  return (
    <section aria-label="General Settings" className={kit.page}>
      <PageHeader
        title="General Settings"
        description="What the platform is called and where it is reached, its logo, its account portal, its custom message, and read-only mode."
      />
      {config.status === 'loaded' ? (
        <div className={forms.withAside}>
          <GeneralForm initial={config.data} />
          <LogoUpload />
        </div>
      ) : config.status === 'failed' ? (
        <FailureNote>The settings could not be loaded.</FailureNote>
      ) : (
        <div className={kit.skeleton}>
          <span role="status" className={kit.srOnly}>
            Loading settings…
          </span>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
          <Skeleton height="6rem" />
        </div>
      )}
    </section>
  )
}

// Settings saved before the addresses existed have none: the form edits them as empty.
const withAddresses = (c: GeneralConfig) => ({
  ...c,
  logoUrl: c.logoUrl ?? '',
  accountPortalUrl: c.accountPortalUrl ?? '',
})

function GeneralForm({ initial }: { initial: GeneralConfig }) {
  const dispatch = useDispatch()
  const save = useSaveState('generalConfig')
  const { bind, submit, values, set, reset } = useForm(
    withAddresses(initial),
    validateGeneralConfig,
    adminText,
  )
  const readOnly = values.readOnlyMode === true
  const [chosen, setChosen] = useState<string | null>(null)
  const [importProblem, setImportProblem] = useState<AdminMessage | null>(null)
  // An import saves through the same round trip as the form, and the form then shows it; a
  // wrong file leaves what the form holds as it was.
  const importFile = async (file: File | null) => {
    if (file === null) return
    setChosen(file.name)
    const facts = validateJsonFile({ name: file.name, size: file.size })
    if (isLeft(facts)) return setImportProblem(facts.left)
    const config = decodeGeneralConfigImport(await file.text())
    if (isLeft(config)) return setImportProblem(config.left)
    setImportProblem(null)
    reset(withAddresses(config.right))
    dispatch({
      type: 'admin/Save',
      form: 'generalConfig',
      op: { kind: 'saveGeneralConfig', config: config.right },
    })
  }
  return (
    <form
      className={forms.form}
      onSubmit={submit((config) =>
        dispatch({ type: 'admin/Save', form: 'generalConfig', op: { kind: 'saveGeneralConfig', config } }),
      )}
      noValidate
      aria-label="General settings"
    >
      <SaveError save={save} />
      <Field label="Server name" required {...bind('serverName')} />
      <Field label="Base URL" {...bind('baseUrl')} />
      <Field label="Logo URL" {...bind('logoUrl')} />
      <Field label="Account portal URL" {...bind('accountPortalUrl')} />
      <Field label="Custom message" multiline {...bind('customMessage')} />
      <div className={styles.switchField}>
        <Checkbox
          label="Read-only mode"
          checked={readOnly}
          onCheckedChange={(readOnlyMode) => set({ readOnlyMode })}
        />
        <p className={styles.hint}>
          While it is on, nobody can deploy, publish or delete files, or create, change or delete
          repositories; anyone who tries is told the platform is in read-only mode.
        </p>
      </div>
      <Suspense fallback={<Skeleton height="4rem" />}>
        <FileField
          label="Configuration file"
          hint="A .json file exported from this page. Its settings apply as soon as you choose it."
          accept=".json"
          buttonLabel="Import configuration"
          resetAfterChoice
          disabled={save.status === 'pending'}
          chosen={chosen ?? undefined}
          onFile={(file) => void importFile(file)}
          error={importProblem !== null && <span role="alert">{adminText(importProblem)}</span>}
        />
      </Suspense>
      {/* Saved: the toast says so (the spec's success notification), not a second line here. */}
      <div className={formActionsClass}>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          Save
        </Button>
      </div>
    </form>
  )
}

const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
const LOGO_MAX_BYTES = 1024 * 1024

/**
 * The uploaded logo goes before the logo URL (spec 000 section 4: "custom user logo, configured
 * logo URL, default"). It is sent as soon as it is chosen, like an imported configuration.
 */
function LogoUpload() {
  const app = useApp()
  const dispatch = useDispatch()
  const save = useSaveState('generalConfig')
  const uploaded = useQuery({ type: 'platform/State' }).footer?.userLogo
  const [problem, setProblem] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const choose = (file: File | null) => {
    if (file === null) return
    setChosen(file.name)
    if (!LOGO_TYPES.has(file.type)) return setProblem('The logo must be a PNG, JPEG, GIF or WebP image.')
    if (file.size > LOGO_MAX_BYTES) return setProblem('The logo must be at most 1 MB.')
    setProblem(null)
    dispatch({
      type: 'admin/Save',
      form: 'generalConfig',
      op: { kind: 'uploadLogo', fileRef: app.stashFile(file) },
    })
  }
  return (
    <section aria-label="Logo" className={forms.form}>
      <h2 className={styles.sectionTitle}>Logo</h2>
      {uploaded ? (
        <div className={styles.logoPreview}>
          <img src={uploaded} alt="The uploaded logo" height={40} />
          <Button
            variant="secondary"
            disabled={save.status === 'pending'}
            onClick={() =>
              dispatch({ type: 'admin/Save', form: 'generalConfig', op: { kind: 'removeLogo' } })
            }
          >
            Remove logo
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>
          No logo is uploaded: the top bar and the sign-in page show the image at the logo URL, or the default
          logo with the server name.
        </p>
      )}
      <Suspense fallback={<Skeleton height="4rem" />}>
        <FileField
          label="Logo image"
          hint="PNG, JPEG, GIF or WebP, at most 1 MB; it is uploaded as soon as it is chosen."
          accept="image/png,image/jpeg,image/gif,image/webp"
          buttonLabel="Upload logo"
          resetAfterChoice
          disabled={save.status === 'pending'}
          chosen={chosen ?? undefined}
          onFile={choose}
          error={problem !== null && <span role="alert">{problem}</span>}
        />
      </Suspense>
    </section>
  )
}

const STANDING_TONE = { valid: 'success', expiring: 'warning', expired: 'danger' } as const

function standingText(standing: LicenceStanding): string {
  const days = (n: number) => counted(n, { one: 'day', other: 'days' })
  switch (standing.kind) {
    case 'valid':
      return 'Valid'
    case 'expiring':
      return standing.daysLeft === 0 ? 'Ends today' : `Ends in ${days(standing.daysLeft)}`
    case 'expired':
      return standing.daysAgo === 0 ? 'Ended today' : `Ended ${days(standing.daysAgo)} ago`
  }
}

const AREAS: Readonly<Record<LicensedArea, { readonly name: string; readonly href: string }>> = {
  repositories: { name: 'Repositories and packages', href: '/repos' },
  projects: { name: 'Projects', href: '/admin/projects/list' },
  scanning: { name: 'Security scanning', href: '/security_policies' },
  distribution: { name: 'Release bundles to distribute', href: '/distribution' },
}

/** The licence at a glance over the nodes' table: what it is, until when, which nodes, what it opens. */
function LicenceOverview({ summary }: { readonly summary: LicenceSummary }) {
  const { types, standing, unlicensed, licensedNodes } = summary
  const nodes = licensedNodes + unlicensed.length
  return (
    <div className={`${kit.cards} ${styles.licenceOverview}`}>
      <Card
        title={types.join(', ')}
        actions={<Badge tone={STANDING_TONE[standing.kind]}>{standingText(standing)}</Badge>}
      >
        <KeyValue
          items={[
            { key: 'to', label: 'Licensed to', value: summary.licensedTo.join(', ') },
            {
              key: 'through',
              label: 'Valid through',
              value: (
                <>
                  {formatDate(summary.validThrough)} (<RelativeTime iso={summary.validThrough} />)
                </>
              ),
            },
            {
              key: 'nodes',
              label: 'Nodes covered',
              value:
                unlicensed.length === 0
                  ? nodes === 1
                    ? 'Its one node'
                    : `All ${nodes} nodes`
                  : `${licensedNodes} of ${counted(nodes, { one: 'node', other: 'nodes' })}; without a licence: ${unlicensed.join(', ')}`,
            },
          ]}
        />
      </Card>
      <Card title="What it opens">
        <ul className={styles.licensedAreas} aria-label="What the licence opens">
          {licensedAreas(types[0] ?? '').map(({ area, included }) => (
            <li key={area} data-included={included}>
              {included ? (
                <Check size={16} aria-label="Included" className={styles.included} />
              ) : (
                <X size={16} aria-label="Not included" className={styles.notIncluded} />
              )}
              {included ? <Link href={AREAS[area].href}>{AREAS[area].name}</Link> : AREAS[area].name}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}

/** Where to go from the licence (a table of one row was the whole page). */
function LicenceSteps() {
  return (
    <NextSteps
      title="Keeping the platform licensed"
      steps={[
        {
          icon: <Network size={18} />,
          title: 'Add a node',
          text: 'A node that joins the cluster records its licence when it starts; Topology shows it with its services.',
          action: <Link href="/admin/mission_control/topology">Topology</Link>,
        },
        {
          icon: <CalendarClock size={18} />,
          title: 'Renew before the end',
          text: `This page marks the licence as ending ${EXPIRING_DAYS} days before its last day: renew it with your vendor before then.`,
        },
        {
          icon: <LifeBuoy size={18} />,
          title: 'Ask for help',
          text: 'A support bundle gathers the nodes’ logs and configuration for whoever helps you.',
          action: <Link href="/admin/support-zone">Support Zone</Link>,
        },
      ]}
    />
  )
}

export function Licenses() {
  const licenses = useResource('licenses')
  const peers = useResource('peers')
  const [now] = useState(() => Date.now())
  const summary =
    licenses.status === 'loaded'
      ? licenceSummary(licenses.data, peers.status === 'loaded' ? peers.data.map((p) => p.id) : [], now)
      : undefined
  return (
    <ListPage
      title="Licences"
      description="The licence each node of the platform runs under, and until when it is valid."
      loadable={licenses}
      what="licences"
      empty="No licence is installed"
      tools={summary && <LicenceOverview summary={summary} />}
      footer={licenses.status === 'loaded' && <LicenceSteps />}
    >
      {(items) => (
        <NamedTable
          label="Licences"
          items={items}
          nameHeader="Node"
          name={(l) => l.nodeId}
          columns={[
            { header: 'Type', cell: (l) => l.type },
            { header: 'Valid through', cell: (l) => <RelativeTime iso={l.validThrough} /> },
            { header: 'Licensed to', cell: (l) => l.licensedTo },
          ]}
        />
      )}
    </ListPage>
  )
}

/** Where to go from the list of nodes (one node's row was the whole page). */
function PeerSteps() {
  return (
    <NextSteps
      title="Looking after the nodes"
      steps={[
        {
          icon: <Network size={18} />,
          title: 'See each service’s health',
          text: 'Topology shows every service’s nodes with their state, uptime and microservices.',
          action: <Link href="/admin/mission_control/topology">Topology</Link>,
        },
        {
          icon: <Activity size={18} />,
          title: 'Remove a node that left',
          text: 'Service Status lists the nodes each service reports; remove one taken out of service.',
          action: <Link href="/admin/monitoring/service-status">Service Status</Link>,
        },
        {
          icon: <ScrollText size={18} />,
          title: 'Read a node’s logs',
          text: 'The log viewer shows each node’s lines by level, with search, and downloads what it shows.',
          action: <Link href="/admin/monitoring/system_logs">System Logs Viewer</Link>,
        },
      ]}
    />
  )
}

export function Peers() {
  const peers = useResource('peers')
  return (
    <ListPage
      title="Peers"
      description="The platform's nodes, when each last sent its heartbeat, and the services it runs."
      loadable={peers}
      what="peers"
      empty="No peers have reported yet"
      footer={peers.status === 'loaded' && <PeerSteps />}
    >
      {(items) => (
        <NamedTable
          label="Peers"
          items={items}
          nameHeader="Peer"
          name={(p) => p.id}
          columns={[
            { header: 'Host', cell: (p) => p.host },
            {
              header: 'Status',
              cell: (p) => <NodeStatusBadge status={p.status} />,
            },
            { header: 'Last heartbeat', cell: (p) => <RelativeTime iso={p.lastHeartbeat} /> },
            {
              header: 'Services',
              // As Topology and Service Status name them: 'Mission Control', not 'mission control'.
              cell: (p) => <span className={styles.serviceNames}>{p.services.join(', ')}</span>,
            },
          ]}
        />
      )}
    </ListPage>
  )
}
