// Builds a console seeded by events (start-up and session facts) for the shell's component tests.
import { render } from '@testing-library/react'
import { createApp } from '../../commands/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import type { AppEvent } from '../../domain/app'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
import type { Footer } from '../../domain/platform/types'
import type { UserData } from '../../domain/session/types'
import { AppProvider } from '../../ui/shared/appContext'
import { Shell } from '../../ui/routes'
import { fakePorts } from '../support/fakePorts'
import type { Ports } from '../../adapters/ports'
import type { EffectTable } from '../../commands/effects/types'

export const userData = (over: Partial<UserData> = {}): UserData => ({
  name: 'developer',
  anonymous: false,
  admin: false,
  realm: 'internal',
  mfaStatus: 'NONE',
  firstLogin: false,
  freeTier: false,
  hasSeenGettingStarted: false,
  quickDeployEnabled: false,
  wizardClosed: false,
  newOnboarding: false,
  existsInDB: true,
  profileUpdatable: true,
  requireProfilePassword: true,
  requireProfileUnlock: true,
  ...over,
})

export interface Seed {
  readonly user?: Partial<UserData> | 'anonymous'
  readonly footer?: Partial<Footer>
  readonly features?: Record<string, boolean>
  readonly services?: ReadonlyArray<string>
  /** Further facts recorded after start-up (e.g. the navigation type it loaded). */
  readonly extra?: ReadonlyArray<AppEvent>
}

/** The facts of a finished start-up for this user and instance. */
export function startedEvents(seed: Seed = {}): AppEvent[] {
  const footer: Footer = {
    serverName: 'Acme Platform',
    flavour: 'platform',
    isCloud: false,
    licenseType: 'Enterprise+',
    buildNumber: '1',
    copyright: '©',
    ...seed.footer,
  }
  const events: AppEvent[] = [
    P.StartRequested({ reason: 'boot' }),
    P.InitialDataLoaded({
      version: { version: '7.0.0', revision: '1' },
      microservices: (seed.services ?? ['artifactory', 'xray']).map((name) => ({
        name,
        key: name,
        enabled: true,
      })),
      footer,
      entitlements: [],
    }),
    P.FeaturesLoaded({ features: seed.features ?? {} }),
  ]
  // User data as start-up loads it (a sign-in would start the platform again).
  const user =
    seed.user === 'anonymous' ? userData({ name: 'anonymous', anonymous: true }) : userData(seed.user)
  events.push(S.UserDataLoaded({ user }))
  events.push(P.StartCompleted({}))
  events.push(...(seed.extra ?? []))
  return events
}

/** Renders the shell at `path` for a seeded console; returns the app and the fake history. */
export function renderShell(
  path: string,
  seed: Seed = {},
  overrides: Partial<Ports> = {},
  effects: EffectTable = navigationEffects,
) {
  const ports = fakePorts(overrides)
  const app = createApp({ ports, effects, seed: startedEvents(seed) })
  app.dispatch({ type: 'navigation/SyncFromHistory', to: path }, 'router')
  const view = render(
    <AppProvider app={app}>
      <Shell />
    </AppProvider>,
  )
  return { app, ports, view }
}
