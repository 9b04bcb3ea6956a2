// An image tag's manifest.json in the artifacts browser: its details say which manifest the tag
// names, the other tags on it and what deleting the manifest frees; Delete takes the tag only
// (and says nothing is freed), Delete manifest takes the manifest with its tags after a
// confirmation naming them and the bytes, and the file leaves the tree.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { artifactsEffects } from '../../commands/effects/artifacts'
import type { ArtifactsApi } from '../../adapters/ports'
import type { TreeChild } from '../../domain/artifacts/types'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import { artifactInfo, treeRepository } from '../support/fixtures'
import { giveElementsASize } from '../support/jsdomLayout'

giveElementsASize()

const effects = { ...navigationEffects, ...artifactsEffects }
const developer = { user: { name: 'developer' }, features: { artifactBrowser: true } } as const
const digest = `sha256:${'d'.repeat(64)}`
const MANIFEST = 'app/1.0/manifest.json'

function api() {
  const folder = (name: string, path: string): TreeChild => ({ name, path, folder: true, size: 0 })
  const tree: Record<string, TreeChild[]> = {
    '': [folder('app', 'app')],
    app: [folder('1.0', 'app/1.0'), folder('latest', 'app/latest')],
    'app/1.0': [{ name: 'manifest.json', path: MANIFEST, folder: false, size: 12 }],
  }
  const calls: string[] = []
  const port: ArtifactsApi = {
    ...notFaked<ArtifactsApi>(),
    repositories: async () => right([treeRepository('docker-local', 'docker', 'local')]),
    children: async (_repoKey, path) => right({ children: tree[path] ?? [], total: tree[path]?.length ?? 0 }),
    info: async (repoKey, path) =>
      right({
        ...artifactInfo(repoKey, path),
        container: { image: 'app', tag: '1.0', digest, tags: ['1.0', 'latest'], frees: 3 * 1024 * 1024 },
      }),
    remove: async (repoKey, path) => {
      calls.push(`tag ${repoKey}/${path}`)
      return right(undefined)
    },
    removeImageManifest: async (repoKey, path) => {
      calls.push(`manifest ${repoKey}/${path}`)
      tree['app/1.0'] = []
      return right(undefined)
    },
  }
  return { port, calls }
}

describe("deleting an image's tag or manifest in the artifacts browser", () => {
  it('tells what each deletion takes and frees, and deletes the manifest with its tags', async () => {
    const user = userEvent.setup()
    const { port, calls } = api()
    renderShell(`/artifacts/browse/docker-local/${MANIFEST}`, developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    // The card is a section under its heading (the kit's Card names no region).
    const manifest = (await within(details).findByRole('heading', { name: 'Image manifest' })).closest(
      'section',
    )!
    expect(within(manifest).getByText(digest)).toBeInTheDocument()
    expect(within(manifest).getByText('1.0, latest')).toBeInTheDocument()
    expect(within(manifest).getByText('3.0 MB')).toBeInTheDocument()
    // One destructive action a card: the tag's on the file's card, the manifest's on its own
    // (both on the file's card, two red buttons side by side wrapped at 1024 px).
    const file = within(details).getByRole('heading', { name: 'manifest.json' }).closest('section')!
    expect(within(file).getByRole('button', { name: 'Delete tag' })).toBeInTheDocument()
    expect(within(file).queryByRole('button', { name: 'Delete manifest' })).toBeNull()
    expect(within(manifest).getByRole('button', { name: 'Delete manifest' })).toBeInTheDocument()
    expect(within(manifest).queryByRole('button', { name: 'Delete tag' })).toBeNull()

    // Delete tag: the tag only; the manifest stays by digest and by its other tag.
    await user.click(within(details).getByRole('button', { name: 'Delete tag' }))
    const tagOnly = await screen.findByRole('alertdialog', { name: 'Delete tag app:1.0?' })
    expect(tagOnly).toHaveTextContent(
      'The tag goes; manifest sha256:dddddddddddd stays, pulled by its digest or by latest, and keeps its layers: nothing is freed until the manifest is deleted.',
    )
    await user.click(within(tagOnly).getByRole('button', { name: 'Cancel' }))

    await user.click(within(details).getByRole('button', { name: 'Delete manifest' }))
    const whole = await screen.findByRole('alertdialog', {
      name: 'Delete manifest sha256:dddddddddddd of app?',
    })
    expect(whole).toHaveTextContent(
      'Its tags 1.0, latest go with it, and clients can no longer pull it. 3.0 MB is freed in docker-local at the next collection',
    )
    await user.click(within(whole).getByRole('button', { name: 'Delete manifest' }))

    const tree = screen.getByRole('tree', { name: 'Repositories and their files' })
    await waitFor(() => expect(within(tree).queryByRole('treeitem', { name: /^manifest\.json/ })).toBeNull())
    expect(calls).toEqual([`manifest docker-local/${MANIFEST}`])
  })
})
