// The onboarding area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialOnboardingState } from '../../domain/onboarding/types'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const onboardingManifest: AreaManifest = {
  key: 'onboarding',
  domain: deferred('onboarding', initialOnboardingState, () =>
    import('../../domain/onboarding/decider').then((m) => slice(m.onboardingArea)),
  ),
  effects: lazyAreaEffects('onboarding', () =>
    import('../../commands/effects/onboarding').then((m) => m.onboardingEffects),
  ),
  ports: (http) => ({
    onboardingApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createOnboardingApi(http)),
    ),
  }),
}
