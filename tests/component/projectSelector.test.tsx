// The top bar's project selector (spec 000 section 2): all projects or one of the user's
// projects; a project administrator who picks one gets Project settings instead of
// Administration; the choice is remembered per user and chosen again at the next start.
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ProjectsLoaded } from '../../domain/platform/events'
import { renderShell } from './shellFixtures'
import { optionNames, chooseOption } from '../support/kitSelect'

const loaded = (remembered: string | null) =>
  ProjectsLoaded({
    projects: [
      { key: 'alpha', name: 'Alpha' },
      { key: 'beta', name: 'Beta' },
    ],
    remembered,
  })
const projects = loaded(null)

describe('the project selector', () => {
  it('lists all projects and the user’s projects, and a choice swaps Administration for Project settings', async () => {
    const { app, ports } = renderShell('/packages', {
      user: { name: 'padmin', projectAdmin: true },
      extra: [projects],
    })
    await screen.findByRole('combobox', { name: 'Project' }, { timeout: 15_000 })
    const select = () => screen.getByRole('combobox', { name: 'Project' })
    const user = userEvent.setup()
    expect(await optionNames(user, select())).toEqual(['All projects', 'Alpha', 'Beta'])
    expect(screen.queryByRole('button', { name: 'Project settings' })).not.toBeInTheDocument()
    await chooseOption(user, select(), 'Beta')
    expect(app.getState().navigation.selectedProject).toBe('beta')
    expect(await screen.findByRole('button', { name: 'Project settings' })).toBeInTheDocument()
    expect(ports.localStore.get('selectedProject.padmin')).toBe('beta')
    await chooseOption(user, select(), 'All projects')
    expect(app.getState().navigation.selectedProject).toBeUndefined()
    expect(ports.localStore.get('selectedProject.padmin')).toBeNull()
  })

  it('chooses the remembered project again once the user’s projects are known, if still one of them', async () => {
    const padmin = { user: { name: 'padmin', projectAdmin: true } }
    const { app } = renderShell('/packages', { ...padmin, extra: [loaded('beta')] })
    expect(app.getState().navigation.selectedProject).toBe('beta')
    // A project the user no longer belongs to is not chosen.
    const again = renderShell('/packages', { ...padmin, extra: [loaded('gamma')] })
    expect(again.app.getState().navigation.selectedProject).toBeUndefined()
  })
})
