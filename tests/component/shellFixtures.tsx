// Builds a console seeded by events (start-up and session facts, from the fixtures) for the shell's component tests.
import { render } from '@testing-library/react'
import { createApp } from '../../composition/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import { personalizationEffects } from '../../commands/effects/personalization'
import { namedEffects } from '../../commands/effects/lazy'
import { tourEffects } from '../../commands/effects/tour'
import { preferencesEffects } from '../../commands/effects/preferences'
import { AppProvider } from '../../ui/shared/appContext'
import { Shell } from '../../ui/routes'
import { fakePorts } from '../support/fakePorts'
import { startedEvents, type Seed } from '../support/fixtures'
import type { Ports } from '../../adapters/ports'
import type { EffectTable } from '../../commands/effects/types'

/** The start-up facts of the shell's tests: Acme Platform running Artifactory and Xray, features loaded. */
export const shellStarted = (seed: Seed = {}) =>
  startedEvents({
    ...seed,
    services: seed.services ?? ['artifactory', 'xray'],
    features: seed.features ?? {},
    footer: { serverName: 'Acme Platform', ...seed.footer },
  })

/** The chrome's effects: navigation's, the tour's, the preferences', and the onboarding area's (set-me-up's base URL). */
export const chromeEffects: EffectTable = namedEffects({
  navigation: navigationEffects,
  tour: tourEffects,
  preferences: preferencesEffects,
  onboarding: personalizationEffects,
})

/** Renders the shell at `path` for a seeded console; returns the app and the fake history. */
export function renderShell(
  path: string,
  seed: Seed = {},
  overrides: Partial<Ports> = {},
  effects: EffectTable = chromeEffects,
) {
  const ports = fakePorts(overrides)
  const app = createApp({ ports, effects, seed: shellStarted(seed) })
  app.dispatch({ type: 'navigation/SyncFromHistory', to: path }, 'router')
  const view = render(
    <AppProvider app={app}>
      <Shell />
    </AppProvider>,
  )
  return { app, ports, view }
}
