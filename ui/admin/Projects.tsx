// Projects: the list, creation, the overview and the members editor.
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { PROJECT_ROLES, memberProblems, validateProject, type Member } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Existing, Field, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable } from './ListPage'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { Field as KitField } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import { Skeleton } from '../shared/kit/Surface'
import { FailureNote } from '../shared/kit/LoadFailure'
import list from '../shared/kit/listTable.module.css'
import styles from './admin.module.css'

export function ProjectsList() {
  const projects = useResource('projects')
  return (
    <ListPage
      title="Projects"
      create={{ label: 'Create Project', href: '/admin/projects/create' }}
      loadable={projects}
      what="projects"
      empty="No projects yet. Create the first one."
    >
      {(items) => (
        <NamedTable
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
    <section aria-labelledby="page-title" className={styles.page}>
      <h1 id="page-title" className={styles.title}>
        Create Project
      </h1>
      <form
        className={styles.form}
        onSubmit={submit((project) =>
          dispatch({ type: 'admin/Save', form: 'project', op: { kind: 'createProject', project } }),
        )}
        noValidate
        aria-label="Project"
      >
        <SaveError save={save} />
        <Field label="Project Name" required {...bind('name')} />
        <Field label="Project Key" required {...bind('key')} />
        <Field label="Description" multiline {...bind('description')} />
        <div className={styles.formActions}>
          <Link href="/admin/projects/list" className={styles.linkSecondary}>
            Cancel
          </Link>
          <Button type="submit" variant="primary" busy={save.status === 'pending'}>
            Create Project
          </Button>
        </div>
      </form>
    </section>
  )
}

function ProjectTabs({ projectKey }: { projectKey: string }) {
  const key = encodeURIComponent(projectKey)
  return (
    <nav aria-label="Project">
      <Link href={`/admin/projects/overview/${key}`}>Overview</Link> |{' '}
      <Link href={`/admin/projects/members/${key}`}>Members</Link>
    </nav>
  )
}

export function ProjectOverview() {
  const { projectKey = '' } = useParams<{ projectKey?: string }>()
  const projects = useResource('projects')
  const project = projects.status === 'loaded' ? projects.data.find((p) => p.key === projectKey) : undefined
  return (
    <section aria-labelledby="page-title" className={styles.page}>
      <h1 id="page-title" className={styles.title}>
        {project ? project.name : 'Project Overview'}
      </h1>
      <ProjectTabs projectKey={projectKey} />
      <Existing loadable={projects} what="project" name={projectKey} find={(p) => p.key === projectKey}>
        {(p) => (
          <dl>
            <dt>Key</dt>
            <dd>{p.key}</dd>
            <dt>Description</dt>
            <dd>{p.description || 'No description.'}</dd>
            <dt>Created</dt>
            <dd>{p.createdAt}</dd>
          </dl>
        )}
      </Existing>
    </section>
  )
}

export function ProjectMembers() {
  const { projectKey = '' } = useParams<{ projectKey?: string }>()
  const members = useResource('members', projectKey)
  return (
    <section aria-labelledby="page-title" className={styles.page}>
      <h1 id="page-title" className={styles.title}>
        Project Members
      </h1>
      <ProjectTabs projectKey={projectKey} />
      {members.status === 'loaded' ? (
        <MembersEditor projectKey={projectKey} initial={members.data} />
      ) : members.status === 'failed' ? (
        <FailureNote>The members could not be loaded.</FailureNote>
      ) : (
        <div className={styles.skeleton}>
          <span role="status" className={styles.srOnly}>
            Loading members…
          </span>
          <Skeleton height="2.25rem" />
          <Skeleton height="1.75rem" />
          <Skeleton height="1.75rem" width="85%" />
        </div>
      )}
    </section>
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
      {members.length === 0 ? (
        <p className={styles.muted}>This project has no members yet.</p>
      ) : (
        <div className={list.wrap}>
          <table className={list.table}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Roles</th>
                <th scope="col" className={list.actionsCell}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.name}>
                  <th scope="row">{m.name}</th>
                  <td>{m.roles.join(', ')}</td>
                  <td className={list.actionsCell}>
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Trash2 size={16} aria-hidden />}
                      aria-label={`Remove ${m.name}`}
                      onClick={() => setMembers(members.filter((x) => x !== m))}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        className={styles.form}
        onSubmit={adding.submit(({ name }) => {
          setMembers([...members, { name: name.trim(), roles: [role] }])
          adding.reset({ name: '' })
        })}
        noValidate
        aria-label="Add member"
      >
        <Field label="User Name" required {...adding.bind('name')} />
        <KitField label="Role">
          <Select
            value={role}
            onValueChange={setRole}
            options={PROJECT_ROLES.map((r) => ({ value: r, label: r }))}
            wide
          />
        </KitField>
        <div className={styles.formActions}>
          <Button type="submit" icon={<Plus size={16} aria-hidden />}>
            Add Member
          </Button>
        </div>
      </form>
      <SaveError save={save} />
      <div className={styles.formActions}>
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
