// The admin area, clause by clause: what a load and a save ask for, which saves are refused and
// why, how a form's submission moves, and what follows a save on the bus (the lists it changed
// load again, a toast says what happened, and maybe a page opens).
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent, type AppState } from '../../domain/app'
import * as A from '../../domain/admin'
import { SignedOut } from '../../domain/session/events'
import { foldEvents, spec, specMeta } from '../support/decider'

const admin = spec(appSlice(A.adminArea))
const down = { kind: 'network', message: 'offline' } as const

const general = (over: Partial<A.GeneralConfig> = {}): A.SaveOp => ({
  kind: 'saveGeneralConfig',
  config: { serverName: 'Acme', baseUrl: '', customMessage: '', ...over },
})
const proxy = (over: Partial<{ key: string; host: string; port: number }> = {}): A.SaveOp => ({
  kind: 'saveProxy',
  create: true,
  proxy: { key: 'corp', host: 'proxy.example', port: 8080, defaultProxy: false, ...over },
})
const user = (create: boolean, over: Record<string, unknown> = {}): A.SaveOp => ({
  kind: 'saveUser',
  create,
  user: {
    name: 'alice',
    email: 'alice@example.com',
    admin: false,
    mfaRequired: false,
    passwordExpired: false,
    credentialsExpired: false,
    disabled: false,
    groups: [],
    ...over,
  },
})
const group = (name: string): A.SaveOp => ({
  kind: 'saveGroup',
  create: true,
  group: { name, description: '', autoJoin: false, members: [] },
})
const permission = (name: string, users: Record<string, string[]> = {}): A.SaveOp => ({
  kind: 'savePermission',
  create: true,
  permission: { name, repositories: [], includePatterns: [], excludePatterns: [], users, groups: {} },
})
const save = (form: A.AdminForm, op: A.SaveOp) => ({ type: 'admin/Save' as const, form, op })

describe('admin decider: loads', () => {
  it('a load asks for the resource, with the project key for members', () => {
    admin
      .given()
      .when({ type: 'admin/Load', resource: 'users' })
      .then(A.LoadRequested({ resource: 'users', requestId: 'id-1' }))
    admin
      .given()
      .when({ type: 'admin/Load', resource: 'members', key: 'alpha' })
      .then(A.LoadRequested({ resource: 'members', requestId: 'id-1', key: 'alpha' }))
  })

  it('members are only loaded for a project', () => {
    admin
      .given()
      .when({ type: 'admin/Load', resource: 'members' })
      .rejected(/project key/)
    admin
      .given()
      .when({ type: 'admin/Load', resource: 'members', key: '' })
      .rejected(/project key/)
  })

  it('an answer shows only when it answers the latest request', () => {
    const answered = admin.given(
      A.LoadRequested({ resource: 'projects', requestId: 'r1' }),
      A.LoadRequested({ resource: 'projects', requestId: 'r2' }),
      A.Loaded({ requestId: 'r1', data: { resource: 'projects', value: [] } }),
      A.LoadFailed({ resource: 'projects', requestId: 'r1', failure: down }),
    ).state
    expect(answered.admin.resources.projects).toEqual({ status: 'loading', requestId: 'r2' })
  })

  it('an answer to a resource that is not loading changes nothing', () => {
    const idle = admin.given(A.Loaded({ requestId: 'r1', data: { resource: 'peers', value: [] } })).state
    expect(idle.admin.resources.peers).toEqual(A.initialAdminState.resources.peers)
    const failed = admin.given(A.LoadFailed({ resource: 'peers', requestId: 'r1', failure: down })).state
    expect(failed.admin.resources.peers).toEqual(A.initialAdminState.resources.peers)
  })

  it('a failed load says why, for that resource only', () => {
    const state = admin.given(
      A.LoadRequested({ resource: 'licenses', requestId: 'r1' }),
      A.LoadRequested({ resource: 'peers', requestId: 'r2' }),
      A.LoadFailed({ resource: 'licenses', requestId: 'r1', failure: down }),
    ).state
    expect(state.admin.resources.licenses).toEqual({ status: 'failed', failure: down })
    expect(state.admin.resources.peers).toEqual({ status: 'loading', requestId: 'r2' })
  })

  it('a reload after a failure keeps nothing of it; a reload while loading keeps what was shown', () => {
    const shown = [{ name: 'dev', roles: ['Developer'] }]
    const state = admin.given(
      A.LoadRequested({ resource: 'members', requestId: 'r1', key: 'alpha' }),
      A.Loaded({ requestId: 'r1', data: { resource: 'members', value: shown } }),
      A.LoadRequested({ resource: 'members', requestId: 'r2', key: 'alpha' }),
      A.LoadRequested({ resource: 'members', requestId: 'r3', key: 'alpha' }),
    ).state
    expect(state.admin.resources.members).toEqual({ status: 'loading', requestId: 'r3', previous: shown })
    expect(state.admin.membersOf).toBe('alpha')
    const again = admin.given(
      A.LoadRequested({ resource: 'users', requestId: 'r1' }),
      A.LoadFailed({ resource: 'users', requestId: 'r1', failure: down }),
      A.LoadRequested({ resource: 'users', requestId: 'r2' }),
    ).state
    expect(again.admin.resources.users).toEqual({ status: 'loading', requestId: 'r2' })
    // Loading another resource says nothing of whose members are shown.
    expect(again.admin.membersOf).toBeUndefined()
  })

  it('switching project while a reload is pending shows none of the first project’s members', () => {
    const state = admin.given(
      A.LoadRequested({ resource: 'members', requestId: 'r1', key: 'alpha' }),
      A.Loaded({ requestId: 'r1', data: { resource: 'members', value: [{ name: 'dev', roles: [] }] } }),
      A.LoadRequested({ resource: 'members', requestId: 'r2', key: 'alpha' }),
      A.LoadRequested({ resource: 'members', requestId: 'r3', key: 'beta' }),
    ).state
    expect(state.admin.resources.members).toEqual({ status: 'loading', requestId: 'r3' })
    expect(state.admin.membersOf).toBe('beta')
  })

  it('loading another list between two loads of a project’s members keeps that project’s list', () => {
    const shown = [{ name: 'dev', roles: ['Developer'] }]
    const state = admin.given(
      A.LoadRequested({ resource: 'members', requestId: 'r1', key: 'alpha' }),
      A.Loaded({ requestId: 'r1', data: { resource: 'members', value: shown } }),
      A.LoadRequested({ resource: 'users', requestId: 'r2' }),
      A.Loaded({ requestId: 'r2', data: { resource: 'users', value: [] } }),
      A.LoadRequested({ resource: 'users', requestId: 'r3' }),
      A.LoadRequested({ resource: 'members', requestId: 'r4', key: 'alpha' }),
    ).state
    expect(state.admin.membersOf).toBe('alpha')
    expect(state.admin.resources.users).toEqual({ status: 'loading', requestId: 'r3', previous: [] })
    expect(state.admin.resources.members).toEqual({ status: 'loading', requestId: 'r4', previous: shown })
  })

  it('signing out forgets everything the admin pages loaded and sent', () => {
    const state = admin.given(
      A.LoadRequested({ resource: 'users', requestId: 'r1' }),
      A.SaveRequested({ form: 'user', requestId: 's1', op: user(true, { passwordRef: 'v' }) }),
      SignedOut({ reason: 'user' }) as AppEvent,
    ).state
    expect(state.admin).toEqual(A.initialAdminState)
  })
})

describe('admin decider: saves', () => {
  it('a valid save is asked for, under the command’s id', () => {
    admin
      .given()
      .when(save('group', group('devs')))
      .then(A.SaveRequested({ form: 'group', requestId: 'id-1', op: group('devs') }))
  })

  it('no second save of a form while one is under way; another form may save', () => {
    const pending = admin.given(A.SaveRequested({ form: 'group', requestId: 's1', op: group('devs') }))
    pending.when(save('group', group('ops'))).rejected(/under way/)
    pending
      .when(save('permission', permission('read-all')))
      .then(A.SaveRequested({ form: 'permission', requestId: 'id-1', op: permission('read-all') }))
  })

  it('a form may be saved again once its save is done or failed', () => {
    for (const outcome of [
      A.Saved({ form: 'group', requestId: 's1', op: group('devs') }),
      A.SaveFailed({ form: 'group', requestId: 's1', failure: down }),
    ]) {
      admin
        .given(A.SaveRequested({ form: 'group', requestId: 's1', op: group('devs') }), outcome)
        .when(save('group', group('ops')))
        .then(A.SaveRequested({ form: 'group', requestId: 'id-1', op: group('ops') }))
    }
  })

  it('an invalid form is refused with its first problem, field by field', () => {
    admin
      .given()
      .when(save('generalConfig', general({ serverName: ' ' })))
      .rejected('invalid form: serverName: mandatory')
    admin
      .given()
      .when(save('generalConfig', general({ baseUrl: 'ftp://x' })))
      .rejected('invalid form: baseUrl: invalidUrl')
    admin
      .given()
      .when(save('proxy', proxy({ port: 0 })))
      .rejected('invalid form: port: portRange')
    admin
      .given()
      .when(save('proxy', proxy({ key: '' })))
      .rejected('invalid form: key: mandatory')
    admin
      .given()
      .when(save('project', { kind: 'createProject', project: { key: '1abc', name: 'A', description: '' } }))
      .rejected('invalid form: key: projectKeyStart')
    admin
      .given()
      .when(save('user', user(false, { email: 'not-an-address' })))
      .rejected('invalid form: email: invalidEmail')
    admin
      .given()
      .when(save('invitation', { kind: 'inviteUser', email: '' }))
      .rejected('invalid form: email: mandatory')
    admin
      .given()
      .when(save('group', group('')))
      .rejected('invalid form: name: mandatory')
    admin
      .given()
      .when(save('permission', permission('p', { alice: [] })))
      .rejected('invalid form: principals: chooseAction')
  })

  it('a new user needs a password; an edited one keeps theirs and is not renamed', () => {
    admin
      .given()
      .when(save('user', user(true)))
      .rejected('invalid form: password: mandatory')
    const withPassword = user(true, { passwordRef: 'vault-1' })
    admin
      .given()
      .when(save('user', withPassword))
      .then(A.SaveRequested({ form: 'user', requestId: 'id-1', op: withPassword }))
    // An existing user's name is not edited, so it is not checked again.
    const edited = user(false, { name: '' })
    admin
      .given()
      .when(save('user', edited))
      .then(A.SaveRequested({ form: 'user', requestId: 'id-1', op: edited }))
    admin
      .given()
      .when(save('user', user(true, { name: 'a b', passwordRef: 'vault-1' })))
      .rejected('invalid form: name: invalidName')
  })

  it('what needs no form is never refused for one', () => {
    const ops: A.SaveOp[] = [
      { kind: 'deleteProxy', key: '' },
      { kind: 'removeLogo' },
      { kind: 'saveMembers', key: 'alpha', members: [] },
    ]
    for (const op of ops) {
      admin
        .given()
        .when(save('proxyDelete', op))
        .then(A.SaveRequested({ form: 'proxyDelete', requestId: 'id-1', op }))
    }
  })

  it('a base URL is saved with its trailing slash, trimmed; an empty one stays empty', () => {
    const sent = (baseUrl: string) =>
      admin
        .given()
        .when(save('generalConfig', general({ baseUrl })))
        .events()[0] as ReturnType<typeof A.SaveRequested>
    const config = (e: ReturnType<typeof A.SaveRequested>) =>
      e.data.op.kind === 'saveGeneralConfig' ? e.data.op.config : undefined
    expect(config(sent(' https://acme.example/art '))?.baseUrl).toBe('https://acme.example/art/')
    expect(config(sent('https://acme.example/'))?.baseUrl).toBe('https://acme.example/')
    expect(config(sent('   '))?.baseUrl).toBe('   ')
    // An address the slash rule leaves alone (it has a query) is still saved without its spaces.
    expect(config(sent(' https://acme.example/?tenant=a '))?.baseUrl).toBe('https://acme.example/?tenant=a')
    expect(config(sent(''))?.serverName).toBe('Acme')
    // Only the general settings have a base URL to complete.
    expect(sent('').data.op).toEqual(general())
    expect(admin.given().when(save('proxy', proxy())).events()[0]).toEqual(
      A.SaveRequested({ form: 'proxy', requestId: 'id-1', op: proxy() }),
    )
  })

  it('a submission is pending, then done or failed with why; reset makes it idle', () => {
    const pending = admin.given(A.SaveRequested({ form: 'proxy', requestId: 's1', op: proxy() }))
    expect(pending.state.admin.forms.proxy).toEqual({ status: 'pending', requestId: 's1' })
    const done = admin.given(
      A.SaveRequested({ form: 'proxy', requestId: 's1', op: proxy() }),
      A.Saved({ form: 'proxy', requestId: 's1', op: proxy() }),
    )
    expect(done.state.admin.forms.proxy).toEqual({ status: 'done', requestId: 's1' })
    const failed = admin.given(
      A.SaveRequested({ form: 'proxy', requestId: 's1', op: proxy() }),
      A.SaveFailed({ form: 'proxy', requestId: 's1', failure: down }),
    )
    expect(failed.state.admin.forms.proxy).toEqual({ status: 'failed', requestId: 's1', failure: down })
    failed.when({ type: 'admin/ResetForm', form: 'proxy' }).then(A.FormReset({ form: 'proxy' }))
    expect(failed.when({ type: 'admin/ResetForm', form: 'proxy' }).after().admin.forms.proxy).toEqual({
      status: 'idle',
    })
    expect(done.state.admin.forms.user).toEqual({ status: 'idle' })
  })

  it('resetting one form leaves the other forms and the lists as they were', () => {
    const state = admin.given(
      A.LoadRequested({ resource: 'groups', requestId: 'r1' }),
      A.SaveRequested({ form: 'group', requestId: 's1', op: group('devs') }),
      A.SaveRequested({ form: 'proxy', requestId: 's2', op: proxy() }),
      A.SaveFailed({ form: 'proxy', requestId: 's2', failure: down }),
      A.FormReset({ form: 'proxy' }),
    ).state
    expect(state.admin.forms.proxy).toEqual({ status: 'idle' })
    expect(state.admin.forms.group).toEqual({ status: 'pending', requestId: 's1' })
    expect(state.admin.resources.groups).toEqual({ status: 'loading', requestId: 'r1' })
  })

  it('resetting an idle form records nothing', () => {
    admin.given().when({ type: 'admin/ResetForm', form: 'group' }).nothing()
  })
})

describe('admin: what follows a save on the bus', () => {
  const policies = appSlice(A.adminArea).policies!
  const state: AppState = foldEvents([])
  const after = (op: A.SaveOp, form: A.AdminForm = 'user') =>
    policies(
      { seq: 1, at: specMeta.now, source: 'effect', corr: 'c', event: A.Saved({ form, requestId: 's', op }) },
      state,
    )
  const toast = (message: object) => ({ type: 'notifications/Show', kind: 'success', message })
  const load = (resource: A.AdminResource, key?: string) =>
    key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key }
  const go = (to: string) => ({ type: 'navigation/Navigate', to })

  it('the general settings and the logo: a toast, nothing to reload', () => {
    const saved = toast({ key: 'saved', subject: 'generalSettings' })
    expect(after(general())).toEqual([saved])
    expect(after({ kind: 'uploadLogo', fileRef: 'f' })).toEqual([saved])
    expect(after({ kind: 'removeLogo' })).toEqual([saved])
  })

  it('a proxy saved opens the list of proxies; one deleted reloads it', () => {
    expect(after(proxy())).toEqual([
      load('proxies'),
      toast({ key: 'saved', subject: 'proxy', name: 'corp' }),
      go('/admin/proxies/configuration/list'),
    ])
    expect(after({ kind: 'deleteProxy', key: 'corp' })).toEqual([
      load('proxies'),
      toast({ key: 'deleted', subject: 'proxy', name: 'corp' }),
    ])
  })

  it('a project created opens its page, its key made safe for the address', () => {
    expect(
      after({ kind: 'createProject', project: { key: 'a/b c', name: 'Alpha', description: '' } }),
    ).toEqual([
      load('projects'),
      toast({ key: 'created', subject: 'project', name: 'Alpha' }),
      go('/admin/projects/overview/a%2Fb%20c'),
    ])
  })

  it('members saved reload that project’s members', () => {
    expect(after({ kind: 'saveMembers', key: 'alpha', members: [] })).toEqual([
      load('members', 'alpha'),
      toast({ key: 'saved', subject: 'projectMembers' }),
    ])
  })

  it('users and groups are two views of one membership: saving either reloads both', () => {
    expect(after(user(false))).toEqual([
      load('users'),
      load('groups'),
      toast({ key: 'saved', subject: 'user', name: 'alice' }),
      go('/admin/management/users'),
    ])
    expect(after(group('devs'))).toEqual([
      load('groups'),
      load('users'),
      toast({ key: 'saved', subject: 'group', name: 'devs' }),
      go('/admin/management/groups'),
    ])
  })

  it('deleting a user, a group or a permission reloads its list and stays on the page', () => {
    expect(after({ kind: 'deleteUser', name: 'bob' })).toEqual([
      load('users'),
      toast({ key: 'deleted', subject: 'user', name: 'bob' }),
    ])
    expect(after({ kind: 'deleteGroup', name: 'devs' })).toEqual([
      load('groups'),
      toast({ key: 'deleted', subject: 'group', name: 'devs' }),
    ])
    expect(after({ kind: 'deletePermission', name: 'p' })).toEqual([
      load('permissions'),
      toast({ key: 'deleted', subject: 'permission', name: 'p' }),
    ])
  })

  it('a permission saved opens the permissions list; an invitation only says it was sent', () => {
    expect(after(permission('read-all'))).toEqual([
      load('permissions'),
      toast({ key: 'saved', subject: 'permission', name: 'read-all' }),
      go('/admin/management/permissions'),
    ])
    expect(after({ kind: 'inviteUser', email: 'x@example.com' })).toEqual([
      toast({ key: 'invitationSent', email: 'x@example.com' }),
    ])
  })

  it('nothing follows a request or a failure', () => {
    const on = (event: AppEvent) =>
      policies({ seq: 1, at: specMeta.now, source: 'effect', corr: 'c', event }, state)
    expect(on(A.SaveRequested({ form: 'user', requestId: 's', op: user(false) }))).toEqual([])
    expect(on(A.SaveFailed({ form: 'user', requestId: 's', failure: down }))).toEqual([])
  })
})
