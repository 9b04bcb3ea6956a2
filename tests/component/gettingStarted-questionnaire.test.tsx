// The onboarding questionnaire, from quick setup to the project: each step's messages, the
// answers kept when a step or the creation is refused, the creating and created states.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { AdminApi, GettingStartedApi, Result } from '../../adapters/ports'
import type { Project } from '../../domain/admin'
import { gettingStartedEffects } from '../../commands/effects/gettingStarted'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'

function platform(answers: ReadonlyArray<() => Promise<Result<Project>>>) {
  let call = 0
  const created: Array<{ key: string; name: string }> = []
  const adminApi: AdminApi = {
    ...notFaked<AdminApi>(),
    createProject: (p) => {
      created.push({ key: p.key, name: p.name })
      const answer = answers[Math.min(call, answers.length - 1)]!
      call += 1
      return answer()
    },
  }
  const gettingStartedApi: GettingStartedApi = {
    ...notFaked<GettingStartedApi>(),
    saveGettingStartedSeen: async () => right(undefined),
    saveQuestionnaire: async () => right(undefined),
  }
  return { adminApi, gettingStartedApi, created }
}

const project = (key: string, name: string): Project => ({
  key,
  name,
  description: '',
  createdAt: '2026-01-01',
})

async function openFromQuickSetup(overrides: ReturnType<typeof platform>) {
  const user = userEvent.setup()
  renderShell(
    '/quick-setup',
    { user: { name: 'admin', admin: true }, features: { quickDeployLanding: true } },
    { adminApi: overrides.adminApi, gettingStartedApi: overrides.gettingStartedApi },
    gettingStartedEffects,
  )
  await user.click(await screen.findByRole('button', { name: 'Create your first project' }))
  const dialog = await screen.findByRole('dialog', { name: 'Get started' })
  return { user, dialog }
}

// Many steps, each a few clicks: slow on a loaded machine.
describe('onboarding questionnaire', { timeout: 30_000 }, () => {
  it('walks the steps with their messages and creates the default project', async () => {
    const api = platform([async () => right(project('dflt', 'Default Project'))])
    const { user, dialog } = await openFromQuickSetup(api)
    const form = within(dialog)
    expect(form.getByRole('listitem', { current: 'step' })).toHaveTextContent('Welcome')
    await user.click(form.getByRole('button', { name: 'Next' }))

    // Purpose: nothing chosen yet.
    await form.findByRole('heading', { name: 'Purpose' })
    await user.click(form.getByRole('button', { name: 'Next' }))
    expect(await form.findByRole('alert')).toHaveTextContent('This field is mandatory')
    await user.click(form.getByRole('radio', { name: 'Commercial' }))
    await user.click(form.getByRole('button', { name: 'Next' }))

    // Details: a commercial purpose needs the company; Other needs the role's name.
    await form.findByRole('heading', { name: 'About you' })
    await user.click(form.getByRole('radio', { name: 'Other' }))
    await user.click(form.getByRole('button', { name: 'Next' }))
    expect(form.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'This field is mandatory',
      'This field is mandatory',
    ])
    await user.type(form.getByRole('textbox', { name: 'Other role' }), 'Release manager')
    await user.type(form.getByRole('textbox', { name: 'Company name' }), 'Acme')
    await user.click(form.getByRole('button', { name: 'Next' }))

    await form.findByRole('heading', { name: 'Features' })
    await user.click(form.getByRole('button', { name: 'Next' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Select at least one feature')
    await user.click(form.getByRole('checkbox', { name: 'CI/CD' }))
    await user.click(form.getByRole('button', { name: 'Next' }))

    // The default project, pre-filled.
    expect(await form.findByRole('textbox', { name: 'Project name' })).toHaveValue('Default Project')
    await user.click(form.getByRole('button', { name: 'Next' }))
    const key = await form.findByRole('textbox', { name: 'Project key' })
    expect(key).toHaveValue('dflt')
    await user.clear(key)
    await user.type(key, 'Dflt')
    await user.click(form.getByRole('button', { name: 'Create project' }))
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Project key must start with a lowercase character',
    )
    expect(api.created).toEqual([])
    await user.clear(key)
    await user.type(key, 'dflt')
    await user.click(form.getByRole('button', { name: 'Create project' }))

    expect(await form.findByRole('status')).toHaveTextContent('Project Default Project (dflt) is created.')
    expect(api.created).toEqual([{ key: 'dflt', name: 'Default Project' }])
  })

  it("says 'Failed to create a project' and keeps the answers; sending again works", async () => {
    const api = platform([
      async () => left({ kind: 'status', status: 409, message: 'A project with key dflt already exists' }),
      async () => right(project('dflt', 'Default Project')),
    ])
    const { user, dialog } = await openFromQuickSetup(api)
    const form = within(dialog)
    await user.click(form.getByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('radio', { name: 'Personal' }))
    await user.click(form.getByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('radio', { name: 'Software Developer' }))
    await user.click(form.getByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('checkbox', { name: 'Container Registry' }))
    await user.click(form.getByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('button', { name: 'Create project' }))

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Failed to create a project: A project with key dflt already exists',
    )
    expect(form.getByRole('textbox', { name: 'Project key' })).toHaveValue('dflt')
    // Back to an earlier step: what was chosen is still there.
    await user.click(form.getByRole('button', { name: 'Back' }))
    await user.click(await form.findByRole('button', { name: 'Back' }))
    expect(await form.findByRole('checkbox', { name: 'Container Registry' })).toBeChecked()
    await user.click(form.getByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('button', { name: 'Next' }))
    await user.click(await form.findByRole('button', { name: 'Create project' }))
    expect(await form.findByRole('status')).toHaveTextContent('is created')
    expect(api.created).toHaveLength(2)
  })

  it('is not offered to a user who cannot create projects', async () => {
    renderShell('/quick-setup', { features: { quickDeployLanding: true } })
    await screen.findByRole('heading', { name: 'Quick Setup', level: 1 })
    expect(screen.queryByRole('button', { name: 'Create your first project' })).not.toBeInTheDocument()
  })
})
