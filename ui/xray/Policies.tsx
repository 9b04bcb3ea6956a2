// Policies: the rules watches apply (security: a least severity or CVSS score, fixed versions
// only; licence: allowed or banned licences), each with its actions (block download, fail
// build, notify). Admins create, edit and delete them; a policy a watch uses cannot go.
import { useEffect, useState } from 'react'
import { Eye, Plus, Scale, Shield, ShieldAlert, Trash2, TriangleAlert } from 'lucide-react'
import { Link } from 'wouter'
import {
  XRAY_SEVERITIES,
  emptyPolicyForm,
  emptyRule,
  policyForm,
  validatePolicyForm,
  type PolicyForm,
  type PolicyView,
  type RuleForm,
  type XraySeverity,
} from '../../domain/xray'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button, IconButton } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { RadioGroup } from '../shared/kit/Choice'
import { Select } from '../shared/kit/Select'
import { Field, TextField, formActionsClass } from '../shared/kit/Field'
import { AlertDialog, Dialog } from '../shared/kit/Overlay'
import { Badge, EmptyState, PageHeader } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import { NextSteps } from '../shared/kit/NextSteps'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, REPORTS_STEP, tableStateOf, usePending, useXrayList } from './common'
import { SEVERITY_WORDS, xrayText } from './messages'
import { bindText } from './Violations'
import styles from './xray.module.css'

/**
 * A rule in a few words: its name, what it refuses and what it does. A name that only repeats
 * what the rule says (a rule named 'low' for low severity and above) is not said again: the
 * list read "low: Low and above".
 */
export function ruleSummary(rule: PolicyView['rules'][number]): string {
  const c = rule.criteria
  const what =
    c.kind === 'security'
      ? [
          c.minSeverity ? `${SEVERITY_WORDS[c.minSeverity]} severity and above` : 'Any severity',
          c.minCvss !== undefined ? `CVSS ≥ ${c.minCvss}` : undefined,
          c.fixAvailable ? 'with a fix' : undefined,
        ]
      : [
          c.allowed ? `only ${c.allowed.join(', ')}` : undefined,
          c.banned ? `not ${c.banned.join(', ')}` : undefined,
          c.unknownViolates ? 'no licence refused' : undefined,
        ]
  const does = [
    rule.actions.blockDownload ? 'blocks download' : undefined,
    rule.actions.failBuild ? 'fails build' : undefined,
    rule.actions.notify ? 'notifies' : undefined,
  ].filter(Boolean)
  const said = what.filter(Boolean).join(', ')
  const name = rule.name.trim().toLowerCase()
  const repeats =
    name === said.toLowerCase() ||
    (c.kind === 'security' &&
      c.minSeverity !== undefined &&
      [c.minSeverity, SEVERITY_WORDS[c.minSeverity].toLowerCase()].includes(name))
  return `${repeats ? '' : `${rule.name}: `}${said}${does.length > 0 ? ` → ${does.join(', ')}` : ''}`
}

/** Where a policy goes to work (a table of a policy or two was the whole page). */
function PolicySteps() {
  return (
    <NextSteps
      title="How a policy is applied"
      steps={[
        {
          icon: <Eye size={18} />,
          title: 'A watch applies it',
          text: 'A watch names the repositories or builds it covers and the policies it applies to them.',
          action: <Link href="/watches">Watches</Link>,
        },
        {
          icon: <TriangleAlert size={18} />,
          title: 'What breaks it is a violation',
          text: 'Each finding against a policy shows with the artifact it is in and what the policy does about it.',
          action: <Link href="/violations">Violations</Link>,
        },
        REPORTS_STEP,
      ]}
    />
  )
}

type Editing = { readonly create: true } | { readonly create: false; readonly policy: PolicyView }

export function PoliciesPage() {
  const admin = useQuery({ type: 'session/IsAdmin' })
  const dispatch = useDispatch()
  const { slot, retry } = useXrayList('policies', { what: 'policies' })
  const [editing, setEditing] = useState<Editing | undefined>()
  const [deleting, setDeleting] = useState<string | undefined>()
  const deletingBusy = usePending(['deletePolicy'])
  const newButton = admin && (
    <Button
      variant="primary"
      icon={<Plus size={16} aria-hidden />}
      onClick={() => setEditing({ create: true })}
    >
      New policy
    </Button>
  )
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Policies"
        description="Rules a watch applies to what it covers: which vulnerabilities or licences violate, and what happens then."
        actions={newButton}
      />
      {!editing && <ChangeNote kinds={['savePolicy', 'deletePolicy']} />}
      <Table<PolicyView>
        label="Policies"
        state={tableStateOf(slot, retry, 'The policies', (p) => p)}
        rowKey={(p) => p.name}
        empty={
          <EmptyState
            icon={<ShieldAlert size={28} />}
            title="No policies yet"
            hint="A policy says which vulnerabilities or licences violate and whether to block downloads or fail builds."
            action={newButton || undefined}
          />
        }
        columns={[
          { id: 'name', header: 'Name', rowHeader: true, cell: (p) => p.name },
          {
            id: 'type',
            header: 'Type',
            // A kind, not a state: one neutral tone, told apart by its word and mark. In the
            // danger tone "Security" read as an error beside the severities' colours.
            cell: (p) => (
              <Badge>
                {p.type === 'security' ? <Shield size={12} aria-hidden /> : <Scale size={12} aria-hidden />}
                {p.type === 'security' ? 'Security' : 'Licence'}
              </Badge>
            ),
          },
          {
            id: 'rules',
            header: 'Rules',
            // A list of one read as a bulleted fragment: a single rule is said as a sentence.
            cell: (p) =>
              p.rules.length === 1 ? (
                ruleSummary(p.rules[0]!)
              ) : (
                <ul className={styles.rules}>
                  {p.rules.map((r) => (
                    <li key={r.name}>{ruleSummary(r)}</li>
                  ))}
                </ul>
              ),
          },
          {
            id: 'watches',
            header: 'Watches',
            // A name is never broken at its hyphen ('npm-' over 'watch' at 1024 px); between names.
            cell: (p) =>
              p.watches.length > 0 ? (
                p.watches.map((w, i) => (
                  <span key={w}>
                    {i > 0 && ', '}
                    <span className={styles.nowrap}>{w}</span>
                  </span>
                ))
              ) : (
                <span className={styles.muted}>None</span>
              ),
          },
        ]}
        rowActions={
          admin
            ? (p) => (
                <span className={styles.actions}>
                  <Button size="sm" onClick={() => setEditing({ create: false, policy: p })}>
                    Edit <span className={kit.srOnly}>{p.name}</span>
                  </Button>
                  <IconButton
                    size="sm"
                    variant="subtle"
                    label={`Delete ${p.name}`}
                    icon={<Trash2 size={16} aria-hidden />}
                    onClick={() => setDeleting(p.name)}
                  />
                </span>
              )
            : undefined
        }
      />
      <PolicySteps />
      {editing && <PolicyEditor editing={editing} onClose={() => setEditing(undefined)} />}
      <AlertDialog
        open={deleting !== undefined}
        onOpenChange={(o) => !o && setDeleting(undefined)}
        title={`Delete policy ${deleting ?? ''}?`}
        description="Watches no longer apply it. A policy a watch uses cannot be deleted: unassign it first."
        confirmLabel="Delete"
        busy={deletingBusy}
        onConfirm={() => {
          if (deleting) dispatch({ type: 'xray/DeletePolicy', name: deleting })
          setDeleting(undefined)
        }}
      />
    </section>
  )
}

/** Closes once the change it sent is done (a refusal keeps it open, with what was typed). */
export function useCloseWhenDone(kind: 'savePolicy' | 'saveWatch', onClose: () => void) {
  const { change } = useQuery({ type: 'xray/State' })
  // The change the form found when it opened is not its own.
  const [before] = useState(() => ('requestId' in change ? change.requestId : undefined))
  const done = change.status === 'done' && change.kind === kind && change.requestId !== before
  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])
}

function PolicyEditor({ editing, onClose }: { readonly editing: Editing; readonly onClose: () => void }) {
  const dispatch = useDispatch()
  const pending = usePending(['savePolicy'])
  useCloseWhenDone('savePolicy', onClose)
  const form = useValidatedForm(
    (): PolicyForm => (editing.create ? emptyPolicyForm : policyForm(editing.policy)),
    validatePolicyForm,
    xrayText,
  )
  const { values } = form
  const setRule = (i: number, patch: Partial<RuleForm>) =>
    form.set({ rules: values.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={editing.create ? 'New policy' : `Edit policy ${editing.policy.name}`}
      size="lg"
      closeOnOutsideClick={false}
    >
      <form
        aria-label="Policy"
        className={styles.section}
        onSubmit={form.submit((policy) =>
          dispatch({ type: 'xray/SavePolicy', policy, create: editing.create }),
        )}
      >
        <TextField
          label="Name"
          required
          disabled={!editing.create}
          hint={
            editing.create ? 'Letters, digits, dashes, underscores and periods.' : 'A policy keeps its name.'
          }
          {...bindText(form.bind('name'))}
        />
        <TextField label="Description" {...bindText(form.bind('description'))} />
        <RadioGroup<'security' | 'license'>
          label="Type"
          orientation="horizontal"
          value={values.type}
          options={[
            { value: 'security', label: 'Security (vulnerabilities)' },
            { value: 'license', label: 'Licence' },
          ]}
          onValueChange={(type) => form.set({ type })}
        />
        <h3>Rules</h3>
        {form.errorOf('rules') && <p role="alert">{form.errorOf('rules')}</p>}
        {values.rules.map((r, i) => (
          <fieldset key={i} className={styles.rule} aria-label={`Rule ${i + 1}`}>
            <div className={styles.ruleHead}>
              <TextField
                label="Rule name"
                required
                value={r.name}
                error={form.errorOf(`rules.${i}.name`)}
                onChange={(e) => setRule(i, { name: e.target.value })}
              />
              <IconButton
                variant="subtle"
                label={`Remove rule ${i + 1}`}
                icon={<Trash2 size={16} aria-hidden />}
                onClick={() => form.set({ rules: values.rules.filter((_, j) => j !== i) })}
              />
            </div>
            {values.type === 'security' ? (
              <div className={styles.row}>
                <Field label="Least severity">
                  <Select<XraySeverity | 'any'>
                    value={r.minSeverity === '' ? 'any' : r.minSeverity}
                    options={[
                      { value: 'any', label: 'Any severity' },
                      ...XRAY_SEVERITIES.map((s) => ({ value: s, label: `${SEVERITY_WORDS[s]} and above` })),
                    ]}
                    onValueChange={(v) => setRule(i, { minSeverity: v === 'any' ? '' : v })}
                  />
                </Field>
                <TextField
                  label="Least CVSS score"
                  inputMode="decimal"
                  hint="0 to 10; empty for none."
                  value={r.minCvss}
                  error={form.errorOf(`rules.${i}.minCvss`)}
                  onChange={(e) => setRule(i, { minCvss: e.target.value })}
                />
                <Checkbox
                  label="Only when a fixed version exists"
                  checked={r.fixAvailable}
                  onCheckedChange={(c) => setRule(i, { fixAvailable: c })}
                />
              </div>
            ) : (
              <div className={styles.section}>
                <TextField
                  label="Allowed licences"
                  hint="Separated by commas; any other licence violates."
                  value={r.allowed}
                  onChange={(e) => setRule(i, { allowed: e.target.value })}
                />
                <TextField
                  label="Banned licences"
                  hint="Separated by commas."
                  value={r.banned}
                  error={form.errorOf(`rules.${i}.licences`)}
                  onChange={(e) => setRule(i, { banned: e.target.value })}
                />
                <Checkbox
                  label="A version that declares no licence violates"
                  checked={r.unknownViolates}
                  onCheckedChange={(c) => setRule(i, { unknownViolates: c })}
                />
              </div>
            )}
            <div className={styles.row} role="group" aria-label={`Actions of rule ${i + 1}`}>
              <Checkbox
                label="Block download"
                checked={r.blockDownload}
                onCheckedChange={(c) => setRule(i, { blockDownload: c })}
              />
              <Checkbox
                label="Fail build"
                checked={r.failBuild}
                onCheckedChange={(c) => setRule(i, { failBuild: c })}
              />
              <Checkbox
                label="Notify"
                checked={r.notify}
                onCheckedChange={(c) => setRule(i, { notify: c })}
              />
            </div>
          </fieldset>
        ))}
        <div>
          <Button
            icon={<Plus size={16} aria-hidden />}
            onClick={() => form.set({ rules: [...values.rules, emptyRule(values.rules.length + 1)] })}
          >
            Add rule
          </Button>
        </div>
        <ChangeNote kinds={['savePolicy']} />
        {/* The kit's order, as every other form: Cancel, then the primary action last, at the right. */}
        <div className={formActionsClass}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={pending}>
            {editing.create ? 'Create policy' : 'Save policy'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
