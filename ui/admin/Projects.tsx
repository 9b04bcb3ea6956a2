// Projects: the list, creation, the overview and the members editor.
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { PROJECT_ROLES, validateProject, type Member } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { Existing, Field, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable } from './ListPage'
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
  const { bind, submit } = useForm({ key: '', name: '', description: '' }, validateProject)
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Create Project</h1>
      <form
        className={styles.form}
        onSubmit={submit((project) =>
          dispatch({ type: 'admin/Save', form: 'project', op: { kind: 'createProject', project } }),
        )}
        noValidate
        aria-label="Project"
      >
        <SaveError save={save} />
        <Field label="Project Name" {...bind('name')} />
        <Field label="Project Key" {...bind('key')} />
        <Field label="Description" multiline {...bind('description')} />
        <button type="submit" disabled={save.status === 'pending'}>
          Create
        </button>
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
    <section aria-labelledby="page-title">
      <h1 id="page-title">{project ? project.name : 'Project Overview'}</h1>
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
    <section aria-labelledby="page-title">
      <h1 id="page-title">Project Members</h1>
      <ProjectTabs projectKey={projectKey} />
      {members.status === 'loaded' ? (
        <MembersEditor projectKey={projectKey} initial={members.data} />
      ) : members.status === 'failed' ? (
        <p role="alert">The members could not be loaded.</p>
      ) : (
        <p role="status">Loading members…</p>
      )}
    </section>
  )
}

function MembersEditor({ projectKey, initial }: { projectKey: string; initial: ReadonlyArray<Member> }) {
  const dispatch = useDispatch()
  const save = useSaveState('members')
  const [members, setMembers] = useState<ReadonlyArray<Member>>(initial)
  const [role, setRole] = useState<string>(PROJECT_ROLES[1])
  const adding = useForm({ name: '' }, ({ name }) =>
    name.trim() === ''
      ? { name: 'This field is mandatory' }
      : members.some((m) => m.name.toLowerCase() === name.trim().toLowerCase())
        ? { name: `${name.trim()} is already a member` }
        : {},
  )
  return (
    <>
      {members.length === 0 ? (
        <p>This project has no members yet.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Roles</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.name}>
                <th scope="row">{m.name}</th>
                <td>{m.roles.join(', ')}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove ${m.name}`}
                    onClick={() => setMembers(members.filter((x) => x !== m))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <Field label="User Name" {...adding.bind('name')} />
        <label>
          Role{' '}
          <select value={role} onChange={(e) => setRole(e.target.value)}>
            {PROJECT_ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button type="submit">Add Member</button>
      </form>
      <SaveError save={save} />
      <button
        type="button"
        disabled={save.status === 'pending'}
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
      </button>
    </>
  )
}
