// The builds list's page (gallery review): its section is named after its title, as the
// other pages are (it was labelled by an id that no element had, so it was an unnamed region).
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { right } from 'fp-ts/Either'
import Builds from '../../ui/builds'
import { renderArea, signedIn } from './packagesHarness'

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
    expect(steps.getByText('jf rt build-publish web 7')).toBeInTheDocument()
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
