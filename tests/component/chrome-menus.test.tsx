// The top bar's menus: every entry shows its icon, so the entries' words line up under each other.
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'
import { openTopMenu } from '../support/topMenu'

const admin = { user: { name: 'admin', admin: true } } as const

describe('top bar menus', () => {
  it('draw an icon before every entry of the help and user menus', async () => {
    const user = userEvent.setup()
    renderShell('/packages', admin)
    for (const button of ['Help', 'admin']) {
      await openTopMenu(user, button)
      const items = await screen.findAllByRole('menuitem')
      const bare = items.filter((i) => i.querySelector('svg') === null).map((i) => i.textContent)
      expect(bare).toEqual([])
      expect(items.length).toBeGreaterThan(2)
      await user.keyboard('{Escape}')
    }
  })
})
