// The logo's product name (ui/shared/Logo.tsx) as the platform's answer arrives.
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { createApp } from '../../composition/createApp'
import { AppProvider } from '../../ui/shared/appContext'
import { BareLayout } from '../../ui/layout/BareLayout'
import { fakePorts } from '../support/fakePorts'
import { platformWith } from '../support/fixtures'
import type { AppEvent } from '../../domain/app'

function renderLogo(seed: ReadonlyArray<AppEvent>) {
  const app = createApp({ ports: fakePorts(), effects: {}, seed })
  render(
    <AppProvider app={app}>
      <BareLayout logo>{null}</BareLayout>
    </AppProvider>,
  )
}

describe('the logo', () => {
  it('reads "Platform" before the platform has answered, not "Platform OSS" that then changes (a layout shift)', () => {
    renderLogo([])
    expect(screen.getByText('Platform')).toBeInTheDocument()
    expect(screen.queryByText('Platform OSS')).toBeNull()
  })

  it('reads the server name with "OSS" once the platform says no licence is installed', () => {
    renderLogo([platformWith([], 'N/A', { serverName: 'Platform' })])
    expect(screen.getByText('Platform OSS')).toBeInTheDocument()
  })

  it('reads the server name the general settings give, with a licence', () => {
    renderLogo([platformWith([], 'ENTERPRISE_PLUS', { serverName: 'Acme Artifacts' })])
    expect(screen.getByText('Acme Artifacts')).toBeInTheDocument()
    expect(screen.queryByText('Platform')).toBeNull()
  })
})
