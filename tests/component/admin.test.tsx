import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import kitSurface from '../../ui/shared/kit/surface.module.css'
import kitPage from '../../ui/shared/kit/page.module.css'
import adminStyles from '../../ui/admin/admin.module.css'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { AdminApi, PlatformApi } from '../../adapters/ports'
import type { Proxy } from '../../domain/admin'
import { highlightParts } from '../../domain/admin'
import { navigationEffects } from '../../commands/effects/navigation'
import { adminEffects } from '../../commands/effects/admin'
import { notFaked } from '../support/fakePorts'
import { corpusLines } from '../support/corpora'
import { renderShell } from './shellFixtures'
import { titleCaseLabels } from '../support/sentenceCase'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = { ...navigationEffects, ...adminEffects }

function fakeAdminApi(over: Partial<AdminApi> = {}): AdminApi & { saved: unknown[] } {
  const saved: unknown[] = []
  const proxies: Proxy[] = [
    { key: 'corp', host: 'proxy.corp', port: 3128, defaultProxy: true, hasPassword: false },
  ]
  return {
    ...notFaked<AdminApi>(),
    saved,
    proxies: () => Promise.resolve(right(proxies)),
    saveProxy: (create, proxy) => {
      saved.push({ create, proxy })
      return Promise.resolve(right({ ...proxy, hasPassword: proxy.password !== undefined }))
    },
    generalConfig: () => Promise.resolve(right({ serverName: 'Acme', baseUrl: '', customMessage: '' })),
    ...over,
  }
}

/** An admin API whose general-configuration saves succeed and are kept in `saved`. */
function savingGeneralConfig(): { saved: unknown[]; adminApi: AdminApi } {
  const saved: unknown[] = []
  const adminApi = fakeAdminApi({
    saveGeneralConfig: (c) => {
      saved.push(c)
      return Promise.resolve(right(c))
    },
  })
  return { saved, adminApi }
}

/**
 * A save of the general settings confirmed once: the spec's success toast, and no second line in
 * the form (the gallery showed both an inline 'Saved.' and the toast).
 */
async function savedOnce() {
  const toasts = await screen.findByRole('region', { name: /^Notifications/ })
  expect(await within(toasts).findByText('General settings saved')).toBeInTheDocument()
  const form = screen.getByRole('form', { name: 'General settings' })
  expect(within(form).queryByRole('status')).not.toBeInTheDocument()
  expect(within(form).queryByText('Saved.')).not.toBeInTheDocument()
}

describe('admin pages', () => {
  it('highlights menu matches literally; a group with nothing usable does not show', async () => {
    const user = userEvent.setup()
    const { view } = renderShell(
      '/admin/artifactory/list',
      { ...admin, services: ['artifactory'] },
      {},
      effects,
    )
    // The first test of the file waits for the area's first import (kit, icons) too.
    const search = await screen.findByRole('searchbox', { name: 'Search settings' }, { timeout: 15_000 })
    // Xray items are disabled without the xray service: their group has nothing usable, so it
    // is not shown (spec 000 section 2).
    expect(screen.getByRole('heading', { name: 'Monitoring' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Xray Settings' })).not.toBeInTheDocument()
    await user.type(search, 'prox')
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Proxies' }).querySelector('mark')).toHaveTextContent(
      'Prox',
    )
    expect(within(main).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
    await user.clear(search)
    await user.type(search, '.*')
    expect(screen.getByText('No settings match your search.')).toBeInTheDocument()
    expect(view.container.querySelectorAll('script, img[onerror]')).toHaveLength(0)
  })

  it("draws the menu grid's groups as the kit's cards, laid out by the kit, each headed by its icon", async () => {
    renderShell('/admin/artifactory/list', admin, {}, effects)
    const users = await screen.findByRole('list', { name: 'User Management' }, { timeout: 15_000 })
    // The group's card was a copy of the kit's (its own padding, and a margin that doubled the
    // grid's gap between rows); its title had no icon, unlike the sidebar's same pages.
    const card = users.closest('li')!
    expect(card).toHaveClass(kitSurface.card!)
    // Laid out by the kit's cards rule (18rem columns): at 14rem the titles wrapped at 1920 px.
    expect(card.parentElement).toHaveClass(kitPage.cards!)
    const title = within(card).getByRole('heading', { name: 'User Management', level: 2 })
    expect(title.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    expect(within(users).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/ui/admin/management/users',
    )
  })

  it("lists Security Settings' pages in the Platform Configurations card, as the sidebar has them", async () => {
    renderShell('/admin/artifactory/list', admin, {}, effects)
    const security = await screen.findByRole('list', { name: 'Security Settings' }, { timeout: 15_000 })
    // The grid kept a Security Settings card of its own while the sidebar and the trail put the
    // page under Platform Configurations.
    expect(screen.queryByRole('heading', { name: 'Security Settings', level: 2 })).not.toBeInTheDocument()
    const card = security.closest('li:not([data-testid])')!
    expect(within(card as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Platform Configurations',
    )
    expect(within(security).getByRole('link', { name: 'SAML' })).toHaveAttribute(
      'href',
      '/ui/admin/configuration/security/saml_integration',
    )
  })

  it('never builds markup or a pattern from hostile search text (xss corpus)', () => {
    const lines = corpusLines('xss')
    expect(lines.length).toBeGreaterThan(10)
    for (const line of lines) {
      const text = `Settings ${line} end`
      const parts = highlightParts(text, line)
      expect(parts.map((p) => p.text).join('')).toBe(text)
      if (line.trim() !== '' && line.toLowerCase().length === line.length)
        expect(parts.some((p) => p.match)).toBe(true)
    }
  })

  it('shows general settings with breadcrumbs and validates before saving', async () => {
    const user = userEvent.setup()
    const { saved, adminApi } = savingGeneralConfig()
    renderShell('/admin/configuration/general', admin, { adminApi }, effects)
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(crumbs).toHaveTextContent('Platform ConfigurationsPlatform ManagementGeneral Settings')
    const name = await screen.findByLabelText('Server name')
    // Marked required (the kit's mark and aria-required), as the form refuses it empty; Base URL is not.
    expect(name).toBeRequired()
    expect(screen.getByLabelText('Base URL')).not.toBeRequired()
    await user.clear(name)
    await user.type(screen.getByLabelText('Base URL'), 'not a url')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('This field is mandatory')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid URL')).toBeInTheDocument()
    expect(saved).toEqual([])
    await user.type(name, 'Renamed')
    await user.clear(screen.getByLabelText('Base URL'))
    await user.type(screen.getByLabelText('Base URL'), 'https://repo.example/')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await savedOnce()
    expect(saved).toEqual([
      {
        serverName: 'Renamed',
        baseUrl: 'https://repo.example/',
        customMessage: '',
        logoUrl: '',
        accountPortalUrl: '',
      },
    ])
  })

  it('imports a general configuration from a .json file, refusing a wrong type or size and keeping the form', async () => {
    // The user may pick "All files" in the dialog: the console checks the type itself.
    const user = userEvent.setup({ applyAccept: false })
    const { saved, adminApi } = savingGeneralConfig()
    renderShell('/admin/configuration/general', admin, { adminApi }, effects)
    const name = await screen.findByLabelText('Server name', {}, { timeout: 15_000 })
    await user.clear(name)
    await user.type(name, 'Typed')
    const input = await screen.findByLabelText('Configuration file')
    expect(input).toHaveAttribute('accept', '.json')
    // The kit's FileField: the input drawn as a secondary button, no browser-default picker.
    expect(input.closest('span')).toHaveTextContent('Import configuration')
    expect(input).toHaveAccessibleDescription(/a \.json file exported from this page/i)
    const exported = { serverName: 'Imported', baseUrl: 'https://repo.example/', customMessage: 'Hi' }
    await user.upload(input, new File([JSON.stringify(exported)], 'config.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert')).toHaveTextContent('File should have an extension of .json')
    expect(input).toHaveAccessibleDescription(/File should have an extension of \.json/)
    expect(input).toBeInvalid()
    const big = new File(['{}'], 'config.json', { type: 'application/json' })
    Object.defineProperty(big, 'size', { value: 13 * 1024 * 1024 + 1 })
    await user.upload(input, big)
    expect(screen.getByRole('alert')).toHaveTextContent('File size should be less than 13 MB')
    await user.upload(input, new File(['{"serverName": 1}'], 'config.json', { type: 'application/json' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The file does not hold a general configuration')
    expect(name).toHaveValue('Typed')
    expect(saved).toEqual([])
    // What GET answered (extra fields and all) is accepted back: the codec keeps the form's fields.
    const answer = { ...exported, readOnlyMode: false, revision: 7 }
    await user.upload(input, new File([JSON.stringify(answer)], 'config.json', { type: 'application/json' }))
    await savedOnce()
    expect(saved).toEqual([{ ...exported, readOnlyMode: false }])
    expect(name).toHaveValue('Imported')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('switches read-only mode in General Settings, and this console takes it at once', async () => {
    const user = userEvent.setup()
    const saved: unknown[] = []
    let readOnlyMode = false
    const adminApi = fakeAdminApi({
      saveGeneralConfig: (c) => {
        saved.push(c)
        readOnlyMode = c.readOnlyMode === true
        return Promise.resolve(right(c))
      },
    })
    const platformApi = {
      ...notFaked<PlatformApi>(),
      features: () => Promise.resolve(right({ readOnlyMode })),
    }
    const { app } = renderShell('/admin/configuration/general', admin, { adminApi, platformApi }, effects)
    const toggle = await screen.findByRole('checkbox', { name: 'Read-only mode' }, { timeout: 15_000 })
    expect(toggle).not.toBeChecked()
    expect(screen.getByText(/anyone who tries is told the platform is in read-only mode/)).toBeInTheDocument()
    await user.click(toggle)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await savedOnce()
    expect(saved).toEqual([
      {
        serverName: 'Acme',
        baseUrl: '',
        customMessage: '',
        readOnlyMode: true,
        logoUrl: '',
        accountPortalUrl: '',
      },
    ])
    await expect.poll(() => app.getState().platform.features.readOnlyMode).toBe(true)
  })

  it('creates a proxy, keeping what was typed when the server refuses it, and the password out of the log', async () => {
    const user = userEvent.setup()
    let refuse = true
    const adminApi = fakeAdminApi()
    const accept = adminApi.saveProxy
    adminApi.saveProxy = (create, proxy) => {
      if (refuse)
        return Promise.resolve(
          left({ kind: 'status', status: 409, message: 'A proxy named edge already exists' }),
        )
      return accept(create, proxy)
    }
    const { app } = renderShell('/admin/proxies/configuration/new', admin, { adminApi }, effects)
    await user.type(await screen.findByLabelText('Proxy key'), 'edge')
    await user.type(screen.getByLabelText('Host'), 'edge.proxy')
    await user.type(screen.getByLabelText('Port'), 'abc')
    await user.type(screen.getByLabelText('Password'), 'hunter2-secret')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(screen.getByText('Port must be a number from 1 to 65535')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Port'))
    await user.type(screen.getByLabelText('Port'), '8080')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('A proxy named edge already exists')
    expect(screen.getByLabelText('Proxy key')).toHaveValue('edge')
    expect(screen.getByLabelText('Host')).toHaveValue('edge.proxy')
    refuse = false
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByRole('heading', { name: 'Proxies' })).toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe('/admin/proxies/configuration/list')
    expect(adminApi.saved).toEqual([
      {
        create: true,
        proxy: {
          key: 'edge',
          host: 'edge.proxy',
          port: 8080,
          defaultProxy: false,
          password: 'hunter2-secret',
        },
      },
    ])
    expect(app.exportLog()).not.toContain('hunter2-secret')
  })

  it('lists proxies and shows the loading failure', async () => {
    const adminApi = fakeAdminApi({
      proxies: () => Promise.resolve(left({ kind: 'network', message: 'offline' })),
    })
    renderShell('/admin/proxies/configuration/list', admin, { adminApi }, effects)
    expect(await screen.findByRole('alert')).toHaveTextContent('The proxies could not be loaded')
  })

  it('deletes a proxy only after the confirmation', async () => {
    const user = userEvent.setup()
    const deleted: string[] = []
    const adminApi = fakeAdminApi({
      deleteProxy: (key) => {
        deleted.push(key)
        return Promise.resolve(right(undefined))
      },
    })
    renderShell('/admin/proxies/configuration/list', admin, { adminApi }, effects)
    await user.click(await screen.findByRole('button', { name: 'Delete proxy corp' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete proxy corp?' })
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(deleted).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Proxy corp deleted')).toBeInTheDocument()
    expect(deleted).toEqual(['corp'])
  })

  it('shows the teaser index at /demo/admin/ itself (every module), not a 404', async () => {
    renderShell('/demo/admin/', admin, {}, effects)
    expect(await screen.findByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/pre-populated Dev and Prod environments/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Learn more about Projects' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /not found/i })).not.toBeInTheDocument()
  })

  // Spec 000 section 2 lists both as admin paths reachable from menus: neither says "not available".
  it('opens the integrations catalogue for Integrations and the Environments teaser for Environments', async () => {
    const { view, app } = renderShell('/admin/environments', admin, {}, effects)
    expect(await screen.findByRole('heading', { name: 'Environments', level: 1 })).toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe('/demo/admin/environments')
    expect(screen.getByText(/pre-populated Dev and Prod environments/)).toBeInTheDocument()
    expect(screen.queryByText('This administration page is not available in this console yet')).toBeNull()
    view.unmount()
    renderShell('/admin/configuration/integrations', admin, {}, effects)
    expect(
      await screen.findByRole('heading', { name: /^Integrations/, level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.queryByText('This administration page is not available in this console yet')).toBeNull()
  })

  // The gallery showed both with the Application sidebar: an admin page the admin left the
  // Administration sidebar for, with no way back but its switch.
  it.each([
    ['/admin/configuration/integrations', /^Integrations/],
    ['/admin/projects/overview', 'Project Overview'],
  ])('keeps the Administration sidebar on %s', async (path, title) => {
    const { app } = renderShell(path, admin, {}, effects)
    expect(
      await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe(path)
    expect(screen.getByRole('navigation', { name: 'Administration' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Application' })).toBeNull()
  })

  it('ends the project creation form as the other admin forms: Cancel back to the list, then the primary Create project', async () => {
    renderShell('/admin/projects/create', admin, {}, effects)
    const form = await screen.findByRole('form', { name: 'Project' })
    expect(within(form).getByLabelText('Project key')).toBeRequired()
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/ui/admin/projects/list',
    )
    expect(within(form).getByRole('button', { name: 'Create project' })).toHaveAttribute('type', 'submit')
  })

  // The platform refuses a key of 129 characters: the form says so before it asks.
  it('refuses a project key longer than 128 characters in the form, and sends one of 128', async () => {
    const asked: string[] = []
    const adminApi = fakeAdminApi({
      projects: () => Promise.resolve(right([])),
      createProject: (p) => {
        asked.push(p.key)
        return Promise.resolve(right({ ...p, createdAt: '2026-01-02T03:04:05.000Z' }))
      },
    })
    const user = userEvent.setup()
    renderShell('/admin/projects/create', admin, { adminApi }, effects)
    const form = await screen.findByRole('form', { name: 'Project' })
    const key = within(form).getByLabelText('Project key')
    await user.type(within(form).getByLabelText('Project name'), 'Long')
    await user.click(key)
    await user.paste(`a${'b'.repeat(128)}`)
    await user.click(within(form).getByRole('button', { name: 'Create project' }))
    expect(await within(form).findByText('Project key must be at most 128 characters')).toBeInTheDocument()
    expect(asked).toEqual([])
    await user.type(key, '{Backspace}')
    await user.click(within(form).getByRole('button', { name: 'Create project' }))
    await waitFor(() => expect(asked).toEqual([`a${'b'.repeat(127)}`]))
  })

  it("shows a project's overview as a kit page: its pages as tabs with the current one marked, its creation as a relative time, not the platform's ISO text", async () => {
    const createdAt = '2026-01-02T03:04:05.000Z'
    const adminApi = fakeAdminApi({
      projects: () =>
        Promise.resolve(right([{ key: 'alpha', name: 'Alpha', description: 'The first', createdAt }])),
    })
    renderShell('/admin/projects/overview/alpha', admin, { adminApi }, effects)
    expect(await screen.findByRole('heading', { name: 'Alpha', level: 1 })).toBeInTheDocument()
    const tabs = screen.getByRole('navigation', { name: 'Project' })
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs).getByRole('link', { name: 'Members' })).not.toHaveAttribute('aria-current')
    expect(tabs.textContent).not.toContain('|')
    expect(screen.getByText('Created')).toBeInTheDocument()
    expect(screen.queryByText(createdAt)).not.toBeInTheDocument()
    expect(document.querySelector(`time[datetime="${createdAt}"]`)).not.toBeNull()
  })

  it('opened without a project, a project page says none is chosen and leads to the list, with no tabs to nowhere', async () => {
    for (const [path, title] of [
      ['/admin/projects/overview', 'Project Overview'],
      ['/admin/projects/members', 'Project Members'],
    ] as const) {
      const { view } = renderShell(path, admin, {}, effects)
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument()
      expect(screen.getByText('No project chosen')).toBeInTheDocument()
      // The page's way to the list, not the breadcrumb trail's link to it.
      expect(
        within(screen.getByRole('region', { name: title })).getByRole('link', { name: 'Choose a project' }),
      ).toHaveAttribute('href', '/ui/admin/projects/list')
      expect(screen.queryByRole('navigation', { name: 'Project' })).not.toBeInTheDocument()
      expect(screen.queryByText(/There is no project named/)).not.toBeInTheDocument()
      view.unmount()
    }
  })

  // 'Proxy Key', 'Project Name', 'Include Patterns', 'Server Name' were Title Case beside the
  // user forms' 'Username' and 'Email'.
  it('labels the proxy, project, repository and general settings forms in sentence case', async () => {
    const pages = [
      ['/admin/proxies/configuration/new', 'Proxy'],
      ['/admin/projects/create', 'Project'],
      ['/admin/repositories/local/new', 'Repository'],
      ['/admin/repositories/remote/new', 'Repository'],
      ['/admin/repositories/virtual/new', 'Repository'],
      ['/admin/configuration/general', 'General settings'],
    ] as const
    for (const [path, name] of pages) {
      const { view } = renderShell(path, admin, { adminApi: fakeAdminApi() }, effects)
      const form = await screen.findByRole('form', { name }, { timeout: 15_000 })
      // The package type tiles name their vendors' products as the vendors write them
      // ("Hugging Face ML"): a name, not a title-cased label.
      expect(titleCaseLabels(form, { buttons: true, names: ['Face'] }), path).toEqual([])
      view.unmount()
    }
  })

  it('draws the new repository page as the other admin pages: the kit title, the key marked required', async () => {
    renderShell('/admin/repositories/local/new', admin, {}, effects)
    const title = await screen.findByRole('heading', { name: 'New Local Repository', level: 1 })
    expect(title).toHaveClass(kitSurface.pageTitle!)
    expect(await screen.findByLabelText('Repository key')).toBeRequired()
  })

  it("heads every admin page with the kit's one page header, actions and all", async () => {
    // The editors', the lists' and the placeholders' titles were a header block of the admin
    // area's own (admin.module.css composing the kit's), 3 px lower than the kit's PageHeader.
    const pages = [
      ['/admin/proxies/configuration/new', 'New Proxy'],
      ['/admin/proxies/configuration/list', 'Proxies'],
      ['/admin/repositories/local/new', 'New Local Repository'],
      ['/admin/projects/create', 'Create Project'],
      ['/admin/environments', 'Environments'],
      ['/admin/artifactory/list', 'Administration'],
    ] as const
    for (const [path, name] of pages) {
      const { view } = renderShell(path, admin, { adminApi: fakeAdminApi() }, effects)
      const title = await screen.findByRole('heading', { name, level: 1 })
      expect(title).toHaveClass(kitSurface.pageTitle!)
      expect(title.closest('header')).toHaveClass(kitSurface.pageHeader!)
      view.unmount()
    }
    renderShell('/admin/proxies/configuration/list', admin, { adminApi: fakeAdminApi() }, effects)
    const header = (await screen.findByRole('heading', { name: 'Proxies', level: 1 })).closest('header')!
    expect(within(header).getByRole('link', { name: /New proxy/ }).parentElement).toHaveClass(
      kitSurface.pageActions!,
    )
  })

  // 'New Proxy' and 'Create Project' were Title Case beside 'New policy' and 'Create watch'.
  it("names the proxies' and projects' create links in sentence case", async () => {
    for (const [path, title, create] of [
      ['/admin/proxies/configuration/list', 'Proxies', 'New proxy'],
      ['/admin/projects/list', 'Projects', 'Create project'],
    ] as const) {
      const { view } = renderShell(path, admin, { adminApi: fakeAdminApi() }, effects)
      const header = (await screen.findByRole('heading', { name: title, level: 1 })).closest('header')!
      expect(within(header).getByRole('link', { name: create })).toBeVisible()
      view.unmount()
    }
  })

  it("lists peers as the monitoring pages do: a line on what the page holds, each status the topology's badge with its icon", async () => {
    const adminApi = fakeAdminApi({
      peers: () =>
        Promise.resolve(
          right([
            {
              id: 'node-1',
              host: 'vm',
              status: 'Online',
              lastHeartbeat: '2026-01-01T00:00:00.000Z',
              services: ['artifactory'],
            },
            {
              id: 'node-2',
              host: 'vm2',
              status: 'Offline',
              lastHeartbeat: '2026-01-01T00:00:00.000Z',
              services: [],
            },
          ]),
        ),
    })
    renderShell('/admin/monitoring/pdn', admin, { adminApi }, effects)
    const table = await screen.findByRole('table', { name: 'Peers' })
    expect(
      screen.getByText("The platform's nodes, when each last sent its heartbeat, and the services it runs."),
    ).toHaveClass(kitSurface.pageDescription!)
    // Online and Offline carry an icon as Topology's Online/Offline and Service Status's Healthy
    // do (a bare word before), and an offline node is a danger, as on Topology.
    const online = within(within(table).getByRole('row', { name: /node-1/ })).getByText('Online')
    expect(online.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    const offline = within(within(table).getByRole('row', { name: /node-2/ })).getByText('Offline')
    expect(offline.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    expect(offline).toHaveAttribute('data-tone', 'danger')
    // Its services named as Topology's headings name them (capitalised there by CSS too).
    expect(within(table).getByText('artifactory')).toHaveClass(adminStyles.serviceNames!)
    // What to do next (one row alone was the page): where each node's health, removal
    // and logs are.
    const steps = within(screen.getByRole('region', { name: 'Looking after the nodes' }))
    expect(steps.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/ui/admin/mission_control/topology',
      '/ui/admin/monitoring/service-status',
      '/ui/admin/monitoring/system_logs',
    ])
  })

  it("says under each admin list's title what it holds, as Security Settings and the monitoring pages do", async () => {
    const pages = [
      ['/admin/management/users', 'Users', 'The people who sign in to the platform'],
      ['/admin/management/groups', 'Groups', 'A group gives its members the same permissions at once.'],
      ['/admin/management/permissions', 'Permissions', 'A permission says which users and groups'],
      ['/admin/proxies/configuration/list', 'Proxies', "A proxy carries the remote repositories' traffic"],
      ['/admin/projects/list', 'Projects', 'A project brings together repositories'],
      ['/admin/license_management/licenses', 'Licences', 'The licence each node of the platform runs under'],
      [
        '/admin/configuration/general',
        'General Settings',
        'What the platform is called and where it is reached',
      ],
    ] as const
    for (const [path, name, words] of pages) {
      const { view } = renderShell(path, admin, { adminApi: fakeAdminApi() }, effects)
      const header = (await screen.findByRole('heading', { name, level: 1 })).closest('header')!
      expect(within(header).getByText((text) => text.startsWith(words))).toHaveClass(
        kitSurface.pageDescription!,
      )
      view.unmount()
    }
    // An empty list's state no longer says it again under its title.
    renderShell(
      '/admin/proxies/configuration/list',
      admin,
      { adminApi: fakeAdminApi({ proxies: () => Promise.resolve(right([])) }) },
      effects,
    )
    await screen.findByText('No proxies are configured')
    expect(
      screen.getAllByText("A proxy carries the remote repositories' traffic out to the internet."),
    ).toHaveLength(1)
  })

  // Spec 000 section 2's seven teaser paths, each its own module and only that one.
  it.each([
    ['projects/list', 'Projects'],
    ['configuration/security/ldap', 'User Authentication'],
    ['environments', 'Environments'],
    ['management/users', 'User Management'],
    ['configuration/security/general', 'Platform Security'],
    ['configuration/general', 'Platform Management'],
    ['monitoring', 'Platform Monitoring'],
  ])('shows the teaser path /demo/admin/%s as the %s module alone', async (path, label) => {
    renderShell(`/demo/admin/${path}`, { ...admin, footer: { licenseType: 'N/A' } }, {}, effects)
    expect(
      await screen.findByRole('heading', { name: label, level: 1 }, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /^Learn more about / }).map((l) => l.textContent)).toEqual([
      `Learn more about ${label}`,
    ])
  })

  it('shows the admin teaser module for a teased path, ending with the free trial invitation', async () => {
    renderShell('/demo/admin/environments', { ...admin, footer: { licenseType: 'N/A' } }, {}, effects)
    expect(await screen.findByRole('heading', { name: 'Environments', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/pre-populated Dev and Prod environments/)).toBeInTheDocument()
    const trial = screen.getByRole('complementary', { name: 'Free trial' })
    expect(within(trial).getByRole('link', { name: 'Start a free trial' })).toBeInTheDocument()
  })

  // Environments is a teaser on every licence (the console has none to list): a licensed admin
  // was invited to a free trial of the platform they already have.
  it('offers a licensed admin at Environments no free trial', async () => {
    renderShell('/admin/environments', admin, {}, effects)
    expect(await screen.findByRole('heading', { name: 'Environments', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/pre-populated Dev and Prod environments/)).toBeInTheDocument()
    expect(screen.queryByRole('complementary', { name: 'Free trial' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Start a free trial' })).toBeNull()
  })
})
