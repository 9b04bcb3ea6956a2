// The quick-action button: hidden on the quick-setup page, shown again on leaving it.
import { describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'

describe('quick action', () => {
  it('opens quick setup, is hidden there, and shows again on leaving', async () => {
    const user = userEvent.setup()
    const { app } = renderShell('/packages', {
      user: { name: 'admin', admin: true },
      features: { newOnboardingQuickAction: true, quickDeployLanding: true },
    })
    await user.click(await screen.findByRole('button', { name: 'Quick Setup' }))
    expect(app.getState().navigation.location.path).toBe('/quick-setup')
    expect(await screen.findByRole('heading', { name: 'Quick Setup', level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quick Setup' })).not.toBeInTheDocument()
    act(() => app.dispatch({ type: 'navigation/Navigate', to: '/packages' }))
    expect(await screen.findByRole('button', { name: 'Quick Setup' })).toBeInTheDocument()
  })

  it('is not there without the new-onboarding quick action', async () => {
    renderShell('/packages')
    await screen.findByRole('navigation', { name: 'Application' })
    expect(screen.queryByRole('button', { name: 'Quick Setup' })).not.toBeInTheDocument()
  })
})
