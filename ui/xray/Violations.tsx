// Violations: what the watches' policies found in the versions they cover, filtered by severity,
// type, watch, policy and resource, a page at a time; a violation's details, and (admins) an
// ignore rule made from it.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { ShieldCheck } from 'lucide-react'
import {
  XRAY_SEVERITIES,
  emptyIgnoreForm,
  firstViolationsPage,
  pageOf,
  validateIgnoreForm,
  type IgnoreForm,
  type ViolationQuery,
  type ViolationView,
  type XraySeverity,
} from '../../domain/xray'
import { shownData } from '../../domain/shared/loadable'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { Select } from '../shared/kit/Select'
import { Field, TextField, Textarea } from '../shared/kit/Field'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Dialog } from '../shared/kit/Overlay'
import { Badge, EmptyState, PageHeader, SeverityChip } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import { VersionLink, buildOf } from '../shared/VersionLink'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, tableStateOf, usePending, useXrayList } from './common'
import { SEVERITY_WORDS, xrayText } from './messages'
import styles from './xray.module.css'

const ANY = 'any'
type Choice<V extends string> = V | typeof ANY

export function ViolationsPage() {
  const current = useQuery({ type: 'xray/State' }).violations.ask?.query
  const location = useQuery({ type: 'navigation/Location' })
  // A watch's or a git repository's link names it in the address (/violations?watch=…,
  // ?resource=…); otherwise the filters last used.
  const [query, setQuery] = useState<ViolationQuery>(() => {
    const address = new URLSearchParams(location.query)
    const watch = address.get('watch')
    const resource = address.get('resource')
    return watch || resource
      ? { ...firstViolationsPage, ...(watch ? { watch } : {}), ...(resource ? { resource } : {}) }
      : (current ?? firstViolationsPage)
  })
  const { slot, retry } = useXrayList('violations', { what: 'violations', query })
  const watchList = useXrayList('watches', { what: 'watches' })
  const policyList = useXrayList('policies', { what: 'policies' })
  const watches = watchList.slot
  const policies = policyList.slot
  // The filters offer only what the platform answered: a list that failed says so, never empty.
  const filtersFailed = watches.status === 'failed' || policies.status === 'failed'
  const [resource, setResource] = useState(query.resource ?? '')
  const [open, setOpen] = useState<ViolationView | undefined>()
  const page = shownData(slot)
  const filter = (patch: Partial<ViolationQuery>) => {
    const next: Record<string, unknown> = { ...query, ...patch, offset: 0 }
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k]
    setQuery(next as ViolationQuery)
  }
  const names = (list: ReadonlyArray<{ readonly name: string }> | undefined) =>
    (list ?? []).map((x) => ({ value: x.name, label: x.name }))
  const { page: at, pages } = pageOf(query.offset, query.limit, page?.total ?? 0)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Violations"
        description="What your watches' policies found in the versions they cover. Open one to see why, or to make an exception."
      />
      {!open && <ChangeNote kinds={['ignore']} />}
      <div className={styles.filters} role="group" aria-label="Filters">
        <Field label="Severity">
          <Select<Choice<XraySeverity>>
            value={query.severity ?? ANY}
            options={[
              { value: ANY, label: 'Any severity' },
              ...XRAY_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_WORDS[s] })),
            ]}
            onValueChange={(v) => filter({ severity: v === ANY ? undefined : v })}
          />
        </Field>
        <Field label="Type">
          <Select<Choice<'security' | 'license'>>
            value={query.type ?? ANY}
            options={[
              { value: ANY, label: 'Any type' },
              { value: 'security', label: 'Security' },
              { value: 'license', label: 'Licence' },
            ]}
            onValueChange={(v) => filter({ type: v === ANY ? undefined : v })}
          />
        </Field>
        <Field label="Watch">
          <Select<string>
            value={query.watch ?? ANY}
            options={[{ value: ANY, label: 'Any watch' }, ...names(shownData(watches))]}
            onValueChange={(v) => filter({ watch: v === ANY ? undefined : v })}
          />
        </Field>
        <Field label="Resource type">
          <Select<Choice<'version' | 'git' | 'build'>>
            value={query.resourceType ?? ANY}
            options={[
              { value: ANY, label: 'Any resource' },
              { value: 'version', label: 'Versions' },
              { value: 'git', label: 'Git repositories' },
              { value: 'build', label: 'Builds' },
            ]}
            onValueChange={(v) => filter({ resourceType: v === ANY ? undefined : v })}
          />
        </Field>
        <Field label="Policy">
          <Select<string>
            value={query.policy ?? ANY}
            options={[{ value: ANY, label: 'Any policy' }, ...names(shownData(policies))]}
            onValueChange={(v) => filter({ policy: v === ANY ? undefined : v })}
          />
        </Field>
        <form
          className={styles.row}
          onSubmit={(e) => {
            e.preventDefault()
            filter({ resource: resource.trim() === '' ? undefined : resource.trim() })
          }}
        >
          <TextField
            label="Resource"
            placeholder="Package or npm://name@version"
            value={resource}
            onChange={(e) => setResource(e.target.value)}
          />
          <Button type="submit">Filter</Button>
        </form>
      </div>
      {filtersFailed && (
        <LoadFailure
          message="The watches and policies to filter by could not be loaded."
          onRetry={() => {
            if (watches.status === 'failed') watchList.retry()
            if (policies.status === 'failed') policyList.retry()
          }}
        />
      )}
      <Table<ViolationView>
        label="Violations"
        state={tableStateOf(slot, retry, 'The violations', (p) => p.rows)}
        rowKey={(v) => String(v.id)}
        empty={
          <EmptyState
            icon={<ShieldCheck size={28} />}
            title="No violations"
            hint={
              query.severity ||
              query.type ||
              query.watch ||
              query.policy ||
              query.resource ||
              query.resourceType
                ? 'None matches these filters.'
                : 'A watch with policies finds them in the versions it covers: create one under Watches.'
            }
            action={<Link href="/watches">Watches</Link>}
          />
        }
        columns={[
          {
            id: 'severity',
            header: 'Severity',
            cell: (v) => <SeverityChip severity={v.severity} />,
            width: '8rem',
          },
          {
            id: 'issue',
            header: 'Issue',
            rowHeader: true,
            cell: (v) => (
              <Button variant="subtle" size="sm" onClick={() => setOpen(v)}>
                {v.issue}
              </Button>
            ),
          },
          { id: 'component', header: 'Component', cell: (v) => v.component },
          {
            id: 'version',
            header: 'Version or repository',
            cell: (v) => <VersionLink versionId={v.versionId} />,
          },
          { id: 'watch', header: 'Watch', cell: (v) => v.watch },
          { id: 'policy', header: 'Policy', cell: (v) => v.policy },
          { id: 'actions', header: 'Actions', cell: (v) => <ActionBadges violation={v} /> },
          { id: 'created', header: 'Found', cell: (v) => <RelativeTime iso={v.created} /> },
        ]}
      />
      {page && page.total > query.limit && (
        <nav className={styles.pager} aria-label="Pages of violations">
          <span>
            Page {at} of {pages} ({page.total.toLocaleString('en')} violations)
          </span>
          <Button
            size="sm"
            disabled={query.offset === 0}
            onClick={() => setQuery({ ...query, offset: Math.max(0, query.offset - query.limit) })}
          >
            Previous
          </Button>
          <Button
            size="sm"
            disabled={at >= pages}
            onClick={() => setQuery({ ...query, offset: query.offset + query.limit })}
          >
            Next
          </Button>
        </nav>
      )}
      {open && <ViolationDialog violation={open} onClose={() => setOpen(undefined)} />}
    </section>
  )
}

/** A git repository's violations name it (`git://integration/owner/name`) where a version's would. */
const isGitResource = (id: string) => id.startsWith('git://')
const resourceWord = (id: string) =>
  isGitResource(id) ? 'This repository' : buildOf(id) ? 'This build' : 'This version'

function ActionBadges({ violation: v }: { readonly violation: ViolationView }) {
  return (
    <span className={styles.chips}>
      {v.blockDownload && <Badge tone="danger">Blocks download</Badge>}
      {v.failBuild && <Badge tone="warning">Fails build</Badge>}
      {v.notify && <Badge>Notifies</Badge>}
    </span>
  )
}

function ViolationDialog({
  violation: v,
  onClose,
}: {
  readonly violation: ViolationView
  readonly onClose: () => void
}) {
  const admin = useQuery({ type: 'session/IsAdmin' })
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`${v.issue} in ${v.component}`} size="lg">
      <dl className={styles.details}>
        <dt>Severity</dt>
        <dd>
          <SeverityChip severity={v.severity} />
        </dd>
        <dt>Type</dt>
        <dd>{v.type === 'security' ? 'Security' : 'Licence'}</dd>
        <dt>{isGitResource(v.versionId) ? 'Git repository' : buildOf(v.versionId) ? 'Build' : 'Version'}</dt>
        <dd>
          <VersionLink versionId={v.versionId} />
          {v.repo && ` in ${v.repo}`}
        </dd>
        {v.foundIn && (
          <>
            <dt>Found in</dt>
            <dd>
              <VersionLink versionId={v.foundIn.versionId} />
              {v.foundIn.repo && ` in ${v.foundIn.repo}`}
            </dd>
          </>
        )}
        <dt>Component</dt>
        <dd>{v.component}</dd>
        <dt>Watch</dt>
        <dd>{v.watch}</dd>
        <dt>Policy and rule</dt>
        <dd>
          {v.policy} / {v.rule}
        </dd>
        <dt>What the rule does</dt>
        <dd>
          <ActionBadges violation={v} />
        </dd>
        {v.type === 'security' && (
          <>
            <dt>Advisory</dt>
            <dd>
              <a href={advisoryUrl(v.issue)} target="_blank" rel="noopener noreferrer">
                {v.issue}
              </a>
            </dd>
          </>
        )}
      </dl>
      {admin ? (
        <IgnoreRuleForm violation={v} onDone={onClose} />
      ) : (
        <p className={styles.muted}>
          An administrator can make an exception for this violation (an ignore rule).
        </p>
      )}
    </Dialog>
  )
}

/** Where an advisory is published: GitHub's database for its ids, OSV.dev for the others. */
export const advisoryUrl = (id: string): string =>
  /^GHSA-[\w-]+$/.test(id)
    ? `https://github.com/advisories/${id}`
    : `https://osv.dev/vulnerability/${encodeURIComponent(id)}`

function IgnoreRuleForm({
  violation: v,
  onDone,
}: {
  readonly violation: ViolationView
  readonly onDone: () => void
}) {
  const dispatch = useDispatch()
  const pending = usePending(['ignore'])
  const { change } = useQuery({ type: 'xray/State' })
  // The change the form found when it opened is not its own.
  const [before] = useState(() => ('requestId' in change ? change.requestId : undefined))
  const form = useValidatedForm(
    emptyIgnoreForm,
    (values: IgnoreForm) => validateIgnoreForm(values, v, new Date().toISOString()),
    xrayText,
  )
  const done = change.status === 'done' && change.kind === 'ignore' && change.requestId !== before
  // Once the rule is in, the dialog closes: the list behind it is asked again without the violation.
  useEffect(() => {
    if (done) onDone()
  }, [done, onDone])
  const box = (key: 'issue' | 'component' | 'version' | 'watch' | 'policy', label: string) => (
    <Checkbox label={label} checked={form.values[key]} onCheckedChange={(c) => form.set({ [key]: c })} />
  )
  return (
    <form
      aria-label="Ignore rule"
      className={styles.section}
      onSubmit={form.submit((rule) => dispatch({ type: 'xray/IgnoreViolation', rule }))}
    >
      <h3>Make an exception</h3>
      <fieldset
        className={styles.checks}
        aria-describedby={form.errorOf('scope') ? 'scope-error' : undefined}
      >
        <legend>It applies to</legend>
        {box('issue', `This issue (${v.issue})`)}
        {box('component', `This component (${v.component})`)}
        {box('version', `${resourceWord(v.versionId)} (${v.versionId.replace(/^[a-z]+:\/\//, '')})`)}
        {box('watch', `This watch (${v.watch})`)}
        {box('policy', `This policy (${v.policy})`)}
        {form.errorOf('scope') && (
          <p id="scope-error" role="alert" className={styles.muted}>
            {form.errorOf('scope')}
          </p>
        )}
      </fieldset>
      <Textarea label="Reason" required {...bindText(form.bind('reason'))} />
      <TextField
        label="Expires on"
        hint="YYYY-MM-DD; leave empty for no expiry."
        {...bindText(form.bind('expires'))}
      />
      <ChangeNote kinds={['ignore']} />
      <div className={styles.row}>
        <Button type="submit" variant="primary" busy={pending}>
          Add ignore rule
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  )
}

/** A form binding as a text control's props. */
export function bindText(b: {
  readonly value: string
  readonly onChange: (v: string) => void
  readonly onBlur: () => void
  readonly error: string | undefined
}) {
  return {
    value: b.value,
    onChange: (e: { target: { value: string } }) => b.onChange(e.target.value),
    onBlur: b.onBlur,
    error: b.error,
  }
}
