/**
 * The Repositories page on apps seeded by events, with a fake port: a skeleton while loading,
 * the list with filters by kind and type, an error with Retry, and an admin's delete.
 */
import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import RepositoriesArea from '../../ui/repositories'
import { REPOSITORY_PACKAGE_TYPES } from '../../domain/repositories'
import type { RepositoriesApi } from '../../adapters/ports'
import { repositorySummary } from '../support/fixtures'
import { renderArea, signedIn } from './packagesHarness'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'
import { chooseOption } from '../support/kitSelect'
import kit from '../../ui/shared/kit/page.module.css'
import surface from '../../ui/shared/kit/surface.module.css'
import { buttonClass } from '../../ui/shared/kit/Button'

const repo = repositorySummary
const REPOS = [
  repo('npm-local', 'local', 'npm'),
  repo('npm', 'virtual', 'npm'),
  repo('debian-remote', 'remote', 'debian'),
]

/** A port whose answers the test hands out one by one. */
function controlledApi() {
  const lists: Array<(answer: Awaited<ReturnType<RepositoriesApi['list']>>) => void> = []
  const removed: string[] = []
  const api: RepositoriesApi = {
    list: () => new Promise((resolve) => lists.push(resolve)),
    save: async (form) => right(form.key),
    remove: async (key) => {
      removed.push(key)
      return right(undefined)
    },
    createQuickly: async () => right({ created: [], existing: [] }),
    clientToken: async () => right({ token: 'cnt_test', user: 'developer' }),
    ...notFaked<Pick<RepositoriesApi, 'remote' | 'saveRemote' | 'testConnection'>>(),
  }
  return { api, lists, removed }
}

describe('repositories: the list', () => {
  it('shows a skeleton, then the repositories, and filters them by kind and type', async () => {
    const { api, lists } = controlledApi()
    renderArea(<RepositoriesArea />, {
      path: '/repos',
      seed: [signedIn('developer')],
      ports: { repositoriesApi: api },
    })
    // Gallery review: the skeleton is the table's own, rows under its header in the shape
    // of what comes (it was four grey bars with no table).
    expect(await screen.findByRole('table', { name: 'Repositories' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText('Loading Repositories')).toHaveAttribute('role', 'status')
    await vi.waitFor(() => expect(lists).toHaveLength(1), { timeout: 5000 })
    lists[0]!(right(REPOS))
    const table = screen.getByRole('table')
    await within(table).findByRole('rowheader', { name: 'debian-remote' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(within(table).getByRole('rowheader', { name: 'npm-local' })).toBeInTheDocument()
    // Gallery review: the list is the kit's page column like every other page (it was
    // not, and its header, filters and table were 12 px apart instead of the column's gap).
    expect(screen.getByRole('region', { name: 'Repositories' })).toHaveClass(kit.page!)
    // And its header is the kit's, with a line on what the page holds as Builds and Artifacts have.
    const header = screen.getByRole('heading', { level: 1, name: 'Repositories' }).closest('header')
    expect(header).toHaveClass(String(surface.pageHeader))
    expect(within(header!).getByText(/^Where packages and files are kept/)).toHaveClass(
      String(surface.pageDescription),
    )
    await chooseOption(userEvent.setup(), screen.getByRole('combobox', { name: 'Kind' }), 'Virtual')
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['npm'])
    await chooseOption(userEvent.setup(), screen.getByRole('combobox', { name: 'Package type' }), 'Debian')
    expect(screen.getByText('No repository matches these filters')).toBeInTheDocument()
    // A regular user does not get the admin actions.
    expect(screen.queryByRole('link', { name: 'New local repository' })).toBeNull()
  })

  it('says why the list failed and asks again on Retry', async () => {
    const { api, lists } = controlledApi()
    renderArea(<RepositoriesArea />, {
      path: '/repos',
      seed: [signedIn('developer')],
      ports: { repositoriesApi: api },
    })
    await vi.waitFor(() => expect(lists).toHaveLength(1), { timeout: 5000 })
    lists[0]!(left({ kind: 'status', status: 500, message: 'Internal server error' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The repositories could not be loaded: Internal server error.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(lists).toHaveLength(2), { timeout: 5000 })
    lists[1]!(right(REPOS))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it('an admin deletes a repository after confirming, and the list loads again', async () => {
    const { api, lists, removed } = controlledApi()
    renderArea(<RepositoriesArea />, {
      path: '/repos',
      seed: [signedIn('admin', true)],
      ports: { repositoriesApi: api },
    })
    await vi.waitFor(() => expect(lists).toHaveLength(1), { timeout: 5000 })
    lists[0]!(right(REPOS))
    expect(await screen.findByRole('link', { name: 'New virtual repository' })).toHaveAttribute(
      'href',
      '/admin/repositories/virtual/new',
    )
    // The create actions in sentence case, as every other list's (New group, New policy).
    expect(screen.getByRole('link', { name: 'New local repository' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New remote repository' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Quick repository creation' })).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete repository debian-remote' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete repository debian-remote?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await vi.waitFor(() => expect(removed).toEqual(['debian-remote']), { timeout: 5000 })
    await vi.waitFor(() => expect(lists).toHaveLength(2), { timeout: 5000 })
  })
})

describe('repositories: no repositories yet', () => {
  it("offers an admin the way on as the kit's button, not a bare link", async () => {
    const { api, lists } = controlledApi()
    renderArea(<RepositoriesArea />, {
      path: '/repos',
      seed: [signedIn('admin', true)],
      ports: { repositoriesApi: api },
    })
    await vi.waitFor(() => expect(lists).toHaveLength(1), { timeout: 5000 })
    lists[0]!(right([]))
    const way = await screen.findByRole('link', { name: 'Create repositories for a package type' })
    expect(way).toHaveAttribute('href', '/admin/repositories/quick')
    expect(way).toHaveClass(...buttonClass().split(' '))
  })
})

describe('repositories: quick creation', () => {
  // Gallery review: the description was a paragraph of its own, a gap below the title,
  // not the kit's page header as on the other pages.
  it("titles the page with the kit's page header, its description under the title", async () => {
    renderShell('/admin/repositories/quick', { user: { name: 'admin', admin: true } })
    const title = await screen.findByRole(
      'heading',
      { level: 1, name: 'Quick Repository Creation' },
      { timeout: 10_000 },
    )
    const header = title.closest('header')
    expect(header).toHaveClass(String(surface.pageHeader))
    expect(within(header!).getByText(/Choose package types/)).toHaveClass(String(surface.pageDescription))
  })

  // Gallery review: its form ended with Create alone and said a missing choice as bare
  // text, where every other admin form ends with Cancel back to its list and speaks in the kit's note.
  it('ends its form as the other admin forms: Cancel back to the list, the problem in the kit note', async () => {
    const user = userEvent.setup()
    renderShell('/admin/repositories/quick', { user: { name: 'admin', admin: true } })
    const form = await screen.findByRole('form', { name: 'Quick Repository Creation' }, { timeout: 10_000 })
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/ui/repos')
    await user.click(within(form).getByRole('button', { name: 'Create repositories' }))
    const alert = within(form).getByRole('alert')
    expect(alert).toHaveTextContent('Choose at least one package type')
    expect(alert).toHaveClass(String(surface.failureNote))
  })

  // Gallery review: its choices were bare names where the repository form's tiles and the
  // package-type filter show each type by its mark.
  it("shows each package type's mark between its box and its name; a click on it chooses the type", async () => {
    const user = userEvent.setup()
    renderShell('/admin/repositories/quick', { user: { name: 'admin', admin: true } })
    const types = await screen.findByRole('group', { name: 'Package types' }, { timeout: 10_000 })
    const npm = within(types).getByRole('checkbox', { name: 'npm' })
    const mark = (npm as HTMLInputElement).labels?.[0]?.querySelector('[data-mark]')
    expect(mark).toHaveAttribute('aria-hidden', 'true')
    await user.click(mark!)
    expect(npm).toBeChecked()
  })
})

describe('repositories: the create form', () => {
  it('offers every package type as a tile, and the chosen one decides the members and what is saved', async () => {
    const { api, lists } = controlledApi()
    const saved: Array<Parameters<RepositoriesApi['save']>[0]> = []
    const { app } = renderArea(<RepositoriesArea />, {
      path: '/admin/repositories/virtual/new',
      seed: [signedIn('admin', true)],
      ports: {
        repositoriesApi: {
          ...api,
          save: async (form) => {
            saved.push(form)
            return right(form.key)
          },
        },
      },
    })
    act(() =>
      app.dispatch({ type: 'navigation/SyncFromHistory', to: '/admin/repositories/virtual/new' }, 'router'),
    )
    await vi.waitFor(() => expect(lists.length).toBeGreaterThan(0), { timeout: 5000 })
    for (const answer of lists) answer(right(REPOS))
    const form = await screen.findByRole('form', { name: 'Repository' })
    // Named parts, each with its help beside its fields.
    for (const part of ['Package type', 'General', 'Paths', 'Members'])
      expect(within(form).getByRole('region', { name: part })).toBeInTheDocument()
    const types = within(form).getByRole('radiogroup', { name: 'Package type' })
    expect(within(types).getAllByRole('radio')).toHaveLength(REPOSITORY_PACKAGE_TYPES.length)
    expect(within(types).getByRole('radio', { name: 'npm' })).toBeChecked()
    // A tile at 1024 px holds about twelve letters a line: no caption has a longer word, which
    // the tile would break in two ('huggingfaceml' over 'model').
    for (const tile of within(types).getAllByRole('radio'))
      for (const word of (tile.textContent ?? '').split(/\s+/))
        expect(word.length, tile.getAttribute('aria-label') ?? '').toBeLessThanOrEqual(12)
    // Each type by its tool's own name, not the platform's id.
    for (const name of ['Hugging Face ML', 'PyPI', 'Git LFS', 'NuGet', 'CocoaPods', 'Docker'])
      expect(within(types).getByRole('radio', { name })).toHaveTextContent(name)
    expect(within(types).queryByRole('radio', { name: 'pypi' })).not.toBeInTheDocument()
    await userEvent.click(within(types).getByRole('radio', { name: 'Debian' }))
    expect(within(types).getByRole('radio', { name: 'Debian' })).toBeChecked()
    const members = within(form).getByRole('group', { name: 'Member repositories (in resolution order)' })
    await userEvent.click(within(members).getByRole('checkbox', { name: 'debian-remote (Remote)' }))
    await userEvent.type(within(form).getByRole('textbox', { name: /^Repository key/ }), 'debian')
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }))
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 })
    expect(saved[0]).toMatchObject({
      key: 'debian',
      kind: 'virtual',
      packageType: 'debian',
      members: ['debian-remote'],
    })
  })
})
