// The artifacts browser's details while a repository's top level is on its way (gallery
// review): the count still loading is a skeleton named for screen readers, not a bare '…'.
import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { artifactsEffects } from '../../commands/effects/artifacts'
import { xrayEffects } from '../../commands/effects/xray'
import type { ArtifactsApi, XrayApi } from '../../adapters/ports'
import type { ArtifactInfo } from '../../domain/artifacts/types'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import { artifactInfo, treeRepository } from '../support/fixtures'
import { giveElementsASize } from '../support/jsdomLayout'
import { buttonClass } from '../../ui/shared/kit/Button'

// The tree is a virtual list: its rows render in a viewport.
giveElementsASize()

const effects = { ...navigationEffects, ...artifactsEffects }
const developer = { user: { name: 'developer' }, features: { artifactBrowser: true } } as const

/** The details of a.txt, a file at the root of a local repository. */
async function fileDetails(more: Partial<ArtifactInfo> = {}) {
  const port: ArtifactsApi = {
    ...notFaked<ArtifactsApi>(),
    repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
    children: async () =>
      right({ children: [{ name: 'a.txt', path: 'a.txt', folder: false, size: 12 }], total: 1 }),
    info: async (repoKey, path) => right({ ...artifactInfo(repoKey, path), ...more }),
  }
  renderShell('/artifacts/browse/generic-local/a.txt', developer, { artifactsApi: port }, effects)
  return screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
}

describe('the artifacts browser before a choice', () => {
  it('says what to do next: open a repository, choose a file, or deploy one', async () => {
    const port: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
    }
    renderShell('/artifacts/browse', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    expect(within(details).getByText('Nothing selected')).toBeInTheDocument()
    const steps = within(within(details).getByRole('list', { name: 'What to do next' })).getAllByRole(
      'listitem',
    )
    expect(steps.map((step) => step.textContent)).toEqual([
      'Open a repository to walk through its folders.',
      'Choose a file to see its size, checksums, who deployed it and where it came from.',
      'Add a file of your own with Deploy, at the top of the page.',
    ])
  })

  it('leaves Deploy out of what to do next in read-only mode, where nothing can be deployed', async () => {
    const port: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
    }
    const readOnly = { ...developer, features: { ...developer.features, readOnlyMode: true } }
    renderShell('/artifacts/browse', readOnly, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    const steps = within(within(details).getByRole('list', { name: 'What to do next' })).getAllByRole(
      'listitem',
    )
    expect(steps.map((step) => step.textContent)).toEqual([
      'Open a repository to walk through its folders.',
      'Choose a file to see its size, checksums, who deployed it and where it came from.',
    ])
  })
})

describe("a repository's details in the artifacts browser", () => {
  it('shows a named skeleton, not an ellipsis, for its top-level entries while they load', async () => {
    const port: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
      // The top level never answers: the count stays on its way.
      children: () => new Promise(() => {}),
    }
    renderShell('/artifacts/browse/generic-local', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByRole('heading', { name: 'generic-local' })
    const entries = within(details).getByText('Top-level entries').closest('div')!
    expect(within(entries).getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(entries).not.toHaveTextContent('…')
  })

  it("names a repository's package type as its tool does, in the tree and in the details", async () => {
    const port: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('pypi-local', 'pypi', 'local')]),
      children: async () => right({ children: [], total: 0 }),
    }
    renderShell('/artifacts/browse/pypi-local', developer, { artifactsApi: port }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    expect(await screen.findByRole('treeitem', { name: 'pypi-local, PyPI' })).toBeInTheDocument()
    const type = within(details).getByText('Package type').closest('div')!
    expect(type).toHaveTextContent('PyPI')
    expect(type).not.toHaveTextContent('pypi')
  })

  it("offers a file's Download as the kit's button, as the version page does", async () => {
    const details = await fileDetails()
    const download = await within(details).findByRole('link', { name: 'Download' })
    expect(download).toHaveAttribute('href', '/artifactory/generic-local/a.txt')
    expect(download).toHaveClass(...buttonClass('secondary', 'sm').split(' '))
  })

  it('says a file a watch’s policy blocks is refused, by which policy, instead of offering its Download', async () => {
    const details = await fileDetails({
      packageId: 'npm://a',
      version: '1.0.0',
      blocked: { policy: 'no-high', watch: 'everything', issue: 'GHSA-p6mc-m468-83gw' },
    })
    const notice = await within(details).findByRole('note', { name: 'Download blocked' })
    expect(notice).toHaveTextContent(
      'Downloads of a.txt are refused: version 1.0.0 is blocked by policy no-high of watch everything (GHSA-p6mc-m468-83gw).',
    )
    expect(notice).toHaveTextContent('Ask an administrator for an exception')
    expect(within(details).queryByRole('link', { name: 'Download' })).toBeNull()
    // Deleting it is not a download: still offered.
    expect(within(details).getByRole('button', { name: 'Delete' })).toBeInTheDocument()
  })

  it('follows an ignore rule added after its details loaded: the note goes and Download comes, not reselected', async () => {
    // The platform's answer: blocked until an admin's ignore rule lifts the block.
    let ignored = false
    const block = { policy: 'no-high', watch: 'everything', issue: 'GHSA-p6mc-m468-83gw' }
    const artifactsApi: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
      children: async () =>
        right({ children: [{ name: 'a.txt', path: 'a.txt', folder: false, size: 12 }], total: 1 }),
      info: async (repoKey, path) =>
        right({
          ...artifactInfo(repoKey, path),
          packageId: 'npm://a',
          version: '1.0.0',
          blocked: ignored ? null : block,
        }),
    }
    const xrayApi: XrayApi = {
      ...notFaked<XrayApi>(),
      change: async (c) => {
        if (c.kind === 'ignore') ignored = true
        return right(undefined)
      },
    }
    const { app } = renderShell(
      '/artifacts/browse/generic-local/a.txt',
      { ...developer, user: { name: 'admin', admin: true } },
      { artifactsApi, xrayApi },
      { ...effects, ...xrayEffects },
    )
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByRole('note', { name: 'Download blocked' }, { timeout: 15_000 })

    // The rule is added elsewhere (the Violations page); the file stays selected.
    app.dispatch({
      type: 'xray/IgnoreViolation',
      rule: { reason: 'accepted for now', issue: block.issue, version: 'npm://a@1.0.0' },
    })
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 15_000 })
    expect(download).toHaveAttribute('href', '/artifactory/generic-local/a.txt')
    expect(screen.queryByRole('note', { name: 'Download blocked' })).toBeNull()
  })

  it('follows a block lifted elsewhere once the tab is shown again, not reselected', async () => {
    // The platform's answer: blocked until another admin's ignore rule lifts the block.
    let ignored = false
    const block = { policy: 'no-high', watch: 'everything', issue: 'GHSA-p6mc-m468-83gw' }
    const artifactsApi: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
      children: async () =>
        right({ children: [{ name: 'a.txt', path: 'a.txt', folder: false, size: 12 }], total: 1 }),
      info: async (repoKey, path) =>
        right({
          ...artifactInfo(repoKey, path),
          packageId: 'npm://a',
          version: '1.0.0',
          blocked: ignored ? null : block,
        }),
    }
    renderShell('/artifacts/browse/generic-local/a.txt', developer, { artifactsApi }, effects)
    const details = await screen.findByRole('complementary', { name: 'Details' }, { timeout: 15_000 })
    await within(details).findByRole('note', { name: 'Download blocked' }, { timeout: 15_000 })

    // Another admin's rule, made while this tab was hidden; then the tab is shown again.
    ignored = true
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const download = await screen.findByRole('link', { name: 'Download' }, { timeout: 15_000 })
    expect(download).toHaveAttribute('href', '/artifactory/generic-local/a.txt')
    expect(screen.queryByRole('note', { name: 'Download blocked' })).toBeNull()
  })

  it("keeps a file's Download and Delete together, apart from its name (gallery: Download floated in the middle)", async () => {
    const details = await fileDetails()
    const download = await within(details).findByRole('link', { name: 'Download' })
    const remove = within(details).getByRole('button', { name: 'Delete' })
    // One box holds both, Download first and the danger one last, and not the name beside them.
    const actions = download.parentElement!
    expect(actions).toContainElement(remove)
    expect(actions).not.toContainElement(within(details).getByRole('heading', { name: 'a.txt' }))
    expect(download.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('names the page after its title (the section was labelled by an id no element had)', async () => {
    const port: ArtifactsApi = {
      ...notFaked<ArtifactsApi>(),
      repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
    }
    renderShell('/artifacts/browse', developer, { artifactsApi: port }, effects)
    expect(await screen.findByRole('region', { name: 'Artifacts' }, { timeout: 15_000 })).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Artifacts' }),
    )
  })
})
