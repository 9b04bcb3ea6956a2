import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'wouter'
import {
  PROJECT_ROLES,
  validateGeneralConfig,
  validateProject,
  validateProxy,
  type GeneralConfig,
  type Member,
  type Proxy,
} from '../../domain/admin'
import { useApp, useDispatch } from '../shared/appContext'
import { Field, Loaded, SaveError, useForm, useResource } from './shared'
import styles from './admin.module.css'

export function GeneralSettings() {
  const config = useResource('generalConfig')
  return (
    <section aria-labelledby="page-title">
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>Platform Configurations</li>
          <li>Platform Management</li>
          <li aria-current="page">General Settings</li>
        </ol>
      </nav>
      <h1 id="page-title">General Settings</h1>
      {config.status === 'loaded' ? (
        <GeneralForm initial={config.data} />
      ) : config.status === 'failed' ? (
        <p role="alert">The settings could not be loaded.</p>
      ) : (
        <p role="status">Loading settings…</p>
      )}
    </section>
  )
}

function GeneralForm({ initial }: { initial: GeneralConfig }) {
  const dispatch = useDispatch()
  const save = useForm('generalConfig')
  const [values, setValues] = useState(initial)
  const [shown, setShown] = useState(false)
  const problems = validateGeneralConfig(values)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShown(true)
    if (Object.keys(problems).length > 0) return
    dispatch({ type: 'admin/Save', form: 'generalConfig', op: { kind: 'saveGeneralConfig', config: values } })
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="General settings">
      <SaveError save={save} />
      <Field
        label="Server Name"
        value={values.serverName}
        onChange={(serverName) => setValues({ ...values, serverName })}
        error={shown ? problems.serverName : undefined}
      />
      <Field
        label="Base URL"
        value={values.baseUrl}
        onChange={(baseUrl) => setValues({ ...values, baseUrl })}
        error={shown ? problems.baseUrl : undefined}
      />
      <Field
        label="Custom Message"
        multiline
        value={values.customMessage}
        onChange={(customMessage) => setValues({ ...values, customMessage })}
      />
      <button type="submit" disabled={save.status === 'pending'}>
        Save
      </button>
      {save.status === 'done' && <p role="status">Saved.</p>}
    </form>
  )
}

export function Licenses() {
  const licenses = useResource('licenses')
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Licenses</h1>
      <Loaded loadable={licenses} what="licences" empty="No licence is installed.">
        {(items) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Node</th>
                <th scope="col">Type</th>
                <th scope="col">Valid through</th>
                <th scope="col">Licensed to</th>
              </tr>
            </thead>
            <tbody>
              {items.map((l) => (
                <tr key={l.nodeId}>
                  <th scope="row">{l.nodeId}</th>
                  <td>{l.type}</td>
                  <td>{l.validThrough}</td>
                  <td>{l.licensedTo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  )
}

export function Peers() {
  const peers = useResource('peers')
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Peers</h1>
      <Loaded loadable={peers} what="peers" empty="No peers have reported yet.">
        {(items) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Peer</th>
                <th scope="col">Host</th>
                <th scope="col">Status</th>
                <th scope="col">Last heartbeat</th>
                <th scope="col">Services</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.id}</th>
                  <td>{p.host}</td>
                  <td>{p.status}</td>
                  <td>{p.lastHeartbeat}</td>
                  <td>{p.services.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  )
}

export function ProxiesList() {
  const proxies = useResource('proxies')
  const dispatch = useDispatch()
  const deletion = useForm('proxyDelete')
  return (
    <section aria-labelledby="page-title">
      <div className={styles.toolbar}>
        <h1 id="page-title">Proxies</h1>
        <Link href="/admin/proxies/configuration/new">New Proxy</Link>
      </div>
      <SaveError save={deletion} />
      <Loaded loadable={proxies} what="proxies" empty="No proxies are configured.">
        {(items) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Host</th>
                <th scope="col">Port</th>
                <th scope="col">Default</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.key}>
                  <th scope="row">
                    <Link href={`/admin/proxies/configuration/edit/${encodeURIComponent(p.key)}`}>
                      {p.key}
                    </Link>
                  </th>
                  <td>{p.host}</td>
                  <td>{p.port}</td>
                  <td>{p.defaultProxy ? 'Yes' : 'No'}</td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Delete proxy ${p.key}`}
                      onClick={() =>
                        dispatch({
                          type: 'admin/Save',
                          form: 'proxyDelete',
                          op: { kind: 'deleteProxy', key: p.key },
                        })
                      }
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  )
}

export function ProxyEditor({ create }: { create: boolean }) {
  const { proxyName } = useParams<{ proxyName?: string }>()
  const proxies = useResource('proxies')
  const existing =
    !create && proxies.status === 'loaded' ? proxies.data.find((p) => p.key === proxyName) : undefined
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{create ? 'New Proxy' : `Edit Proxy ${proxyName ?? ''}`}</h1>
      {create ? (
        <ProxyForm create />
      ) : proxies.status === 'loaded' ? (
        existing ? (
          <ProxyForm create={false} initial={existing} />
        ) : (
          <p role="alert">There is no proxy named {proxyName}.</p>
        )
      ) : proxies.status === 'failed' ? (
        <p role="alert">The proxy could not be loaded.</p>
      ) : (
        <p role="status">Loading proxy…</p>
      )}
    </section>
  )
}

function ProxyForm({ create, initial }: { create: boolean; initial?: Proxy }) {
  const app = useApp()
  const save = useForm('proxy')
  const [values, setValues] = useState({
    key: initial?.key ?? '',
    host: initial?.host ?? '',
    port: initial ? String(initial.port) : '',
    username: initial?.username ?? '',
    password: '',
    nonProxyHosts: initial?.nonProxyHosts ?? '',
    defaultProxy: initial?.defaultProxy ?? false,
  })
  const [shown, setShown] = useState(false)
  const problems = validateProxy(values)
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShown(true)
    if (Object.keys(problems).length > 0) return
    // The password never enters a command: the vault keeps it, the command carries a reference.
    const passwordRef = values.password ? app.stashSecret(values.password) : undefined
    app.dispatch(
      {
        type: 'admin/Save',
        form: 'proxy',
        op: {
          kind: 'saveProxy',
          create,
          proxy: {
            key: values.key,
            host: values.host,
            port: Number(values.port),
            defaultProxy: values.defaultProxy,
            ...(values.username ? { username: values.username } : {}),
            ...(values.nonProxyHosts ? { nonProxyHosts: values.nonProxyHosts } : {}),
            ...(passwordRef ? { passwordRef } : {}),
          },
        },
      },
      'ui',
    )
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Proxy">
      <SaveError save={save} />
      {create && (
        <Field
          label="Proxy Key"
          value={values.key}
          onChange={(key) => set({ key })}
          error={shown ? problems.key : undefined}
        />
      )}
      <Field
        label="Host"
        value={values.host}
        onChange={(host) => set({ host })}
        error={shown ? problems.host : undefined}
      />
      <Field
        label="Port"
        value={values.port}
        onChange={(port) => set({ port })}
        error={shown ? problems.port : undefined}
      />
      <Field
        label="User Name"
        value={values.username}
        onChange={(username) => set({ username })}
        autoComplete="off"
      />
      <Field
        label="Password"
        type="password"
        value={values.password}
        onChange={(password) => set({ password })}
        autoComplete="new-password"
      />
      <Field
        label="Non-Proxy Hosts"
        value={values.nonProxyHosts}
        onChange={(nonProxyHosts) => set({ nonProxyHosts })}
      />
      <label>
        <input
          type="checkbox"
          checked={values.defaultProxy}
          onChange={(e) => set({ defaultProxy: e.target.checked })}
        />{' '}
        Default proxy
      </label>
      <div>
        <button type="submit" disabled={save.status === 'pending'}>
          {create ? 'Create' : 'Save'}
        </button>{' '}
        <Link href="/admin/proxies/configuration/list">Cancel</Link>
      </div>
    </form>
  )
}

export function ProjectsList() {
  const projects = useResource('projects')
  return (
    <section aria-labelledby="page-title">
      <div className={styles.toolbar}>
        <h1 id="page-title">Projects</h1>
        <Link href="/admin/projects/create">Create Project</Link>
      </div>
      <Loaded loadable={projects} what="projects" empty="No projects yet. Create the first one.">
        {(items) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.key}>
                  <th scope="row">
                    <Link href={`/admin/projects/overview/${encodeURIComponent(p.key)}`}>{p.name}</Link>
                  </th>
                  <td>{p.key}</td>
                  <td>{p.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  )
}

export function ProjectCreate() {
  const dispatch = useDispatch()
  const save = useForm('project')
  const [values, setValues] = useState({ key: '', name: '', description: '' })
  const [shown, setShown] = useState(false)
  const problems = validateProject(values)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setShown(true)
    if (Object.keys(problems).length > 0) return
    dispatch({ type: 'admin/Save', form: 'project', op: { kind: 'createProject', project: values } })
  }
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Create Project</h1>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Project">
        <SaveError save={save} />
        <Field
          label="Project Name"
          value={values.name}
          onChange={(name) => setValues({ ...values, name })}
          error={shown ? problems.name : undefined}
        />
        <Field
          label="Project Key"
          value={values.key}
          onChange={(key) => setValues({ ...values, key })}
          error={shown ? problems.key : undefined}
        />
        <Field
          label="Description"
          multiline
          value={values.description}
          onChange={(description) => setValues({ ...values, description })}
        />
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
      {projects.status === 'loaded' ? (
        project ? (
          <dl>
            <dt>Key</dt>
            <dd>{project.key}</dd>
            <dt>Description</dt>
            <dd>{project.description || 'No description.'}</dd>
            <dt>Created</dt>
            <dd>{project.createdAt}</dd>
          </dl>
        ) : (
          <p role="alert">There is no project with the key {projectKey}.</p>
        )
      ) : projects.status === 'failed' ? (
        <p role="alert">The project could not be loaded.</p>
      ) : (
        <p role="status">Loading project…</p>
      )}
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
  const save = useForm('members')
  const [members, setMembers] = useState<ReadonlyArray<Member>>(initial)
  const [name, setName] = useState('')
  const [role, setRole] = useState<string>(PROJECT_ROLES[1])
  const [problem, setProblem] = useState<string | undefined>()
  const add = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim() === '') return setProblem('This field is mandatory')
    if (members.some((m) => m.name.toLowerCase() === name.trim().toLowerCase()))
      return setProblem(`${name.trim()} is already a member`)
    setProblem(undefined)
    setMembers([...members, { name: name.trim(), roles: [role] }])
    setName('')
  }
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
      <form className={styles.form} onSubmit={add} noValidate aria-label="Add member">
        <Field label="User Name" value={name} onChange={setName} error={problem} />
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
