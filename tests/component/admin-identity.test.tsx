/** The identity pages (users, groups, permissions, global roles) against an in-memory admin API. */
import kitSurface from '../../ui/shared/kit/surface.module.css'
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { AdminApi, AdminUserInput, Result } from '../../adapters/ports'
import type { AdminUser, Group, Permission } from '../../domain/admin'
import type { Failure } from '../../domain/shared/failure'
import { navigationEffects } from '../../commands/effects/navigation'
import { adminEffects } from '../../commands/effects/admin'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'
import { chooseOption } from '../support/kitSelect'
import { titleCaseLabels } from '../support/sentenceCase'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = { ...navigationEffects, ...adminEffects }
const T0 = '2026-01-01T00:00:00.000Z'

const makeUser = (name: string, over: Partial<AdminUser> = {}): AdminUser => ({
  name,
  email: `${name}@example.com`,
  admin: false,
  realm: 'internal',
  mfaRequired: false,
  mfaEnrolled: false,
  passwordExpired: false,
  credentialsExpired: false,
  disabled: false,
  groups: [],
  createdAt: T0,
  lastLoginAt: null,
  ...over,
})

const never = <A,>(): Promise<Result<A>> => new Promise(() => {})
const fail = (status: number, message: string): Promise<Result<never>> =>
  Promise.resolve(left({ kind: 'status', status, message } satisfies Failure))

/** An admin API over plain arrays; `calls` records every change it was asked for. */
function fakeIdentityApi(over: Partial<AdminApi> = {}) {
  const users: AdminUser[] = [
    makeUser('admin', { admin: true, lastLoginAt: '2026-03-04T05:06:07.000Z' }),
    makeUser('alice', { mfaRequired: true, mfaEnrolled: true, groups: ['readers'] }),
    makeUser('bob', { email: 'bob@home.example' }),
  ]
  const groups: Group[] = [
    { name: 'readers', description: 'Read everything', autoJoin: true, members: ['alice'], createdAt: T0 },
    { name: 'writers', description: '', autoJoin: false, members: [], createdAt: T0 },
  ]
  const permissions: Permission[] = [
    {
      name: 'deployers',
      repositories: ['npm-local'],
      includePatterns: ['**'],
      excludePatterns: [],
      users: { alice: ['read', 'deploy'] },
      groups: { readers: ['read'] },
      createdAt: T0,
    },
  ]
  const calls: unknown[] = []
  const toUser = (u: AdminUserInput): AdminUser => {
    const { password: _password, resetMfa: _resetMfa, ...rest } = u
    return makeUser(u.name, rest)
  }
  const api: AdminApi = {
    ...notFaked<AdminApi>(),
    users: () => Promise.resolve(right([...users])),
    groups: () => Promise.resolve(right([...groups])),
    permissions: () => Promise.resolve(right([...permissions])),
    saveUser: (create, u) => {
      calls.push({ saveUser: { create, user: u } })
      return Promise.resolve(right(toUser(u)))
    },
    deleteUser: (name) => {
      calls.push({ deleteUser: name })
      return Promise.resolve(right(undefined))
    },
    invite: (email) => {
      calls.push({ invite: email })
      return Promise.resolve(right({ email, expiresAt: T0 }))
    },
    saveGroup: (create, g) => {
      calls.push({ saveGroup: { create, group: g } })
      return Promise.resolve(right({ ...g, createdAt: T0 }))
    },
    deleteGroup: (name) => {
      calls.push({ deleteGroup: name })
      return Promise.resolve(right(undefined))
    },
    savePermission: (create, p) => {
      calls.push({ savePermission: { create, permission: p } })
      return Promise.resolve(right({ ...p, createdAt: T0 }))
    },
    deletePermission: (name) => {
      calls.push({ deletePermission: name })
      return Promise.resolve(right(undefined))
    },
    ...over,
  }
  return { api, calls, users, groups, permissions }
}

const open = (path: string, over: Partial<AdminApi> = {}) => {
  const fake = fakeIdentityApi(over)
  const rendered = renderShell(path, admin, { adminApi: fake.api }, effects)
  return { ...fake, ...rendered }
}

describe('list pages: loading, empty and error states', () => {
  const pages = [
    {
      path: '/admin/management/users',
      call: 'users',
      what: 'users',
      empty: 'There are no users yet',
      first: ['Create the first user', '/admin/management/users/new'],
    },
    {
      path: '/admin/management/groups',
      call: 'groups',
      what: 'groups',
      empty: 'There are no groups yet',
      first: ['Create the first group', '/admin/management/groups/new'],
    },
    {
      path: '/admin/management/permissions',
      call: 'permissions',
      what: 'permissions',
      empty: 'There are no permissions yet',
      first: ['Create the first permission', '/admin/management/permissions/create'],
    },
  ] as const

  it('users: Retry after a failure asks again and shows the list', async () => {
    let calls = 0
    open('/admin/management/users', {
      users: () => (++calls === 1 ? fail(500, 'boom') : Promise.resolve(right([]))),
    })
    // The first test of the file waits for the area's first import (kit, icons) too.
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 })
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('There are no users yet')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  for (const page of pages) {
    it(`${page.what}: loading`, async () => {
      open(page.path, { [page.call]: never })
      expect(await screen.findByText(`Loading ${page.what}…`)).toHaveAttribute('role', 'status')
    })

    it(`${page.what}: the server's failure is shown`, async () => {
      open(page.path, { [page.call]: () => fail(500, 'database is locked') })
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `The ${page.what} could not be loaded: the platform refused it with status 500: database is locked.`,
      )
    })

    it(`${page.what}: nothing yet, with the way on to the first one`, async () => {
      open(page.path, { [page.call]: () => Promise.resolve(right([])) })
      expect(await screen.findByText(page.empty)).toBeInTheDocument()
      const [name, href] = page.first
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/ui${href}`)
    })
  }
})

describe('users', () => {
  it('lists users (an admin and a disabled one marked) with email, realm, MFA and last login, and filters them', async () => {
    const user = userEvent.setup()
    const fake = fakeIdentityApi()
    fake.users.push(makeUser('carl', { disabled: true, realm: 'saml' }))
    renderShell('/admin/management/users', admin, { adminApi: fake.api }, effects)
    const table = await screen.findByRole('table')
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name} `) })
    const cells = within(row('admin')).getAllByRole('cell')
    // A realm by the name Security Settings gives its page, not the platform's id ('internal').
    expect(within(row('carl')).getAllByRole('cell')[0]).toHaveTextContent(/^SAML$/)
    expect(cells.map((c) => c.textContent)).toEqual([
      'Internal',
      'Off',
      expect.stringMatching(/ago$/),
      // Delete is an icon, named for the user.
      '',
    ])
    expect(within(cells[3]!).getByRole('button', { name: 'Delete user admin' })).toBeInTheDocument()
    // The address is under the name, not a column of its own (at 1024 px the column broke it
    // before its '@'); cut where narrow, it is whole in its title and to screen readers.
    const address = within(within(row('admin')).getByRole('rowheader')).getByText('admin@example.com')
    // An admin is marked by the name (a column of Yes and No left the MFA state no room at 1024 px).
    expect(within(row('admin')).getByRole('rowheader')).toHaveTextContent(/^admin Admin admin@example\.com$/)
    expect(address).toHaveAttribute('title', 'admin@example.com')
    expect(within(table).getByRole('columnheader', { name: 'User' })).toBeInTheDocument()
    // The last login is relative ('8 months ago'), the exact instant in the time element.
    expect(cells[2]?.querySelector('time')).toHaveAttribute(
      'datetime',
      expect.stringMatching(/^2026-03-04T05:06/),
    )
    expect(row('alice')).toHaveTextContent('Required, enrolled')
    // A disabled account is marked in the list, by its name, not only in its editor.
    expect(within(row('carl')).getByRole('rowheader')).toHaveTextContent(/^carl Disabled carl@example\.com$/)
    expect(within(row('bob')).getByRole('rowheader')).toHaveTextContent(/^bob bob@home\.example$/)
    expect(row('bob')).toHaveTextContent('Never')
    await user.type(screen.getByRole('searchbox', { name: 'Filter users' }), 'HOME')
    expect(within(table).queryByRole('row', { name: /^alice / })).not.toBeInTheDocument()
    expect(row('bob')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Filter users' }), 'zzz')
    expect(screen.getByText('No user matches “HOMEzzz”')).toBeInTheDocument()
  })

  it('creates a user with groups; the password reaches the API but never the log, and a refusal keeps the form', async () => {
    const user = userEvent.setup()
    let refuse = true
    const fake = fakeIdentityApi()
    const accept = fake.api.saveUser
    const { app } = (() => {
      const api: AdminApi = {
        ...fake.api,
        saveUser: (create, u) =>
          refuse ? fail(409, 'A user named carol already exists') : accept(create, u),
      }
      return renderShell('/admin/management/users/new', admin, { adminApi: api }, effects)
    })()
    const form = await screen.findByRole('form', { name: 'User' })
    // The auto-join group is chosen for a new user; the other one is not.
    expect(within(form).getByRole('checkbox', { name: 'readers' })).toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'writers' })).not.toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Create user' }))
    expect(within(form).getAllByText('This field is mandatory')).toHaveLength(3)
    await user.type(within(form).getByLabelText('Username'), 'carol smith')
    await user.type(within(form).getByLabelText('Email'), 'carol@')
    await user.type(within(form).getByLabelText('Password'), 'short')
    expect(
      within(form).getByText('Name can only contain alphanumeric characters, dashes and periods'),
    ).toBeVisible()
    expect(within(form).getByText('Enter a valid email address')).toBeVisible()
    expect(within(form).getByText('Password must be at least 8 characters')).toBeVisible()
    await user.clear(within(form).getByLabelText('Username'))
    await user.type(within(form).getByLabelText('Username'), 'carol')
    await user.type(within(form).getByLabelText('Email'), 'example.com')
    await user.type(within(form).getByLabelText('Password'), '-secret-42')
    await user.click(within(form).getByRole('checkbox', { name: 'MFA required' }))
    await user.click(within(form).getByRole('checkbox', { name: 'writers' }))
    await user.click(within(form).getByRole('button', { name: 'Create user' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('A user named carol already exists')
    expect(within(form).getByLabelText('Username')).toHaveValue('carol')
    expect(within(form).getByLabelText('Password')).toHaveValue('short-secret-42')
    refuse = false
    await user.click(within(form).getByRole('button', { name: 'Create user' }))
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe('/admin/management/users')
    expect(fake.calls).toEqual([
      {
        saveUser: {
          create: true,
          user: {
            name: 'carol',
            email: 'carol@example.com',
            admin: false,
            mfaRequired: true,
            passwordExpired: false,
            credentialsExpired: false,
            disabled: false,
            groups: ['readers', 'writers'],
            password: 'short-secret-42',
          },
        },
      },
    ])
    expect(app.exportLog()).not.toContain('short-secret-42')
  })

  it('edits a user: email, admin, groups, expiry, MFA reset and a new password', async () => {
    const user = userEvent.setup()
    const { calls, app } = open('/admin/management/users/edit/alice')
    const form = await screen.findByRole('form', { name: 'User' })
    expect(screen.getByRole('heading', { name: 'Edit User alice' })).toBeInTheDocument()
    expect(within(form).queryByLabelText('Username')).not.toBeInTheDocument()
    const email = within(form).getByLabelText('Email')
    expect(email).toHaveValue('alice@example.com')
    await user.clear(email)
    await user.type(email, 'alice@corp.example')
    await user.click(within(form).getByRole('checkbox', { name: 'Administrator' }))
    await user.click(within(form).getByRole('checkbox', { name: 'readers' }))
    await user.click(within(form).getByRole('checkbox', { name: 'writers' }))
    await user.click(within(form).getByRole('checkbox', { name: /Expire password/ }))
    await user.click(within(form).getByRole('checkbox', { name: 'Expire credentials' }))
    await user.click(within(form).getByRole('checkbox', { name: /Reset MFA/ }))
    await user.type(within(form).getByLabelText('New password'), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    expect(calls).toEqual([
      {
        saveUser: {
          create: false,
          user: {
            name: 'alice',
            email: 'alice@corp.example',
            admin: true,
            mfaRequired: true,
            passwordExpired: true,
            credentialsExpired: true,
            disabled: false,
            groups: ['writers'],
            password: 'brand-new-pass',
            resetMfa: true,
          },
        },
      },
    ])
    expect(app.exportLog()).not.toContain('brand-new-pass')
  })

  it('disables a user and enables a disabled one; a refusal (yourself) is shown and the form kept', async () => {
    const user = userEvent.setup()
    const fake = fakeIdentityApi()
    fake.users.push(makeUser('carl', { disabled: true }))
    const accept = fake.api.saveUser
    const api: AdminApi = {
      ...fake.api,
      saveUser: (create, u) =>
        u.name === 'admin' ? fail(409, 'You cannot disable your own account') : accept(create, u),
    }
    const first = renderShell('/admin/management/users/edit/bob', admin, { adminApi: api }, effects)
    let form = await screen.findByRole('form', { name: 'User' })
    const box = within(form).getByRole('checkbox', { name: /^Disabled/ })
    expect(box).not.toBeChecked()
    await user.click(box)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    first.view.unmount()
    const second = renderShell('/admin/management/users/edit/carl', admin, { adminApi: api }, effects)
    form = await screen.findByRole('form', { name: 'User' })
    const ticked = within(form).getByRole('checkbox', { name: /^Disabled/ })
    expect(ticked).toBeChecked()
    await user.click(ticked)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument()
    expect(fake.calls.map((c) => (c as { saveUser: { user: AdminUserInput } }).saveUser.user)).toEqual([
      expect.objectContaining({ name: 'bob', disabled: true }),
      expect.objectContaining({ name: 'carl', disabled: false }),
    ])
    second.view.unmount()
    renderShell('/admin/management/users/edit/admin', admin, { adminApi: api }, effects)
    form = await screen.findByRole('form', { name: 'User' })
    await user.click(within(form).getByRole('checkbox', { name: /^Disabled/ }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot disable your own account')
    expect(screen.getByRole('form', { name: 'User' })).toBeInTheDocument()
  })

  it('shows the editor loading while the groups to choose from load', async () => {
    open('/admin/management/users/edit/alice', { groups: never })
    expect(await screen.findByText('Loading groups…')).toHaveAttribute('role', 'status')
  })

  it('says so when the user does not exist or the users cannot be loaded', async () => {
    const first = open('/admin/management/users/edit/nobody')
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no user named nobody.')
    first.view.unmount()
    open('/admin/management/users/edit/alice', { users: () => fail(503, 'try later') })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user could not be loaded: the platform refused it with status 503: try later.',
    )
  })

  it('deletes after a confirmation and shows a refusal (yourself, the last admin) clearly', async () => {
    const user = userEvent.setup()
    const { calls } = open('/admin/management/users', {
      deleteUser: (name) =>
        name === 'admin'
          ? fail(409, 'You cannot delete your own account')
          : Promise.resolve(right(undefined)),
    })
    await user.click(await screen.findByRole('button', { name: 'Delete user bob' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete user bob?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete user admin' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete user admin?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete your own account')
  })

  it('deletes a user and reloads the list', async () => {
    const user = userEvent.setup()
    const fake = fakeIdentityApi()
    fake.api.deleteUser = (name) => {
      fake.calls.push({ deleteUser: name })
      fake.users.splice(
        fake.users.findIndex((u) => u.name === name),
        1,
      )
      return Promise.resolve(right(undefined))
    }
    renderShell('/admin/management/users', admin, { adminApi: fake.api }, effects)
    await user.click(await screen.findByRole('button', { name: 'Delete user bob' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete user bob?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await screen.findByText('User bob deleted')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'bob' })).not.toBeInTheDocument()
    expect(fake.calls).toEqual([{ deleteUser: 'bob' }])
  })

  it('invites by email, and shows the server refusing an address', async () => {
    const user = userEvent.setup()
    let refuse = true
    const { calls } = open('/admin/management/users', {
      invite: (email) =>
        refuse
          ? fail(400, 'Invalid request: email: Enter a valid email address')
          : Promise.resolve(right({ email, expiresAt: T0 })),
    })
    const form = await screen.findByRole('form', { name: 'Invite a user' })
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }))
    expect(within(form).getByText('This field is mandatory')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Email to invite'), 'new@example.com')
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a valid email address')
    expect(within(form).getByLabelText('Email to invite')).toHaveValue('new@example.com')
    refuse = false
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }))
    // Confirmed once, by the spec's success toast; the form holds no second line saying so.
    const toasts = await screen.findByRole('region', { name: /^Notifications/ })
    expect(await within(toasts).findByText('Invitation sent to new@example.com')).toBeInTheDocument()
    expect(within(form).queryByRole('status')).not.toBeInTheDocument()
    expect(calls).toEqual([])
  })
})

describe('groups', () => {
  it('lists groups and creates one with members', async () => {
    const user = userEvent.setup()
    const { calls } = open('/admin/management/groups')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('row', { name: /^readers / })).toHaveTextContent('Read everything')
    await user.click(screen.getByRole('link', { name: 'New group' }))
    const form = await screen.findByRole('form', { name: 'Group' })
    await user.type(within(form).getByLabelText('Group name'), 'ops team')
    await user.click(within(form).getByRole('button', { name: 'Create group' }))
    expect(
      within(form).getByText('Name can only contain alphanumeric characters, dashes and periods'),
    ).toBeVisible()
    await user.clear(within(form).getByLabelText('Group name'))
    await user.type(within(form).getByLabelText('Group name'), 'ops')
    await user.type(within(form).getByLabelText('Description'), 'On call')
    await user.click(within(form).getByRole('checkbox', { name: /Automatically join/ }))
    await user.click(
      within(within(form).getByRole('group', { name: 'Members' })).getByRole('checkbox', { name: 'bob' }),
    )
    await user.click(within(form).getByRole('button', { name: 'Create group' }))
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument()
    expect(calls).toEqual([
      {
        saveGroup: {
          create: true,
          group: { name: 'ops', description: 'On call', autoJoin: true, members: ['bob'] },
        },
      },
    ])
  })

  it('edits a group, keeps it on a refusal, and deletes one', async () => {
    const user = userEvent.setup()
    let refuse = true
    const fake = fakeIdentityApi()
    const accept = fake.api.saveGroup
    fake.api.saveGroup = (create, g) =>
      refuse ? fail(400, 'members: there is no user named ghost') : accept(create, g)
    renderShell('/admin/management/groups/edit/readers', admin, { adminApi: fake.api }, effects)
    const form = await screen.findByRole('form', { name: 'Group' })
    expect(within(form).getByRole('checkbox', { name: 'alice' })).toBeChecked()
    await user.clear(within(form).getByLabelText('Description'))
    await user.type(within(form).getByLabelText('Description'), 'Readers only')
    await user.click(within(form).getByRole('checkbox', { name: /Automatically join/ }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('members: there is no user named ghost')
    expect(within(form).getByLabelText('Description')).toHaveValue('Readers only')
    refuse = false
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await user.click(await screen.findByRole('button', { name: 'Delete group writers' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete group writers?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await screen.findByText('Group writers deleted')).toBeInTheDocument()
    expect(fake.calls).toEqual([
      {
        saveGroup: {
          create: false,
          group: { name: 'readers', description: 'Readers only', autoJoin: false, members: ['alice'] },
        },
      },
      { deleteGroup: 'writers' },
    ])
  })

  it('says so for an unknown group', async () => {
    open('/admin/management/groups/edit/ghosts')
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no group named ghosts.')
  })
})

describe('permissions', () => {
  it('lists permissions and edits one: repositories, patterns and the actions of users and groups', async () => {
    const user = userEvent.setup()
    const { calls } = open('/admin/management/permissions')
    const row = await screen.findByRole('row', { name: /^deployers / })
    expect(row).toHaveTextContent('npm-local')
    await user.click(within(row).getByRole('link', { name: 'deployers' }))
    const form = await screen.findByRole('form', { name: 'Permission' })
    await user.type(within(form).getByLabelText('Repositories (one per line)'), '{Enter}docker-local')
    await user.type(within(form).getByLabelText('Exclude patterns (one per line)'), '**/*.tmp')
    const alice = within(form).getByRole('group', { name: 'user alice' })
    expect(within(alice).getByRole('checkbox', { name: 'deploy' })).toBeChecked()
    await user.click(within(alice).getByRole('checkbox', { name: 'delete' }))
    // A principal with no action left is refused before anything is sent.
    const readers = within(form).getByRole('group', { name: 'group readers' })
    await user.click(within(readers).getByRole('checkbox', { name: 'read' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one action for group readers')
    await user.click(within(form).getByRole('button', { name: 'Remove group readers' }))
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Principal type' }), 'Group')
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Principal' }), 'writers')
    await user.click(within(form).getByRole('button', { name: 'Add' }))
    await user.click(
      within(within(form).getByRole('group', { name: 'group writers' })).getByRole('checkbox', {
        name: 'deploy',
      }),
    )
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Permissions', level: 1 })).toBeInTheDocument()
    expect(calls).toEqual([
      {
        savePermission: {
          create: false,
          permission: {
            name: 'deployers',
            repositories: ['npm-local', 'docker-local'],
            includePatterns: ['**'],
            excludePatterns: ['**/*.tmp'],
            users: { alice: ['read', 'deploy', 'delete'] },
            groups: { writers: ['read', 'deploy'] },
          },
        },
      },
    ])
  })

  it('says None where a permission names no repository, user or group, never a blank cell', async () => {
    open('/admin/management/permissions', {
      permissions: () =>
        Promise.resolve(
          right([
            {
              name: 'unused',
              repositories: [],
              includePatterns: ['**'],
              excludePatterns: [],
              users: {},
              groups: {},
              createdAt: T0,
            },
          ]),
        ),
    })
    const row = await screen.findByRole('row', { name: /^unused / })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['None', 'None', 'None', ''])
  })

  it('creates a permission, keeping the form when the server refuses it, and deletes one', async () => {
    const user = userEvent.setup()
    let refuse = true
    const fake = fakeIdentityApi()
    const accept = fake.api.savePermission
    fake.api.savePermission = (create, p) =>
      refuse ? fail(409, 'A permission named deployers already exists') : accept(create, p)
    renderShell('/admin/management/permissions/create', admin, { adminApi: fake.api }, effects)
    const form = await screen.findByRole('form', { name: 'Permission' })
    expect(within(form).getByLabelText('Include patterns (one per line)')).toHaveValue('**')
    expect(within(form).getByText('No user or group has any action yet.')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Create permission' }))
    expect(within(form).getByText('This field is mandatory')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Permission name'), 'deployers')
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Principal' }), 'bob')
    await user.click(within(form).getByRole('button', { name: 'Add' }))
    await user.click(within(form).getByRole('button', { name: 'Create permission' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A permission named deployers already exists',
    )
    expect(within(form).getByRole('group', { name: 'user bob' })).toBeInTheDocument()
    await user.clear(within(form).getByLabelText('Permission name'))
    await user.type(within(form).getByLabelText('Permission name'), 'bob-reads')
    refuse = false
    await user.click(within(form).getByRole('button', { name: 'Create permission' }))
    await user.click(await screen.findByRole('button', { name: 'Delete permission deployers' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete permission deployers?' })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    )
    expect(await screen.findByText('Permission deployers deleted')).toBeInTheDocument()
    expect(fake.calls).toEqual([
      {
        savePermission: {
          create: true,
          permission: {
            name: 'bob-reads',
            repositories: [],
            includePatterns: ['**'],
            excludePatterns: [],
            users: { bob: ['read'] },
            groups: {},
          },
        },
      },
      { deletePermission: 'deployers' },
    ])
  })

  it('shows the editor loading and failure states', async () => {
    const first = open('/admin/management/permissions/edit/deployers', { users: never })
    expect(await screen.findByText('Loading users…')).toHaveAttribute('role', 'status')
    first.view.unmount()
    open('/admin/management/permissions/edit/deployers', { permissions: () => fail(500, 'boom') })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The permission could not be loaded: the platform refused it with status 500: boom.',
    )
  })
})

describe('global roles', () => {
  it('says the platform has no global roles and lists the project roles read-only', async () => {
    open('/admin/management/global_roles')
    expect(await screen.findByRole('heading', { name: 'Global Roles', level: 1 })).toBeInTheDocument()
    // Said under the title, as the other pages of user management say what they hold (it was a
    // paragraph of its own under the tabs).
    const title = screen.getByRole('heading', { name: 'Global Roles', level: 1 })
    expect(
      within(title.closest('header')!).getByText(/^No global roles here: a project's Members page gives/),
    ).toHaveClass(kitSurface.pageDescription!)
    const roles = screen.getByRole('list', { name: 'Project roles (read-only)' })
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Project Admin', 'Developer', 'Contributor', 'Viewer', 'Release Manager'])
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument()
  })
})

describe("the identity pages' words", () => {
  // Sentence case, as every other form's labels: 'User Name', 'New Password', 'Group Name' and
  // 'Permission Name' were Title Case among 'Email' and 'MFA required'.
  it('labels the user, group and permission forms in sentence case', async () => {
    const pages = [
      ['/admin/management/users/new', 'User'],
      ['/admin/management/users/edit/bob', 'User'],
      ['/admin/management/groups/new', 'Group'],
      ['/admin/management/permissions/create', 'Permission'],
    ] as const
    for (const [path, name] of pages) {
      const { view } = open(path)
      const form = await screen.findByRole('form', { name })
      expect(titleCaseLabels(form, { buttons: true }), path).toEqual([])
      view.unmount()
    }
  })

  // 'New User', 'Create Group', 'Create Permission' were Title Case beside 'New policy', 'Create
  // watch' and 'Send invitation'.
  it("names the lists' create links in sentence case, as every other action", async () => {
    for (const [path, title, create] of [
      ['/admin/management/users', 'Users', 'New user'],
      ['/admin/management/groups', 'Groups', 'New group'],
      ['/admin/management/permissions', 'Permissions', 'New permission'],
    ] as const) {
      const { view } = open(path)
      const header = (await screen.findByRole('heading', { name: title, level: 1 })).closest('header')!
      expect(within(header).getByRole('link', { name: create })).toBeVisible()
      view.unmount()
    }
  })

  // 'Send Invitation' was the one Title Case button beside 'Invite by email'.
  it('words the invitation form in sentence case, its button too', async () => {
    open('/admin/management/users')
    const form = await screen.findByRole('form', { name: 'Invite a user' })
    expect(titleCaseLabels(form, { buttons: true })).toEqual([])
  })
})
