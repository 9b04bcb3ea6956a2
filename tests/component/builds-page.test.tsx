// The builds list's page (gallery review): its section is named after its title, as the
// other pages are (it was labelled by an id that no element had, so it was an unnamed region).
import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { right } from 'fp-ts/Either'
import Builds from '../../ui/builds'
import type { Result } from '../../adapters/ports'
import type { BuildDetail } from '../../domain/builds/types'
import { renderArea, signedIn } from './packagesHarness'
import { commandText } from '../support/commandText'

describe('builds page', () => {
  it('is a region named after its title', async () => {
    renderArea(<Builds />, { path: '/builds', seed: [signedIn('developer')] })
    expect(await screen.findByRole('region', { name: 'Builds' })).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Builds' }),
    )
  })
})

describe('builds page, with few builds', () => {
  const runs = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `build-${i}`,
      number: '1',
      status: 'success',
      started: '2026-11-30T10:00:00.000Z',
    }))
  const buildsApi = (n: number) => ({
    list: () => Promise.resolve(right(runs(n))),
    detail: () => Promise.reject(new Error('not asked for')),
  })

  // Two builds' rows alone left the page as empty space: the steps fill it.
  it('says how a build gets here: its two commands, each with a copy button', async () => {
    renderArea(<Builds />, {
      path: '/builds',
      seed: [signedIn('developer')],
      ports: { buildsApi: buildsApi(2) },
    })
    const steps = within(await screen.findByRole('region', { name: 'Publish a build' }))
    expect(steps.getAllByRole('listitem')).toHaveLength(2)
    expect(steps.getByText(commandText('jf rt build-publish web 7'))).toBeInTheDocument()
    expect(steps.getByRole('button', { name: 'Copy publish command' })).toBeInTheDocument()
    expect(steps.getByRole('button', { name: 'Copy upload command' })).toBeInTheDocument()
  })

  it('leaves a list of many builds alone', async () => {
    renderArea(<Builds />, {
      path: '/builds',
      seed: [signedIn('developer')],
      ports: { buildsApi: buildsApi(6) },
    })
    await screen.findByRole('link', { name: 'build-5' })
    expect(screen.queryByRole('region', { name: 'Publish a build' })).toBeNull()
  })
})

describe("a build run's page", () => {
  const detail: BuildDetail = {
    name: 'web app',
    number: '7',
    status: 'success',
    started: '2026-11-30T10:00:00.000Z',
    durationMillis: null,
    agent: null,
    modules: [],
  }

  it('offers the run’s SBOM once the run is shown, as a file the platform makes', async () => {
    let answer: (value: Result<BuildDetail>) => void = () => undefined
    const { app } = renderArea(<Builds />, {
      path: '/builds/web%20app/7',
      seed: [signedIn('developer')],
      ports: {
        buildsApi: {
          list: () => Promise.resolve(right([])),
          detail: () => new Promise((resolve) => (answer = resolve)),
        },
      },
    })
    act(() => app.dispatch({ type: 'navigation/SyncFromHistory', to: '/builds/web%20app/7' }, 'router'))
    await screen.findByRole('heading', { level: 1, name: 'web app #7' })
    expect(screen.queryByRole('link', { name: /SBOM/ })).toBeNull()
    answer(right(detail))
    expect(await screen.findByRole('link', { name: 'Download SBOM (CycloneDX)' })).toHaveAttribute(
      'href',
      '/ui/api/v1/xray/api/v1/sbom/build?name=web%20app&number=7',
    )
  })
})

describe("a build run's violations", () => {
  /** Opens run 3 of shop-web with these violations. */
  const openRun = (violations: BuildDetail['violations']) => {
    const detail: BuildDetail = {
      name: 'shop-web',
      number: '3',
      status: 'failure',
      started: '2026-11-30T10:00:00.000Z',
      durationMillis: null,
      agent: null,
      modules: [],
      violations,
    }
    const { app } = renderArea(<Builds />, {
      path: '/builds/shop-web/3',
      seed: [signedIn('developer')],
      ports: {
        buildsApi: { list: () => Promise.resolve(right([])), detail: () => Promise.resolve(right(detail)) },
      },
    })
    act(() => app.dispatch({ type: 'navigation/SyncFromHistory', to: '/builds/shop-web/3' }, 'router'))
  }

  const violation = {
    issue: 'CVE-2020-8203',
    component: 'lodash',
    severity: 'high',
    watch: 'over-builds',
    policy: 'builds-high',
    failBuild: true,
  } as const

  it('lists what the watches naming the run found, and leads to them on the Violations page', async () => {
    openRun([{ ...violation, id: -(2 ** 40 + 1) }])
    const table = await screen.findByRole('table', { name: 'Violations of shop-web #3' })
    const row = within(table).getByRole('row', { name: /CVE-2020-8203/ })
    expect(within(row).getByRole('cell', { name: 'lodash' })).toBeInTheDocument()
    expect(within(row).getByText('Fails build')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open on the Violations page' })).toHaveAttribute(
      'href',
      `/violations?resource=${encodeURIComponent('build://shop-web/3')}`,
    )
  })

  it('says in its Found in column which version of the run each was found in, linked to its page', async () => {
    openRun([
      { ...violation, id: 1, foundIn: { versionId: 'npm://lodash@4.17.15', repo: 'npm-remote' } },
      // Stored before the version was kept: nothing to name.
      { ...violation, id: 2, issue: 'GHSA-p6mc-m468-83gw' },
    ])
    const table = await screen.findByRole('table', { name: 'Violations of shop-web #3' })
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Found in')
    expect(column).toBeGreaterThan(-1)
    const cellOf = (issue: RegExp) =>
      within(within(table).getByRole('row', { name: issue })).getAllByRole('cell')[column - 1]!
    const found = cellOf(/CVE-2020-8203/)
    expect(found).toHaveTextContent('lodash@4.17.15 in npm-remote')
    expect(within(found).getByRole('link', { name: 'lodash@4.17.15' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/packages\/.*lodash.*4\.17\.15/),
    )
    expect(cellOf(/GHSA-p6mc-m468-83gw/)).toHaveTextContent('')
  })

  it('says in a line that there are none, with no empty table', async () => {
    openRun([])
    const card = (await screen.findByRole('heading', { level: 2, name: 'Violations' })).closest('section')!
    expect(card).toHaveTextContent(/No violations: the watches naming this build found none/)
    expect(within(card).queryByRole('table')).toBeNull()
    expect(within(card).queryByRole('link')).toBeNull()
  })
})
