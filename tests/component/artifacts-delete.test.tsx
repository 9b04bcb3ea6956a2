// Delete in the artifacts browser's file details: offered on a local repository's file
// after a confirmation that names a package version, a refusal said in the details, and a
// deleted file gone from its folder with its repository selected; never offered on a remote one,
// but for an admin on a remote's cached file (a cached version going whole).
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { artifactsEffects } from '../../commands/effects/artifacts'
import type { ArtifactsApi, Result } from '../../adapters/ports'
import type { TreeChild } from '../../domain/artifacts/types'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import { artifactInfo, treeRepository } from '../support/fixtures'
import { giveElementsASize } from '../support/jsdomLayout'

// The tree is a virtual list: its rows render in a viewport.
giveElementsASize()

const effects = { ...navigationEffects, ...artifactsEffects }
const developer = { user: { name: 'developer' }, features: { artifactBrowser: true } } as const

/** Two repositories, each with a file at its root; `remove` answers with the next of `answers`. */
function api(...answers: Array<Result<void>>) {
  const files: Record<string, TreeChild[]> = {
    'generic-local': [{ name: 'a.txt', path: 'a.txt', folder: false, size: 12 }],
    'npm-remote': [{ name: 'b.txt', path: 'b.txt', folder: false, size: 12 }],
    'generic-remote': [{ name: 'c.txt', path: 'c.txt', folder: false, size: 12 }],
  }
  const removed: string[] = []
  const port: ArtifactsApi = {
    ...notFaked<ArtifactsApi>(),
    repositories: async () =>
      right([
        treeRepository('generic-local', 'generic', 'local'),
        treeRepository('npm-remote', 'npm', 'remote'),
        treeRepository('generic-remote', 'generic', 'remote'),
      ]),
    children: async (repoKey) =>
      right({ children: files[repoKey] ?? [], total: files[repoKey]?.length ?? 0 }),
    info: async (repoKey, path) =>
      right(artifactInfo(repoKey, path, repoKey.startsWith('generic-') ? undefined : '1.3.0')),
    remove: async (repoKey, path) => {
      const answer = answers[Math.min(removed.length, answers.length - 1)]!
      removed.push(`${repoKey}/${path}`)
      if (answer._tag === 'Right') files[repoKey] = files[repoKey]!.filter((c) => c.path !== path)
      return answer
    },
  }
  return { port, removed }
}

describe('deleting a file in the artifacts browser', () => {
  it('asks first, says why it was refused, then deletes it: gone from its folder, its repository selected', async () => {
    const user = userEvent.setup()
    const { port, removed } = api(
      left({ kind: 'status', status: 403, message: 'not yours' }),
      right(undefined),
    )
    renderShell('/artifacts/browse/generic-local/a.txt', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByText('a'.repeat(64))
    const tree = screen.getByRole('tree', { name: 'Repositories and their files' })
    expect(await within(tree).findByRole('treeitem', { name: 'a.txt, 12 B' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete a.txt?' })
    // Cancel deletes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(removed).toEqual([])
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete a.txt?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await within(details).findByRole('alert')).toHaveTextContent(
      'a.txt could not be deleted: the platform refused it with status 403: not yours.',
    )
    await user.click(within(details).getByRole('button', { name: 'Delete' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete a.txt?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await waitFor(() => expect(within(tree).queryByRole('treeitem', { name: /^a\.txt/ })).toBeNull())
    expect(removed).toEqual(['generic-local/a.txt', 'generic-local/a.txt'])
    expect(within(tree).getByRole('treeitem', { name: 'generic-local, Generic' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await screen.findByText('Deleted a.txt from generic-local')).toBeInTheDocument()
  })

  it('offers no Delete on a remote repository', async () => {
    const { port } = api(right(undefined))
    renderShell('/artifacts/browse/npm-remote/b.txt', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByText('a'.repeat(64))
    expect(within(details).queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it("offers an admin Delete of a generic remote's cached file, saying it is fetched again", async () => {
    const user = userEvent.setup()
    const { port, removed } = api(right(undefined))
    const admin = { ...developer, user: { name: 'admin', admin: true } } as const
    renderShell('/artifacts/browse/generic-remote/c.txt', admin, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await user.click(await within(details).findByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete c.txt?' })
    expect(confirm).toHaveTextContent('fetches it from the upstream again')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(removed).toEqual(['generic-remote/c.txt']))
  })

  it("offers an admin Delete of an npm remote's cached version, saying it is fetched again", async () => {
    const user = userEvent.setup()
    const { port, removed } = api(right(undefined))
    const admin = { ...developer, user: { name: 'admin', admin: true } } as const
    renderShell('/artifacts/browse/npm-remote/b.txt', admin, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await user.click(await within(details).findByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete left-pad 1.3.0?' })
    expect(confirm).toHaveTextContent(
      'left-pad 1.3.0 leaves the cache with all its files; the next request for it fetches it from the upstream again.',
    )
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(removed).toEqual(['npm-remote/b.txt']))
  })

  it("offers a developer no Delete of a generic remote's cached file", async () => {
    const { port } = api(right(undefined))
    renderShell('/artifacts/browse/generic-remote/c.txt', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByText('a'.repeat(64))
    expect(within(details).queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})
