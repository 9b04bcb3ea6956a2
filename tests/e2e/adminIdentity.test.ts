// The identity pages in Chromium against the reference server: an admin creates a group and a
// user in it, the user signs in, and the admin changes a permission and deletes the user.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { adminCookie, currentUser } from './loginHelpers'
import { signIn } from '../support/signIn'
import { chooseOption } from './kitSelect'

withPlatformAndChromium()

/** The admin API as the server answers it (to check what the pages really changed). */
async function api(method: string, path: string, body?: unknown) {
  const headers = browserHeaders(server.url, await adminCookie(server))
  if (body === undefined) delete headers['content-type']
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

const PASSWORD = 'tess-e2e-password-1'

describe('admin identity pages (e2e)', () => {
  it('creates a group and a user in it, who signs in; then a permission changes and the user is deleted', async () => {
    await api('POST', '/ui/admin/permissions', {
      name: 'qa-deploy',
      repositories: ['npm-local'],
      users: {},
      groups: {},
    })
    const admin = await (await browser.newContext()).newPage()
    await signIn(server, admin, 'admin', server.config.adminPassword)

    // A group, through its page.
    await admin.goto(`${server.url}/ui/admin/management/groups/new`)
    const groupForm = admin.getByRole('form', { name: 'Group' })
    await groupForm.getByLabel('Group name').fill('qa')
    await groupForm.getByLabel('Description').fill('Quality assurance')
    await groupForm.getByRole('button', { name: 'Create group' }).click()
    await admin.getByRole('row', { name: /^qa Quality assurance/ }).waitFor()

    // A user in that group; a refused name first, which keeps what was typed.
    await admin.goto(`${server.url}/ui/admin/management/users/new`)
    const userForm = admin.getByRole('form', { name: 'User' })
    await userForm.getByLabel('Username').fill('admin')
    await userForm.getByLabel('Email').fill('tess@example.com')
    await userForm.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await userForm.getByRole('checkbox', { name: 'qa' }).check()
    await userForm.getByRole('button', { name: 'Create user' }).click()
    await expect.poll(() => userForm.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/admin/)
    expect(await userForm.getByLabel('Email').inputValue()).toBe('tess@example.com')
    await userForm.getByLabel('Username').fill('tess')
    // The vault gave the password away with the refused request; it is typed in the form still.
    expect(await userForm.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD)
    await userForm.getByRole('button', { name: 'Create user' }).click()
    await admin.getByRole('link', { name: 'tess' }).waitFor()
    expect((await api('GET', '/ui/admin/users/tess')).body).toMatchObject({
      name: 'tess',
      email: 'tess@example.com',
      admin: false,
      // The group chosen, and the platform's default readers group every new user joins.
      groups: ['qa', 'readers'],
    })

    // The new user signs in with the password the admin set.
    const tess = await (await browser.newContext()).newPage()
    await signIn(server, tess, 'tess', PASSWORD)
    expect(await currentUser(tess)).toMatchObject({ name: 'tess', anonymous: false })

    // Back as admin: the group may now deploy, and tess may read and annotate.
    await admin.goto(`${server.url}/ui/admin/management/permissions`)
    await admin.getByRole('link', { name: 'qa-deploy' }).click()
    const permissionForm = admin.getByRole('form', { name: 'Permission' })
    await chooseOption(admin, permissionForm.getByRole('combobox', { name: 'Principal type' }), 'Group')
    await chooseOption(admin, permissionForm.getByRole('combobox', { name: 'Principal', exact: true }), 'qa')
    await permissionForm.getByRole('button', { name: 'Add' }).click()
    await permissionForm
      .getByRole('group', { name: 'group qa' })
      .getByRole('checkbox', { name: 'deploy' })
      .check()
    await chooseOption(admin, permissionForm.getByRole('combobox', { name: 'Principal type' }), 'User')
    await chooseOption(
      admin,
      permissionForm.getByRole('combobox', { name: 'Principal', exact: true }),
      'tess',
    )
    await permissionForm.getByRole('button', { name: 'Add' }).click()
    await permissionForm
      .getByRole('group', { name: 'user tess' })
      .getByRole('checkbox', { name: 'annotate' })
      .check()
    await permissionForm.getByRole('button', { name: 'Save' }).click()
    await admin.getByRole('row', { name: /^qa-deploy / }).waitFor()
    expect((await api('GET', '/ui/admin/permissions/qa-deploy')).body).toMatchObject({
      repositories: ['npm-local'],
      users: { tess: ['read', 'annotate'] },
      groups: { qa: ['read', 'deploy'] },
    })

    // Deleting oneself is refused, with the server's reason; deleting tess works.
    await admin.goto(`${server.url}/ui/admin/management/users`)
    await admin.getByRole('button', { name: 'Delete user admin' }).click()
    await admin
      .getByRole('alertdialog', { name: 'Delete user admin?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect
      .poll(() => admin.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toBe('You cannot delete your own account')
    await admin.getByRole('button', { name: 'Delete user tess' }).click()
    await admin
      .getByRole('alertdialog', { name: 'Delete user tess?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect.poll(() => admin.getByRole('link', { name: 'tess' }).count(), { timeout: 10_000 }).toBe(0)
    expect((await api('GET', '/ui/admin/users/tess')).status).toBe(404)
    expect((await api('GET', '/ui/admin/permissions/qa-deploy')).body).toMatchObject({ users: {} })
  })
})
