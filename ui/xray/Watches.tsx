// Watches: named sets of resources (every repository, chosen repositories and scanned git
// repositories, or builds) with the policies applied to them; their violations are computed again on every change. Admins create,
// edit and delete them.
import { Fragment, useState } from 'react'
import { Eye, Plus, ShieldCheck, Trash2, TriangleAlert } from 'lucide-react'
import { Link } from 'wouter'
import {
  emptyWatchForm,
  gitResourceOf,
  validateWatchForm,
  watchForm,
  type ResourceKind,
  type WatchForm,
  type WatchView,
} from '../../domain/xray'
import { useDispatch, useQuery } from '../shared/appContext'
import { useValidatedForm } from '../shared/forms'
import { Button, IconButton } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { TextField, formActionsClass } from '../shared/kit/Field'
import { AlertDialog, Dialog } from '../shared/kit/Overlay'
import { EmptyState, PageHeader } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import { NextSteps } from '../shared/kit/NextSteps'
import kit from '../shared/kit/page.module.css'
import { ChangeNote, REPORTS_STEP, Checklist, tableStateOf, usePending, useXrayList } from './common'
import { xrayText } from './messages'
import { useCloseWhenDone } from './Policies'
import { bindText } from './Violations'
import styles from './xray.module.css'

export function resourcesText(w: WatchView): string {
  switch (w.resources.kind) {
    case 'all':
      return 'All repositories'
    case 'repositories':
      return w.resources.repositories.join(', ')
    case 'builds':
      return `Builds: ${w.resources.builds.join(', ')}`
  }
}

type Editing = { readonly create: true } | { readonly create: false; readonly watch: WatchView }

/** What a watch works with (a table of a watch or two was the whole page). */
function WatchSteps() {
  return (
    <NextSteps
      title="What a watch works with"
      steps={[
        {
          icon: <ShieldCheck size={18} />,
          title: 'Policies say what violates',
          text: 'A watch applies its policies to the repositories or builds it names.',
          action: <Link href="/policies">Policies</Link>,
        },
        {
          icon: <TriangleAlert size={18} />,
          title: 'Violations are what it found',
          text: 'Each finding shows with the artifact it is in; a watch’s count above opens its own.',
          action: <Link href="/violations">Violations</Link>,
        },
        REPORTS_STEP,
      ]}
    />
  )
}

export function WatchesPage() {
  const admin = useQuery({ type: 'session/IsAdmin' })
  const dispatch = useDispatch()
  const { slot, retry } = useXrayList('watches', { what: 'watches' })
  const [editing, setEditing] = useState<Editing | undefined>()
  const [deleting, setDeleting] = useState<string | undefined>()
  const deletingBusy = usePending(['deleteWatch'])
  const newButton = admin && (
    <Button
      variant="primary"
      icon={<Plus size={16} aria-hidden />}
      onClick={() => setEditing({ create: true })}
    >
      New watch
    </Button>
  )
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Watches"
        description="What is watched (repositories or builds) and the policies applied to it."
        actions={newButton}
      />
      {!editing && <ChangeNote kinds={['saveWatch', 'deleteWatch']} />}
      <Table<WatchView>
        label="Watches"
        state={tableStateOf(slot, retry, 'The watches', (w) => w)}
        rowKey={(w) => w.name}
        empty={
          <EmptyState
            icon={<Eye size={28} />}
            title="No watches yet"
            hint="A watch applies policies to repositories or builds; its violations show under Violations."
            action={newButton || undefined}
          />
        }
        columns={[
          { id: 'name', header: 'Name', rowHeader: true, cell: (w) => w.name },
          { id: 'description', header: 'Description', cell: (w) => w.description },
          { id: 'resources', header: 'Resources', cell: resourcesText },
          {
            id: 'policies',
            header: 'Policies',
            // Each policy's name whole (`git-any-` `vulnerability` broke at its hyphen), the
            // list broken between names.
            cell: (w) =>
              w.policies.length > 0 ? (
                w.policies.map((p, i) => (
                  <Fragment key={p}>
                    {i > 0 && ', '}
                    <span className={styles.nowrap}>{p}</span>
                  </Fragment>
                ))
              ) : (
                <span className={styles.muted}>None</span>
              ),
          },
          {
            id: 'violations',
            header: 'Violations',
            cell: (w) =>
              w.violations === 0 ? (
                'None'
              ) : (
                <Link
                  href={`/violations?watch=${encodeURIComponent(w.name)}`}
                  aria-label={
                    w.violations === undefined
                      ? `Violations of ${w.name}`
                      : `${w.violations.toLocaleString('en')} violations of ${w.name}`
                  }
                >
                  {w.violations === undefined ? 'Violations' : w.violations.toLocaleString('en')}
                </Link>
              ),
          },
        ]}
        rowActions={
          admin
            ? (w) => (
                <span className={styles.actions}>
                  <Button size="sm" onClick={() => setEditing({ create: false, watch: w })}>
                    Edit <span className={kit.srOnly}>{w.name}</span>
                  </Button>
                  <IconButton
                    size="sm"
                    variant="subtle"
                    label={`Delete ${w.name}`}
                    icon={<Trash2 size={16} aria-hidden />}
                    onClick={() => setDeleting(w.name)}
                  />
                </span>
              )
            : undefined
        }
      />
      <WatchSteps />
      {editing && <WatchEditor editing={editing} onClose={() => setEditing(undefined)} />}
      <AlertDialog
        open={deleting !== undefined}
        onOpenChange={(o) => !o && setDeleting(undefined)}
        title={`Delete watch ${deleting ?? ''}?`}
        description="Its violations go with it, and nothing it blocked stays blocked by it."
        confirmLabel="Delete"
        busy={deletingBusy}
        onConfirm={() => {
          if (deleting) dispatch({ type: 'xray/DeleteWatch', name: deleting })
          setDeleting(undefined)
        }}
      />
    </section>
  )
}

function WatchEditor({ editing, onClose }: { readonly editing: Editing; readonly onClose: () => void }) {
  const dispatch = useDispatch()
  const pending = usePending(['saveWatch'])
  useCloseWhenDone('saveWatch', onClose)
  const repositories = useXrayList('indexed', { what: 'indexed' })
  const gitRepositories = useXrayList('gitRepositories', { what: 'gitRepositories' })
  const policies = useXrayList('policies', { what: 'policies' })
  const form = useValidatedForm(
    (): WatchForm => (editing.create ? emptyWatchForm : watchForm(editing.watch)),
    validateWatchForm,
    xrayText,
  )
  const { values } = form
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={editing.create ? 'New watch' : `Edit watch ${editing.watch.name}`}
      size="lg"
      closeOnOutsideClick={false}
    >
      <form
        aria-label="Watch"
        className={styles.section}
        onSubmit={form.submit((watch) => dispatch({ type: 'xray/SaveWatch', watch, create: editing.create }))}
      >
        <TextField
          label="Name"
          required
          disabled={!editing.create}
          hint={
            editing.create ? 'Letters, digits, dashes, underscores and periods.' : 'A watch keeps its name.'
          }
          {...bindText(form.bind('name'))}
        />
        <TextField label="Description" {...bindText(form.bind('description'))} />
        <RadioGroup<ResourceKind>
          label="Resources"
          orientation="horizontal"
          value={values.resourceKind}
          options={[
            { value: 'repositories', label: 'Chosen repositories' },
            { value: 'all', label: 'All repositories' },
            { value: 'builds', label: 'Builds' },
          ]}
          onValueChange={(resourceKind) => form.set({ resourceKind })}
        />
        {values.resourceKind === 'repositories' && (
          <Checklist
            legend="Repositories"
            list={repositories}
            what="The repositories"
            itemsOf={(d) => d.available}
            chosen={values.repositories}
            onChange={(chosen) => form.set({ repositories: chosen })}
            empty="No repositories yet."
            error={form.errorOf('repositories')}
          />
        )}
        {values.resourceKind === 'repositories' && (
          <Checklist
            legend="Git repositories"
            list={gitRepositories}
            what="The git repositories"
            itemsOf={(d) => d.map((r) => gitResourceOf(r.integration_name, r.repository))}
            chosen={values.repositories}
            onChange={(chosen) => form.set({ repositories: chosen })}
            empty="None is scanned yet: connect a git integration to the scanner (Integrations → a git integration → Xray)."
          />
        )}
        {values.resourceKind === 'builds' && (
          <TextField
            label="Build names"
            hint="Separated by commas."
            required
            {...bindText(form.bind('builds'))}
          />
        )}
        <Checklist
          legend="Policies"
          list={policies}
          what="The policies"
          itemsOf={(ps) => ps.map((p) => p.name)}
          chosen={values.policies}
          onChange={(chosen) => form.set({ policies: chosen })}
          empty={
            <>
              No policies yet: create one under <Link href="/policies">Policies</Link> first.
            </>
          }
        />
        <ChangeNote kinds={['saveWatch']} />
        {/* The kit's order, as every other form: Cancel, then the primary action last, at the right. */}
        <div className={formActionsClass}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={pending}>
            {editing.create ? 'Create watch' : 'Save watch'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
