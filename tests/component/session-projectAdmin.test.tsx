// A project administrator (not an admin) in the shell: with a project selected the sidebars are
// Application and Project settings, and the admin landing is that project's page.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderShell } from './shellFixtures'

describe('project administrator', () => {
  it('gets the project settings sidebar for the selected project and lands on its overview', async () => {
    const { app } = renderShell('/packages', { user: { name: 'padmin', projectAdmin: true } })
    expect(app.getState().session.user?.admin).toBe(false)
    app.dispatch({ type: 'navigation/SelectProject', key: 'alpha' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Project settings' }))
    expect(screen.queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument()
    expect(app.getState().navigation.location.path).toBe('/admin/projects/overview/alpha')
    const nav = await screen.findByRole('navigation', { name: 'Project settings' })
    await user.click(within(nav).getByRole('link', { name: 'Members' }))
    expect(app.getState().navigation.location.path).toBe('/admin/projects/members/alpha')
  })

  it('a regular member with a project selected gets neither project settings nor administration', async () => {
    const { app } = renderShell('/packages', { user: { name: 'member', projectAdmin: false } })
    app.dispatch({ type: 'navigation/SelectProject', key: 'alpha' })
    await screen.findByRole('navigation', { name: 'Application' })
    expect(screen.queryByRole('button', { name: 'Project settings' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument()
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/projects/members/alpha' })
    expect(app.getState().navigation.location.path).not.toBe('/admin/projects/members/alpha')
  })
})
