/**
 * The artifact search in the shell: the search bar's Quick / Archive switch where archive search
 * is on, and the results page the artifacts route shows for a search in its query: rows linked
 * to the tree, a failure with Retry, and the empty result.
 */
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { artifactsEffects } from '../../commands/effects/artifacts'
import { searchEffects } from '../../commands/effects/search'
import type { ArtifactsApi } from '../../adapters/ports'
import type { ArtifactSearch } from '../../domain/search/artifactSearch'
import type { ArtifactHits } from '../../domain/search/types'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import { treeRepository } from '../support/fixtures'

const effects = { ...navigationEffects, ...artifactsEffects, ...searchEffects }
const seed = (archiveSearch: boolean) =>
  ({ user: { name: 'developer' }, features: { artifactBrowser: true, archiveSearch } }) as const

/** An artifacts port whose searches answer `answer`, each search it was asked recorded in `asked`. */
function port(answer: (s: ArtifactSearch, n: number) => ArtifactHits | 'fail') {
  const asked: ArtifactSearch[] = []
  const api: ArtifactsApi = {
    ...notFaked<ArtifactsApi>(),
    repositories: async () => right([treeRepository('generic-local', 'generic', 'local')]),
    children: async () => right({ children: [], total: 0 }),
    search: async (s) => {
      asked.push(s)
      const a = answer(s, asked.length)
      return a === 'fail' ? left({ kind: 'status', status: 503, message: 'the index is busy' }) : right(a)
    },
  }
  return { api, asked }
}

const inside = {
  repoKey: 'generic-local',
  path: 'libs/tools.jar',
  entryPath: 'com/acme/Main.class',
  size: 321,
}
const stored = { repoKey: 'generic-local', path: 'libs/Main.class', size: 12 }

describe('the artifact search', () => {
  it('shows the Archive results the URL asks for, after a failure and its Retry, linked to the tree', async () => {
    const { api, asked } = port((_s, n) => (n === 1 ? 'fail' : { results: [inside], truncated: false }))
    renderShell('/artifacts/browse?q=Main.class&ast=Archive', seed(true), { artifactsApi: api }, effects)
    const kind = await screen.findByRole('radiogroup', { name: 'Artifact search' })
    expect(within(kind).getByRole('radio', { name: 'Archive' })).toBeChecked()
    const failure = await screen.findByRole('alert')
    expect(failure).toHaveTextContent(/^The search could not be run: .*the index is busy\./)
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }))
    const table = await screen.findByRole('table', { name: 'Files inside archives' })
    const row = await within(table).findByRole('row', { name: /com\/acme\/Main\.class/ })
    expect(within(row).getByRole('link', { name: 'generic-local/libs/tools.jar' })).toHaveAttribute(
      'href',
      '/ui/artifacts/browse/generic-local/libs/tools.jar',
    )
    expect(screen.getByText('1 file inside archives')).toBeInTheDocument()
    expect(asked).toEqual([
      { kind: 'Archive', name: 'Main.class', repositories: [] },
      { kind: 'Archive', name: 'Main.class', repositories: [] },
    ])
  })

  it('runs the shown search again as Quick when the switch moves', async () => {
    const { api, asked } = port((s) => ({
      results: s.kind === 'Archive' ? [inside] : [stored],
      truncated: false,
    }))
    const { app } = renderShell(
      '/artifacts/browse?q=Main.class&ast=Archive',
      seed(true),
      { artifactsApi: api },
      effects,
    )
    await screen.findByRole('table', { name: 'Files inside archives' })
    await userEvent.click(await screen.findByRole('radio', { name: 'Quick' }))
    const table = await screen.findByRole('table', { name: 'Files' })
    await within(table).findByRole('row', { name: /libs\/Main\.class/ })
    expect(app.getState().navigation.location).toEqual({ path: '/artifacts/browse', query: '?q=Main.class' })
    expect(asked.map((s) => s.kind)).toEqual(['Archive', 'Quick'])
  })

  it("runs the bar's path: word with the name, and shows what it found", async () => {
    const { api, asked } = port(() => ({ results: [stored], truncated: false }))
    renderShell('/artifacts/browse', seed(true), { artifactsApi: api }, effects)
    const text = await screen.findByRole('combobox', { name: 'Search text' })
    await userEvent.type(text, 'Main.class path:libs/')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    const table = await screen.findByRole('table', { name: 'Files' })
    await within(table).findByRole('row', { name: /libs\/Main\.class/ })
    expect(asked).toEqual([{ kind: 'Quick', name: 'Main.class', repositories: [], path: 'libs/' }])
  })

  it('runs a checksum alone, and names it when nothing matched', async () => {
    const sha1 = 'ab'.repeat(20)
    const { api, asked } = port(() => ({ results: [], truncated: false }))
    renderShell(
      `/artifacts/browse?checksum=${sha1.toUpperCase()}&ast=Archive`,
      seed(true),
      { artifactsApi: api },
      effects,
    )
    expect(
      await screen.findByText(`No files inside the archive with the checksum ${sha1}.`),
    ).toBeInTheDocument()
    expect(asked).toEqual([{ kind: 'Archive', name: '', repositories: [], checksum: sha1 }])
  })

  it('says when nothing matched, and offers no switch where archive search is off', async () => {
    const { api, asked } = port(() => ({ results: [], truncated: false }))
    renderShell('/artifacts/browse?q=nothing&ast=Archive', seed(false), { artifactsApi: api }, effects)
    expect(await screen.findByText('No files named like “nothing”.')).toBeInTheDocument()
    expect(screen.queryByRole('radiogroup', { name: 'Artifact search' })).not.toBeInTheDocument()
    await waitFor(() => expect(asked).toEqual([{ kind: 'Quick', name: 'nothing', repositories: [] }]))
  })
})
