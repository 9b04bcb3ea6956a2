// Entry of the repositories area's screens (a lazily loaded chunk, mounted by ui/routes.tsx):
// the list with its filters, the create/edit form of each kind, Quick Repository Creation.
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import { Database, Terminal } from 'lucide-react'
import {
  emptyRemoteForm,
  emptyRepositoryForm,
  quickRepositoryKeys,
  remoteFormOf,
  REPOSITORY_KINDS,
  REPOSITORY_PACKAGE_TYPES,
  type RemoteForm,
  type RepositoryForm,
  type RepositoryKind,
  type RepositorySummary,
} from '../../domain/repositories'
import { failureMessage } from '../../domain/shared/failure'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { isReadOnlyMode } from '../../domain/platform'
import { messageText } from '../shared/messages'
import { repositoryProblemText } from './messages'
import { Field } from '../shared/kit/TextField'
import { Checkbox } from '../shared/kit/Checkbox'
import { DeleteButton } from '../shared/DeleteButton'
import { SaveError } from '../shared/SaveError'
import { TypeIcon } from '../shared/typeMarks/TypeIcon'
import { typeName } from '../shared/typeMarks/typeName'
import { formatBytes } from '../shared/sizes'
import { Select } from '../shared/kit/Select'
import { formActionsClass } from '../shared/kit/Field'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { Clamped, EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import { Button, IconButton, buttonClass } from '../shared/kit/Button'
import forms from '../shared/forms.module.css'
import { Table } from '../shared/kit/Table'
import { shownData } from '../../domain/shared/loadable'
import kit from '../shared/kit/page.module.css'
import styles from './repositories.module.css'
import { REPOSITORY_KIND_LABEL } from '../../domain/repositories/words'
import {
  ConnectionTest,
  RemoteFields,
  RemoteHealthCell,
  RemoteSettingsGate,
  typedRemote,
  type TypedRemote,
} from './RemoteUpstream'
import { FormSection } from './FormSection'
import { PackageTypeTiles } from './PackageTypeTiles'

// Actions in sentence case, as every list's create action; the menus keep the specification's names.
const CREATE_LINKS = [
  ['/admin/repositories/local/new', 'New local repository'],
  ['/admin/repositories/remote/new', 'New remote repository'],
  ['/admin/repositories/virtual/new', 'New virtual repository'],
  ['/admin/repositories/quick', 'Quick repository creation'],
] as const

/** The list, loaded when a page of the area opens. */
function useRepositories() {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'repositories/State' })
  useEffect(() => {
    dispatch({ type: 'repositories/LoadList' })
  }, [dispatch])
  return state
}

function ListStates({ children }: { children: (items: ReadonlyArray<RepositorySummary>) => ReactNode }) {
  const { list } = useQuery({ type: 'repositories/State' })
  if (list.status === 'loading' && list.previous) return <>{children(list.previous)}</>
  if (list.status === 'idle' || list.status === 'loading')
    return (
      <div role="status" aria-label="Loading repositories" className={kit.skeleton}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="2rem" />
        ))}
      </div>
    )
  if (list.status === 'failed') return <ListFailure failure={list.failure} />
  return <>{children(list.data)}</>
}

function ListFailure({ failure }: { failure: Parameters<typeof failureMessage>[0] }) {
  const dispatch = useDispatch()
  return (
    <LoadFailure
      message={`The repositories could not be loaded: ${failureMessage(failure, 'no answer')}.`}
      onRetry={() => dispatch({ type: 'repositories/LoadList' })}
    />
  )
}

function RepositoriesList() {
  const dispatch = useDispatch()
  const state = useRepositories()
  const admin = useQuery({ type: 'session/IsAdmin' })
  // Read-only mode (a platform setting) blocks creating repositories: the message replaces the links.
  const readOnly = isReadOnlyMode(useQuery({ type: 'platform/State' }))
  const [kind, setKind] = useState<'' | RepositoryKind>('')
  const [type, setType] = useState('')
  const kindId = useId()
  const typeId = useId()
  const items = shownData(state.list)
  const shown = (items ?? []).filter(
    (r) => (kind === '' || r.kind === kind) && (type === '' || r.packageType === type),
  )
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      {/* The kit's page header, with a line on what the page holds as Builds and Artifacts have
          (it was the admin toolbar: the title alone, 3 px lower than theirs). */}
      <PageHeader
        title="Repositories"
        description="Where packages and files are kept: local repositories, remote caches and virtual groups of both."
        actions={
          admin &&
          (readOnly ? (
            <p className={styles.blocked}>{messageText({ key: 'readOnlyMode' })}</p>
          ) : (
            CREATE_LINKS.map(([href, label]) => (
              <Link key={href} href={href} className={buttonClass('secondary', 'sm')}>
                {label}
              </Link>
            ))
          ))
        }
      />
      <SaveError save={state.deletion} />
      <div className={styles.filters}>
        <label htmlFor={kindId}>Kind</label>
        <Select<'' | RepositoryKind>
          id={kindId}
          value={kind}
          onValueChange={setKind}
          options={[
            { value: '', label: 'All kinds' },
            ...REPOSITORY_KINDS.map((k) => ({ value: k, label: REPOSITORY_KIND_LABEL[k] })),
          ]}
        />
        <label htmlFor={typeId}>Package type</label>
        <Select
          id={typeId}
          value={type}
          onValueChange={setType}
          options={[
            { value: '', label: 'All types' },
            ...REPOSITORY_PACKAGE_TYPES.map((t) => ({ value: t, label: typeName(t) })),
          ]}
        />
      </div>
      {state.list.status === 'failed' ? (
        <ListFailure failure={state.list.failure} />
      ) : (
        <Table<RepositorySummary>
          label="Repositories"
          columns={[
            {
              id: 'key',
              header: 'Repository',
              rowHeader: true,
              // The room goes to the names and their descriptions first: sized by content, a long
              // type's name ('huggingfaceml') left them 140 px at 1024, two lines for three words.
              width: '36%',
              cell: (r) => (
                <>
                  {admin ? (
                    <Link href={`/admin/repositories/edit/${encodeURIComponent(r.key)}`}>{r.key}</Link>
                  ) : (
                    r.key
                  )}
                  {r.description && (
                    // Two lines at most (a remote's ran to five at 1024 px), the whole on hover.
                    <span className={styles.description}>
                      <Clamped text={r.description} />
                    </span>
                  )}
                </>
              ),
            },
            {
              id: 'type',
              header: 'Type',
              cell: (r) => (
                <span className={styles.type}>
                  <TypeIcon type={r.packageType} size={16} />
                  {typeName(r.packageType)}
                </span>
              ),
            },
            // A remote's upstream state under its kind, not a column of its own: with one, the
            // table was 169 px wider than the page at 1024 px, for a cell empty on most rows.
            {
              id: 'kind',
              header: 'Kind',
              cell: (r) => (
                <span className={styles.kind}>
                  {REPOSITORY_KIND_LABEL[r.kind]}
                  {r.remote && <RemoteHealthCell status={r.remote} packageCount={r.packageCount} />}
                </span>
              ),
            },
            { id: 'packages', header: 'Packages', align: 'end', cell: (r) => r.packageCount },
            // A size is one unit: "19 MB" never breaks over two lines beside the row's actions.
            {
              id: 'size',
              header: 'Size',
              align: 'end',
              cell: (r) => <span className={styles.size}>{formatBytes(r.size)}</span>,
            },
          ]}
          // Until the list arrives, the table's own skeleton rows under its header (the page's shape),
          // not four grey bars.
          state={items ? { status: 'loaded', rows: shown } : { status: 'loading' }}
          rowKey={(r) => r.key}
          // Each repository offers its own Set Me Up (spec 000 section 4: a repo's set-me-up sets the
          // package type and the repository list and shows the panel); admins may also delete it.
          rowActions={(r) => (
            <span className={styles.rowActions}>
              {/* Icons alone (named for assistive technology and on hover), Delete's too: with
                  words, the table was wider than the page at 1024 px, or its names narrow. */}
              <IconButton
                size="sm"
                icon={<Terminal size={16} aria-hidden />}
                label={`Set Me Up for ${r.key}`}
                onClick={() =>
                  dispatch({
                    type: 'setMeUp/Show',
                    packageType: r.packageType.toLowerCase(),
                    availableRepos: [r.key],
                  })
                }
              />
              {admin && (
                <DeleteButton
                  what="repository"
                  name={r.key}
                  disabled={state.deletion.status === 'pending'}
                  onConfirm={() => dispatch({ type: 'repositories/Delete', key: r.key })}
                />
              )}
            </span>
          )}
          empty={
            items?.length === 0 ? (
              <EmptyState
                icon={<Database size={28} />}
                title="No repositories yet"
                action={
                  admin && (
                    <Link href="/admin/repositories/quick" className={buttonClass()}>
                      Create repositories for a package type
                    </Link>
                  )
                }
              />
            ) : (
              <EmptyState icon={<Database size={28} />} title="No repository matches these filters" />
            )
          }
        />
      )}
    </section>
  )
}

function RepositoryEditor({ create, kind }: { create: boolean; kind?: RepositoryKind }) {
  const { repoKey = '' } = useParams<{ repoKey?: string }>()
  const state = useRepositories()
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'repositories/ResetForm' })
  }, [dispatch])
  const title = create
    ? `New ${REPOSITORY_KIND_LABEL[kind ?? 'local']} Repository`
    : `Edit Repository ${repoKey}`
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader title={title} />
      {create ? (
        <EditorForm
          key={kind}
          create
          initial={emptyRepositoryForm(kind ?? 'local')}
          remote={kind === 'remote' ? { form: emptyRemoteForm(), hasCredentials: false } : undefined}
        />
      ) : (
        <ListStates>
          {(items) => {
            const found = items.find((r) => r.key === repoKey)
            if (!found) return <p role="alert">There is no repository {repoKey}.</p>
            const initial: RepositoryForm = {
              key: found.key,
              kind: found.kind,
              packageType: found.packageType,
              description: found.description,
              includesPattern: found.includesPattern,
              excludesPattern: found.excludesPattern,
              url: found.url ?? '',
              members: found.members,
              defaultDeploymentRepo: found.defaultDeploymentRepo ?? '',
            }
            if (found.kind !== 'remote') return <EditorForm create={false} initial={initial} />
            return (
              <RemoteSettingsGate repoKey={found.key}>
                {(settings) => (
                  <EditorForm
                    create={false}
                    initial={initial}
                    remote={{ form: remoteFormOf(settings), hasCredentials: settings.hasCredentials }}
                  />
                )}
              </RemoteSettingsGate>
            )
          }}
        </ListStates>
      )}
      {state.save.status === 'pending' && <p role="status">Saving…</p>}
    </section>
  )
}

const typeTileIcon = (type: string) => <TypeIcon type={type} size={24} />

function EditorForm({
  create,
  initial,
  remote: remoteInitial,
}: {
  create: boolean
  initial: RepositoryForm
  /** A remote's upstream settings as saved (a new one: the defaults). */
  remote?: { form: RemoteForm; hasCredentials: boolean } | undefined
}) {
  const dispatch = useDispatch()
  const app = useApp()
  const [remote, setRemote] = useState<TypedRemote>(() =>
    typedRemote(remoteInitial?.form ?? emptyRemoteForm()),
  )
  // The secrets go into the vault at each use; the command carries their references.
  const remoteForm = (): RemoteForm => {
    const { password, token, ...rest } = remote
    return {
      ...rest,
      ...(password ? { passwordRef: app.stashSecret(password) } : {}),
      ...(token ? { tokenRef: app.stashSecret(token) } : {}),
    }
  }
  const { save, problems: problemKeys, list } = useQuery({ type: 'repositories/State' })
  const problems: Readonly<Record<string, string>> = Object.fromEntries(
    Object.entries(problemKeys).map(([field, problem]) => [field, repositoryProblemText(problem)]),
  )
  const [form, setForm] = useState<RepositoryForm>(initial)
  const set = (patch: Partial<RepositoryForm>) => setForm((f) => ({ ...f, ...patch }))
  // Stable, so typing in a field does not draw the thirty type tiles again.
  const chooseType = useCallback(
    (packageType: RepositoryForm['packageType']) =>
      setForm((f) => ({ ...f, packageType, members: [], defaultDeploymentRepo: '' })),
    [],
  )
  const candidates = useMemo(
    () => (shownData(list) ?? []).filter((r) => r.packageType === form.packageType && r.key !== form.key),
    [list, form.packageType, form.key],
  )
  return (
    <form
      className={`${forms.form} ${styles.editor}`}
      noValidate
      aria-label="Repository"
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({
          type: 'repositories/Save',
          create,
          form,
          ...(form.kind === 'remote' ? { remote: remoteForm() } : {}),
        })
      }}
    >
      <SaveError save={save} />
      {create && (
        <FormSection
          title="Package type"
          help="What the repository holds: its clients, its layout and its Set Me Up follow from it. It cannot be changed once the repository exists."
        >
          <PackageTypeTiles
            types={REPOSITORY_PACKAGE_TYPES}
            value={form.packageType}
            invalid={problems.packageType !== undefined}
            icon={typeTileIcon}
            onValueChange={chooseType}
          />
          {problems.packageType && <span role="alert">{problems.packageType}</span>}
        </FormSection>
      )}
      <FormSection
        title="General"
        help={
          create
            ? 'The key names the repository in every address its clients use, and stays as it is made.'
            : 'A line on what the repository is for, shown beside it in the list.'
        }
      >
        {create && (
          <Field
            label="Repository key"
            required
            value={form.key}
            onChange={(key) => set({ key })}
            error={problems.key}
          />
        )}
        <Field
          label="Description"
          value={form.description}
          onChange={(description) => set({ description })}
        />
      </FormSection>
      <FormSection
        title="Paths"
        help="Which paths the repository takes, as comma-separated patterns such as org/acme/**. Left empty, it takes every path; an excluded path is refused even when included."
      >
        <Field
          label="Include patterns"
          value={form.includesPattern}
          onChange={(includesPattern) => set({ includesPattern })}
        />
        <Field
          label="Exclude patterns"
          value={form.excludesPattern}
          onChange={(excludesPattern) => set({ excludesPattern })}
        />
      </FormSection>
      {form.kind === 'remote' && (
        <FormSection
          title="Upstream"
          help="The registry the repository fetches from and keeps a copy of, and how it signs in there. Test the connection before you create it."
        >
          <Field label="URL" value={form.url} onChange={(url) => set({ url })} error={problems.url} />
          <ConnectionTest
            onTest={() =>
              dispatch({
                type: 'repositories/TestConnection',
                key: create ? '' : form.key,
                packageType: form.packageType,
                url: form.url,
                remote: remoteForm(),
              })
            }
          />
          <RemoteFields
            value={remote}
            onChange={(patch) => setRemote((r) => ({ ...r, ...patch }))}
            problems={problems}
            hasCredentials={remoteInitial?.hasCredentials ?? false}
          />
        </FormSection>
      )}
      {form.kind === 'virtual' && (
        <FormSection
          title="Members"
          help={`The ${form.packageType} repositories it serves as one, asked in this order; deployments go to the default deployment repository.`}
        >
          <fieldset className={forms.choices}>
            <legend>Member repositories (in resolution order)</legend>
            {candidates.length === 0 ? (
              <p>No other {form.packageType} repository exists yet.</p>
            ) : (
              candidates.map((r) => (
                <Checkbox
                  key={r.key}
                  label={`${r.key} (${REPOSITORY_KIND_LABEL[r.kind]})`}
                  checked={form.members.includes(r.key)}
                  onCheckedChange={(on) =>
                    set({ members: on ? [...form.members, r.key] : form.members.filter((m) => m !== r.key) })
                  }
                />
              ))
            )}
            {problems.members && <p role="alert">{problems.members}</p>}
          </fieldset>
          <Field
            label="Default deployment repository"
            value={form.defaultDeploymentRepo}
            onChange={(defaultDeploymentRepo) => set({ defaultDeploymentRepo })}
            error={problems.defaultDeploymentRepo}
          />
        </FormSection>
      )}
      <div className={`${formActionsClass} ${styles.editorActions}`}>
        <Link href="/repos" className={buttonClass()}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          {create ? 'Create' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

/**
 * After Quick Repository Creation, a client set up for each type it made (or found), through its
 * virtual repository: the guided flow where the type has one, else Set Me Up.
 */
function ClientChoices({ keys }: { readonly keys: ReadonlyArray<string> }) {
  const dispatch = useDispatch()
  const types = REPOSITORY_PACKAGE_TYPES.filter((t) => keys.includes(quickRepositoryKeys(t).virtual))
  if (types.length === 0) return null
  return (
    <div className={forms.choiceGrid}>
      {types.map((t) => (
        <Button
          key={t}
          icon={<Terminal size={16} aria-hidden />}
          onClick={() =>
            dispatch({ type: 'quickSetup/SetUpClient', packageType: t, repo: quickRepositoryKeys(t).virtual })
          }
        >
          Set up the {typeName(t)} client
        </Button>
      ))}
    </div>
  )
}

function QuickCreation() {
  const dispatch = useDispatch()
  const { quick, quickResult } = useQuery({ type: 'repositories/State' })
  const [chosen, setChosen] = useState<ReadonlyArray<string>>([])
  const [problem, setProblem] = useState<string | undefined>()
  useEffect(() => {
    dispatch({ type: 'repositories/ResetForm' })
  }, [dispatch])
  return (
    <section aria-label="Quick Repository Creation" className={kit.page}>
      {/* The kit's page header: the description sits under the title as on every page (it was a
          paragraph of its own, a gap below the title). */}
      <PageHeader
        title="Quick Repository Creation"
        description="Choose package types: a local, a remote (where the type has a public upstream) and a virtual repository are created for each."
      />
      <form
        className={forms.form}
        noValidate
        aria-label="Quick Repository Creation"
        onSubmit={(e) => {
          e.preventDefault()
          if (chosen.length === 0) return setProblem('Choose at least one package type')
          setProblem(undefined)
          dispatch({ type: 'repositories/CreateQuickly', packageTypes: chosen })
        }}
      >
        <SaveError save={quick} />
        <fieldset className={forms.choices}>
          <legend>Package types</legend>
          <div className={forms.choiceGrid}>
            {REPOSITORY_PACKAGE_TYPES.map((t) => (
              <Checkbox
                key={t}
                label={
                  <span className={forms.markedLabel}>
                    <TypeIcon type={t} size={16} />
                    {typeName(t)}
                  </span>
                }
                checked={chosen.includes(t)}
                onCheckedChange={(on) => setChosen(on ? [...chosen, t] : chosen.filter((c) => c !== t))}
              />
            ))}
          </div>
        </fieldset>
        {/* The form ends as the other admin forms: what went wrong in the kit's note, what was
            done in the success colour, then Cancel back to the list and the primary action (the
            problem was bare text, the result bare lines under the card, no way back). */}
        {problem && <FailureNote>{problem}</FailureNote>}
        {quick.status === 'done' && (
          <div role="status" className={forms.done}>
            Created: {quickResult.created.length > 0 ? quickResult.created.join(', ') : 'none'}.
            {quickResult.existing.length > 0 && ` Already there: ${quickResult.existing.join(', ')}.`}{' '}
            <Link href="/repos">See the repositories</Link>
          </div>
        )}
        {quick.status === 'done' && (
          <ClientChoices keys={[...quickResult.created, ...quickResult.existing]} />
        )}
        <div className={formActionsClass}>
          <Link href="/repos" className={buttonClass()}>
            Cancel
          </Link>
          <Button type="submit" variant="primary" busy={quick.status === 'pending'}>
            Create repositories
          </Button>
        </div>
      </form>
    </section>
  )
}

export default function RepositoriesArea() {
  const match = useQuery({ type: 'navigation/Route' })
  switch (match?.route.name) {
    case 'repositories.local.new':
      return <RepositoryEditor create kind="local" />
    case 'repositories.remote.new':
      return <RepositoryEditor create kind="remote" />
    case 'repositories.virtual.new':
      return <RepositoryEditor create kind="virtual" />
    case 'repositories.edit':
      return <RepositoryEditor create={false} />
    case 'repositories.quick':
      return <QuickCreation />
    default:
      return <RepositoriesList />
  }
}
