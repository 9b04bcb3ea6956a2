// The session screens besides login load lazily (ui/session/SessionScreens.ts) through the shell.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { right } from 'fp-ts/Either'
import { renderShell } from './shellFixtures'
import { notFaked } from '../support/fakePorts'
import type { SessionApi } from '../../adapters/ports'
import { sessionEffects } from '../../commands/effects/session'
import { navigationEffects } from '../../commands/effects/navigation'

describe('lazily loaded session screens', () => {
  it('shows a login child screen from its own chunk', async () => {
    renderShell('/login/forgot-password', { user: 'anonymous' })
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument()
  })

  it('/logout loads its screen and signs out', async () => {
    let loggedOut = 0
    const sessionApi: SessionApi = {
      ...notFaked<SessionApi>(),
      logout: async () => {
        loggedOut++
        return right(undefined)
      },
    }
    const { app } = renderShell('/logout', {}, { sessionApi }, { ...navigationEffects, ...sessionEffects })
    await waitFor(() => expect(loggedOut).toBe(1))
    await waitFor(() => expect(app.getState().navigation.location.path).toBe('/login'))
  })
})
