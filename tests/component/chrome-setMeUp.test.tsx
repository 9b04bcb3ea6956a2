// Set-me-up and quick setup's client set-up, seeded by start-up events.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left } from 'fp-ts/Either'
import { renderShell } from './shellFixtures'
import { fakeNavigationApi } from '../support/fakePorts'
import * as P from '../../domain/platform/events'

const admin = { user: { name: 'admin', admin: true } } as const
const withTypes = [P.PackageTypesLoaded({ packageTypes: ['npm', 'generic', 'maven'] })]

async function openQuickSetup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'admin' }))
  await user.click(screen.getByRole('menuitem', { name: 'Quick Repository Creation' }))
  return screen.findByRole('dialog', { name: 'Quick Setup' })
}

describe('set-me-up', () => {
  it('shows the client set-up text for the chosen package type and repository', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { extra: withTypes })
    await user.click(await screen.findByRole('button', { name: 'developer' }))
    await user.click(screen.getByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    expect(within(panel).getByText(/Choose a package type to configure/)).toBeInTheDocument()
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Package type' }), 'npm')
    expect(within(panel).getByRole('combobox', { name: 'Repository' })).toHaveValue('npm-remote')
    const steps = await within(panel).findByRole('region', { name: 'Set up npm for npm-remote' })
    expect(within(steps).getByRole('heading', { name: 'Configure npm' })).toBeInTheDocument()
    expect(
      within(steps).getByText('npm config set registry http://platform.test/artifactory/api/npm/npm-remote/'),
    ).toBeInTheDocument()
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Package type' }), 'maven')
    expect(
      await within(panel).findByRole('region', { name: 'Set up maven for maven-remote' }),
    ).toBeInTheDocument()
    expect(within(panel).getByText('~/.m2/settings.xml')).toBeInTheDocument()
  })

  it('says when the platform address cannot be loaded, and retries', async () => {
    const user = userEvent.setup()
    let offline = true
    const navigationApi = {
      ...fakeNavigationApi(),
      setMeUp: async () =>
        offline ? left({ kind: 'network' as const, message: 'offline' }) : fakeNavigationApi().setMeUp(),
    }
    renderShell('/packages', { extra: withTypes }, { navigationApi })
    await user.click(await screen.findByRole('button', { name: 'developer' }))
    await user.click(screen.getByRole('menuitem', { name: 'Set Me Up' }))
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Package type' }), 'npm')
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Could not load the platform address: offline',
    )
    offline = false
    await user.click(within(panel).getByRole('button', { name: 'Retry' }))
    expect(
      await within(panel).findByRole('region', { name: 'Set up npm for npm-remote' }),
    ).toBeInTheDocument()
  })
})

describe('setting up a client from quick setup', () => {
  it('relaunches the guided npm flow and closes quick setup', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { ...admin, extra: withTypes })
    const quick = await openQuickSetup(user)
    await user.selectOptions(within(quick).getByRole('combobox', { name: 'Package type' }), 'npm')
    await user.type(within(quick).getByRole('textbox', { name: 'Repository' }), 'npm-local')
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument()
    const flow = await screen.findByRole('dialog', { name: 'Connect your npm client' })
    expect(within(flow).getByText('Step 1 of 5')).toBeInTheDocument()
    expect(
      await within(flow).findByText(
        'npm config set registry http://platform.test/artifactory/api/npm/npm-local/',
      ),
    ).toBeInTheDocument()
    for (let i = 0; i < 4; i++) await user.click(within(flow).getByRole('button', { name: 'Next' }))
    expect(within(flow).getByRole('heading', { name: 'You are set' })).toBeInTheDocument()
    await user.click(within(flow).getByRole('button', { name: 'Finish' }))
    expect(screen.queryByRole('dialog', { name: 'Connect your npm client' })).not.toBeInTheDocument()
  })

  it('opens set-me-up for a type without a guided flow', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { ...admin, extra: withTypes })
    const quick = await openQuickSetup(user)
    await user.selectOptions(within(quick).getByRole('combobox', { name: 'Package type' }), 'generic')
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    expect(screen.queryByRole('dialog', { name: 'Quick Setup' })).not.toBeInTheDocument()
    const panel = await screen.findByRole('complementary', { name: 'Set Me Up' })
    expect(within(panel).getByRole('combobox', { name: 'Repository' })).toHaveValue('generic-remote')
    expect(
      await within(panel).findByText(
        'curl -u <user> -T <file> "http://platform.test/artifactory/generic-remote/<path>"',
      ),
    ).toBeInTheDocument()
  })

  it('refuses a bad repository key with a message and keeps what was typed', async () => {
    const user = userEvent.setup()
    renderShell('/packages', { ...admin, extra: withTypes })
    const quick = await openQuickSetup(user)
    await user.type(within(quick).getByRole('textbox', { name: 'Repository' }), 'my repo!')
    await user.click(within(quick).getByRole('button', { name: 'Set up client' }))
    expect(within(quick).getByRole('alert')).toHaveTextContent(
      'Name can only contain alphanumeric characters, dashes and periods',
    )
    expect(within(quick).getByRole('textbox', { name: 'Repository' })).toHaveValue('my repo!')
    expect(screen.getByRole('dialog', { name: 'Quick Setup' })).toBeInTheDocument()
  })

  it('offers the same form on the quick-setup page', async () => {
    renderShell('/quick-setup', { ...admin, features: { quickDeployLanding: true }, extra: withTypes })
    const form = await screen.findByRole('form', { name: 'Set up a client' })
    expect(within(form).getByRole('combobox', { name: 'Package type' })).toHaveValue('npm')
  })
})
