/** Events that seed the packages, search and release-bundles tests: a platform, a signed-in user. */
import type { AppEvent } from '../../domain/app'
import { InitialDataLoaded } from '../../domain/platform/events'
import { SignedIn } from '../../domain/session/events'

export function platformWith(services: string[], licenseType = 'ENTERPRISE_PLUS'): AppEvent {
  return InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: services.map((name) => ({ name, key: name.slice(0, 4), enabled: true })),
    footer: {
      serverName: 'test',
      flavour: 'platform',
      isCloud: false,
      licenseType,
      buildNumber: '1',
      copyright: '',
    },
    entitlements: [],
  })
}

export function signedIn(name: string, admin = false, projectAdmin = false): AppEvent {
  return SignedIn({
    user: {
      name,
      anonymous: false,
      admin,
      ...(projectAdmin ? { projectAdmin } : {}),
      realm: 'internal',
      mfaStatus: 'NONE',
      firstLogin: false,
      freeTier: false,
      hasSeenGettingStarted: true,
      quickDeployEnabled: false,
      wizardClosed: true,
      newOnboarding: false,
      existsInDB: true,
      profileUpdatable: true,
      requireProfilePassword: false,
      requireProfileUnlock: false,
    },
    via: 'password',
  } as Parameters<typeof SignedIn>[0])
}
