// Entry of the builds area's screens (a lazily loaded chunk, mounted by ui/routes.tsx):
// /builds (one row per build name, its newest run), /builds/<name> (its runs) and
// /builds/<name>/<number> (a run's modules, the artifacts it produced, its dependencies).
import { useEffect, type ReactNode } from 'react'
import { Link } from 'wouter'
import { FileDown, Hammer, Send, Upload } from 'lucide-react'
import {
  buildPath,
  buildResourceOf,
  buildSbomPath,
  durationText,
  summariesByName,
  type BuildSummary,
} from '../../domain/builds/rules'
import type {
  BuildArtifact,
  BuildDependency,
  BuildDetail,
  BuildRun,
  BuildViolation,
} from '../../domain/builds/types'
import { routeOfLocation } from '../../domain/artifacts/rules'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { buttonClass } from '../shared/kit/Button'
import { formatDateTime } from '../shared/dates'
import {
  Badge,
  Card,
  EmptyState,
  KeyValue,
  PageHeader,
  PageSkeleton,
  SeverityChip,
} from '../shared/kit/Surface'
import { StatusBadge } from '../shared/kit/StatusBadge'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table, type TableState } from '../shared/kit/Table'
import { versionPath } from '../shared/packageLinks'
import { NextSteps } from '../shared/kit/NextSteps'
import { VersionLink } from '../shared/VersionLink'
import { CodeBlock } from '../shared/kit/CodeBlock'
import kit from '../shared/kit/page.module.css'
import styles from './builds.module.css'

const API_BASE = '/ui/api/v1'

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export default function Builds() {
  const { path } = useQuery({ type: 'navigation/Location' })
  const [name, number] = path.split('/').slice(2).filter(Boolean).map(decode)
  if (name !== undefined && number !== undefined) return <BuildDetails name={name} number={number} />
  return <BuildList name={name} />
}

function useList() {
  const dispatch = useDispatch()
  const { list } = useQuery({ type: 'builds/State' })
  useEffect(() => {
    dispatch({ type: 'builds/LoadList' })
  }, [dispatch])
  const retry = () => dispatch({ type: 'builds/LoadList' })
  return { list, retry }
}

function tableState<R>(
  list: ReturnType<typeof useList>['list'],
  retry: () => void,
  rows: (runs: ReadonlyArray<BuildRun>) => ReadonlyArray<R>,
): TableState<R> {
  if (list.status === 'failed')
    return {
      status: 'error',
      message: `The builds could not be loaded: ${whatHappened(list.failure)}.`,
      onRetry: retry,
    }
  if (list.status === 'loaded') return { status: 'loaded', rows: rows(list.data) }
  if (list.status === 'loading' && list.previous) return { status: 'loaded', rows: rows(list.previous) }
  return { status: 'loading' }
}

const noBuilds = (
  <EmptyState
    icon={<Hammer size={28} />}
    title="No builds yet"
    hint="Builds appear here when a CI pipeline publishes its build information to this platform (with the JFrog CLI: jf rt build-publish)."
  />
)

/** How a build gets here, under a list of few (two rows were the page over empty space). */
function PublishSteps() {
  return (
    <NextSteps
      title="Publish a build"
      description="From your CI pipeline, with the JFrog CLI set up for this platform: each run then lists its modules, the artifacts it produced and what it depended on."
      steps={[
        {
          icon: <Upload size={18} />,
          title: 'Upload with its name and number',
          text: 'Your pipeline’s uploads carry the build’s name and the run’s number.',
          action: (
            <CodeBlock
              code={'jf rt upload "dist/*" libs-local/ --build-name=web --build-number=7'}
              label="upload command"
              wrap
            />
          ),
        },
        {
          icon: <Send size={18} />,
          title: 'Publish its build info',
          text: 'At the end of the run, what it used and produced is sent to this platform.',
          action: <CodeBlock code="jf rt build-publish web 7" label="publish command" wrap />,
        },
      ]}
    />
  )
}

function BuildList({ name }: { readonly name?: string }) {
  const { list, retry } = useList()
  if (name === undefined)
    return (
      <section aria-labelledby="page-title" className={kit.page}>
        <PageHeader
          title="Builds"
          description="The builds your CI servers published, each with its newest run."
        />
        <Table<BuildSummary>
          label="Builds"
          state={tableState(list, retry, summariesByName)}
          rowKey={(b) => b.name}
          empty={noBuilds}
          columns={[
            { id: 'name', header: 'Build', cell: (b) => <Link href={buildPath(b.name)}>{b.name}</Link> },
            {
              id: 'last',
              header: 'Last run',
              cell: (b) => <Link href={buildPath(b.name, b.last.number)}>#{b.last.number}</Link>,
            },
            { id: 'status', header: 'Status', cell: (b) => <StatusBadge status={b.last.status} /> },
            { id: 'started', header: 'Started', cell: (b) => <RelativeTime iso={b.last.started} /> },
            { id: 'runs', header: 'Runs', cell: (b) => b.runs, align: 'end' },
          ]}
        />
        {list.status === 'loaded' && summariesByName(list.data).length < 5 && <PublishSteps />}
      </section>
    )
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader title={name} breadcrumbs={[{ label: 'Builds', href: '/ui/builds' }, { label: name }]} />
      <Table<BuildRun>
        label={`Runs of ${name}`}
        state={tableState(list, retry, (runs) => runs.filter((r) => r.name === name))}
        rowKey={(r) => r.number}
        empty={<EmptyState title={`No runs of ${name}`} />}
        columns={[
          {
            id: 'number',
            header: 'Run',
            cell: (r) => <Link href={buildPath(r.name, r.number)}>#{r.number}</Link>,
          },
          { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          { id: 'started', header: 'Started', cell: (r) => <RelativeTime iso={r.started} /> },
        ]}
      />
    </section>
  )
}

/** Where a file a build names is: its package version page, its place in the artifact tree, or only its checksum. */
function Where({ file }: { readonly file: BuildArtifact | BuildDependency }) {
  const links: ReactNode[] = []
  if (file.packageId && file.version)
    links.push(
      <Link key="p" href={versionPath(file.packageId, file.version)}>
        {file.packageId.replace(/^[a-z]+:\/\//, '')} {file.version}
      </Link>,
    )
  if (file.repoKey && file.path)
    links.push(
      <Link key="a" href={routeOfLocation({ repoKey: file.repoKey, path: file.path })}>
        {file.repoKey}/{file.path}
      </Link>,
    )
  if (links.length === 0) return <span className={styles.muted}>not stored here</span>
  return <span className={styles.where}>{links}</span>
}

const sha = (file: { readonly sha256: string; readonly sha1: string }) => (
  <code className={styles.sha} title={file.sha256 || file.sha1}>
    {(file.sha256 || file.sha1).slice(0, 12)}
  </code>
)

function BuildDetails({ name, number }: { readonly name: string; readonly number: string }) {
  const dispatch = useDispatch()
  const { detail } = useQuery({ type: 'builds/State' })
  useEffect(() => {
    dispatch({ type: 'builds/OpenBuild', name, number })
  }, [dispatch, name, number])
  const crumbs = [
    { label: 'Builds', href: '/ui/builds' },
    { label: name, href: `/ui${buildPath(name)}` },
    { label: `#${number}` },
  ]
  const mine = detail.name === name && detail.number === number
  let body: ReactNode
  if (!mine || detail.status === 'idle' || detail.status === 'loading')
    body = <PageSkeleton label="Loading the build" header={false} />
  else if (detail.status === 'failed')
    body = (
      <LoadFailure
        message={`The build could not be loaded: ${whatHappened(detail.failure)}.`}
        onRetry={() => dispatch({ type: 'builds/OpenBuild', name, number })}
      />
    )
  else body = <Run build={detail.data} />
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title={`${name} #${number}`}
        breadcrumbs={crumbs}
        actions={
          mine && detail.status === 'loaded' ? (
            // A file the browser downloads itself, with the session: nothing passes through the app.
            <a
              className={buttonClass('secondary')}
              href={`${API_BASE}${buildSbomPath(name, number)}`}
              download
            >
              <FileDown size={16} aria-hidden /> Download SBOM (CycloneDX)
            </a>
          ) : undefined
        }
      />
      {body}
    </section>
  )
}

/** What the watches naming the run found in the versions it holds, as the Violations page has them. */
function Violations({
  build,
  violations,
}: {
  readonly build: BuildDetail
  readonly violations: ReadonlyArray<BuildViolation>
}) {
  const resource = buildResourceOf(build.name, build.number)
  // None is said in a line, as the Run card says what was not reported: a table's empty
  // headers over a centred empty state made the card look broken.
  if (violations.length === 0)
    return (
      <Card title="Violations">
        <p className={styles.none}>
          No violations: the watches naming this build found none in the versions it holds.
        </p>
      </Card>
    )
  return (
    <Card
      title="Violations"
      actions={
        <Link href={`/violations?resource=${encodeURIComponent(resource)}`}>Open on the Violations page</Link>
      }
    >
      <Table<BuildViolation>
        label={`Violations of ${build.name} #${build.number}`}
        state={{ status: 'loaded', rows: violations }}
        rowKey={(v) => String(v.id)}
        // Never drawn: a run with none says so above, without a table.
        empty={null}
        columns={[
          {
            id: 'severity',
            header: 'Severity',
            cell: (v) => <SeverityChip severity={v.severity} />,
            width: '8rem',
          },
          { id: 'issue', header: 'Issue', rowHeader: true, cell: (v) => v.issue },
          { id: 'component', header: 'Component', cell: (v) => v.component },
          {
            id: 'foundIn',
            header: 'Found in',
            cell: (v) =>
              v.foundIn ? (
                <>
                  <VersionLink versionId={v.foundIn.versionId} />
                  {v.foundIn.repo && ` in ${v.foundIn.repo}`}
                </>
              ) : null,
          },
          { id: 'watch', header: 'Watch', cell: (v) => v.watch },
          { id: 'policy', header: 'Policy', cell: (v) => v.policy },
          {
            id: 'fails',
            header: 'Actions',
            cell: (v) => (v.failBuild ? <Badge tone="warning">Fails build</Badge> : null),
          },
        ]}
      />
    </Card>
  )
}

function Run({ build }: { readonly build: BuildDetail }) {
  return (
    <>
      <Card title="Run">
        <KeyValue
          items={[
            { key: 'status', label: 'Status', value: <StatusBadge status={build.status} /> },
            { key: 'started', label: 'Started', value: formatDateTime(build.started) },
            {
              key: 'duration',
              label: 'Duration',
              value: build.durationMillis === null ? 'not reported' : durationText(build.durationMillis),
            },
            { key: 'agent', label: 'Agent', value: build.agent ?? 'not reported' },
            { key: 'modules', label: 'Modules', value: build.modules.length },
          ]}
        />
      </Card>
      {build.violations && <Violations build={build} violations={build.violations} />}
      {build.modules.map((m) => (
        <Card key={m.id} title={`Module ${m.id}`}>
          <h3 className={styles.subhead}>Artifacts</h3>
          <Table<BuildArtifact>
            label={`Artifacts of ${m.id}`}
            state={{ status: 'loaded', rows: m.artifacts }}
            rowKey={(a) => `${a.name}#${a.sha256 || a.sha1}`}
            empty={<EmptyState title="This module produced no artifact" />}
            columns={[
              // A file's name whole on one line: it broke at its hyphens (`react-dom-` `19.3.1.tgz`).
              { id: 'name', header: 'Name', cell: (a) => <span className={styles.fileName}>{a.name}</span> },
              { id: 'type', header: 'Type', cell: (a) => a.type, width: '6rem' },
              { id: 'where', header: 'Package / stored at', cell: (a) => <Where file={a} /> },
              { id: 'sha', header: 'Checksum', cell: sha, width: '9rem' },
            ]}
          />
          <h3 className={styles.subhead}>Dependencies</h3>
          <Table<BuildDependency>
            label={`Dependencies of ${m.id}`}
            state={{ status: 'loaded', rows: m.dependencies }}
            rowKey={(d) => d.id}
            empty={<EmptyState title="No dependencies recorded" />}
            columns={[
              { id: 'id', header: 'Dependency', cell: (d) => d.id },
              { id: 'scope', header: 'Scope', cell: (d) => d.scope, width: '8rem' },
              { id: 'where', header: 'Resolved to', cell: (d) => <Where file={d} /> },
              { id: 'sha', header: 'Checksum', cell: sha, width: '9rem' },
            ]}
          />
        </Card>
      ))}
    </>
  )
}
