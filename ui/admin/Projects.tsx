// Projects: the list, creation, the overview and the members editor.
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { PROJECT_ROLES, memberProblems, validateProject, type Member } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Existing, Field, SaveError, Toolbar, useResource, useResourceRetry, useSaveState } from './shared'
import { ListPage, NamedTable } from './ListPage'
import { FolderKanban, FolderPlus, LayoutDashboard, Plus, Trash2, Users } from 'lucide-react'
import { NextSteps } from '../shared/kit/NextSteps'
import { Button, buttonClass } from '../shared/kit/Button'
import { Field as KitField, formActionsClass } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import { Table, type TableState } from '../shared/kit/Table'
import { EmptyState, KeyValue } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import kit from '../shared/kit/page.module.css'
import { LinkTabs } from '../shared/kit/LinkTabs'
import forms from '../shared/forms.module.css'
import styles from './admin.module.css'

/** What a project is for, under a list of few (the page was an empty state over empty space). */
function ProjectSteps() {
  return (
    <NextSteps
      title="How a project comes together"
      steps={[
        {
          icon: <FolderPlus size={18} />,
          title: 'Name it and give it a key',
          text: 'A name people read, a short key that tells it apart, and a line on what it is for.',
          action: <Link href="/admin/projects/create">Create project</Link>,
        },
        {
          icon: <Users size={18} />,
          title: 'Add its members',
          text: `Each member has a role in it: ${PROJECT_ROLES.join(', ')}.`,
        },
        {
          icon: <LayoutDashboard size={18} />,
          title: 'Follow it from its overview',
          text: 'Its page shows what it is for, when it was created, and who works on it.',
        },
      ]}
    />
  )
}

export function ProjectsList() {
  const projects = useResource('projects')
  return (
    <ListPage
      title="Projects"
      create={{ label: 'Create project', href: '/admin/projects/create', first: 'Create the first project' }}
      loadable={projects}
      what="projects"
      empty="There are no projects yet"
      description="A project brings together repositories and the members who work on them."
      footer={projects.status === 'loaded' && projects.data.length < 3 && <ProjectSteps />}
    >
      {(items) => (
        <NamedTable
          label="Projects"
          items={items}
          name={(p) => p.name}
          href={(p) => `/admin/projects/overview/${encodeURIComponent(p.key)}`}
          columns={[
            { header: 'Key', cell: (p) => p.key },
            { header: 'Description', cell: (p) => p.description },
          ]}
        />
      )}
    </ListPage>
  )
}

export function ProjectCreate() {
  const dispatch = useDispatch()
  const save = useSaveState('project')
  const { bind, submit } = useForm({ key: '', name: '', description: '' }, validateProject, adminText)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title="Create Project" />
      <form
        className={forms.form}
        onSubmit={submit((project) =>
          dispatch({ type: 'admin/Save', form: 'project', op: { kind: 'createProject', project } }),
        )}
        noValidate
        aria-label="Project"
      >
        <SaveError save={save} />
        <Field label="Project name" required {...bind('name')} />
        <Field label="Project key" required {...bind('key')} />
        <Field label="Description" multiline {...bind('description')} />
        <div className={formActionsClass}>
          <Link href="/admin/projects/list" className={buttonClass()}>
            Cancel
          </Link>
          <Button type="submit" variant="primary" busy={save.status === 'pending'}>
            Create project
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The project's pages as the kit's tab bar. */
function ProjectTabs({ projectKey, current }: { projectKey: string; current: 'Overview' | 'Members' }) {
  const key = encodeURIComponent(projectKey)
  return (
    <LinkTabs
      label="Project"
      links={[
        { label: 'Overview', href: `/admin/projects/overview/${key}` },
        { label: 'Members', href: `/admin/projects/members/${key}` },
      ]}
      current={current}
    />
  )
}

/**
 * A project's page opened without a project (its key is optional in the route): a way to one,
 * not "There is no project named ." with tabs that lead nowhere.
 */
function NoProjectChosen({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={title} />
      <EmptyState
        boxed
        icon={<FolderKanban size={24} />}
        title="No project chosen"
        hint="Open a project from the list to see its overview and members."
        action={
          // Says what it does: a button named Projects read as one more title.
          <Link href="/admin/projects/list" className={buttonClass()}>
            Choose a project
          </Link>
        }
      />
    </section>
  )
}

export function ProjectOverview() {
  const { projectKey = '' } = useParams<{ projectKey?: string }>()
  if (projectKey === '') return <NoProjectChosen title="Project Overview" />
  return <ChosenProjectOverview projectKey={projectKey} />
}

function ChosenProjectOverview({ projectKey }: { projectKey: string }) {
  const projects = useResource('projects')
  const project = projects.status === 'loaded' ? projects.data.find((p) => p.key === projectKey) : undefined
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={project ? project.name : 'Project Overview'} />
      <ProjectTabs projectKey={projectKey} current="Overview" />
      <Existing loadable={projects} what="project" name={projectKey} find={(p) => p.key === projectKey}>
        {(p) => (
          <KeyValue
            items={[
              { key: 'key', label: 'Key', value: p.key },
              { key: 'description', label: 'Description', value: p.description || 'No description.' },
              { key: 'created', label: 'Created', value: <RelativeTime iso={p.createdAt} /> },
            ]}
          />
        )}
      </Existing>
    </section>
  )
}

export function ProjectMembers() {
  const { projectKey = '' } = useParams<{ projectKey?: string }>()
  if (projectKey === '') return <NoProjectChosen title="Project Members" />
  return <ChosenProjectMembers projectKey={projectKey} />
}

function ChosenProjectMembers({ projectKey }: { projectKey: string }) {
  const members = useResource('members', projectKey)
  const retry = useResourceRetry('members', projectKey)
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title="Project Members" />
      <ProjectTabs projectKey={projectKey} current="Members" />
      {members.status === 'loaded' ? (
        <MembersEditor projectKey={projectKey} initial={members.data} />
      ) : (
        <MembersTable
          state={
            members.status === 'failed'
              ? { status: 'error', message: 'The members could not be loaded.', onRetry: retry }
              : { status: 'loading' }
          }
        />
      )}
    </section>
  )
}

/** The project's members with their roles; each one's Remove while they are being edited. */
function MembersTable({
  state,
  onRemove,
}: {
  readonly state: TableState<Member>
  readonly onRemove?: (member: Member) => void
}) {
  return (
    <Table<Member>
      label="Members"
      columns={[
        { id: 'name', header: 'Member', cell: (m) => m.name },
        { id: 'roles', header: 'Roles', cell: (m) => m.roles.join(', ') },
      ]}
      state={state}
      rowKey={(m) => m.name}
      rowActions={
        onRemove &&
        ((m) => (
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 size={16} aria-hidden />}
            aria-label={`Remove ${m.name}`}
            onClick={() => onRemove(m)}
          >
            Remove
          </Button>
        ))
      }
      empty={<p className={styles.muted}>This project has no members yet.</p>}
      skeletonRows={3}
    />
  )
}

function MembersEditor({ projectKey, initial }: { projectKey: string; initial: ReadonlyArray<Member> }) {
  const dispatch = useDispatch()
  const save = useSaveState('members')
  const [members, setMembers] = useState<ReadonlyArray<Member>>(initial)
  const [role, setRole] = useState<string>(PROJECT_ROLES[1])
  const adding = useForm({ name: '' }, ({ name }) => memberProblems(name, members), adminText)
  return (
    <>
      <MembersTable
        state={{ status: 'loaded', rows: members }}
        onRemove={(m) => setMembers(members.filter((x) => x !== m))}
      />
      <form
        className={forms.form}
        onSubmit={adding.submit(({ name }) => {
          setMembers([...members, { name: name.trim(), roles: [role] }])
          adding.reset({ name: '' })
        })}
        noValidate
        aria-label="Add member"
      >
        <Field label="Username" required {...adding.bind('name')} />
        <KitField label="Role">
          <Select
            value={role}
            onValueChange={setRole}
            options={PROJECT_ROLES.map((r) => ({ value: r, label: r }))}
            wide
          />
        </KitField>
        <div className={formActionsClass}>
          <Button type="submit" icon={<Plus size={16} aria-hidden />}>
            Add Member
          </Button>
        </div>
      </form>
      <SaveError save={save} />
      <div className={formActionsClass}>
        <Button
          variant="primary"
          busy={save.status === 'pending'}
          onClick={() =>
            dispatch({
              type: 'admin/Save',
              form: 'members',
              op: {
                kind: 'saveMembers',
                key: projectKey,
                members: members.map((m) => ({ ...m, roles: [...m.roles] })),
              },
            })
          }
        >
          Save Members
        </Button>
      </div>
    </>
  )
}
