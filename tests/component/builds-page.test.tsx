// The builds list's page (gallery review): its section is named after its title, as the
// other pages are (it was labelled by an id that no element had, so it was an unnamed region).
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
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
