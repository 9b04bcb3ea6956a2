// The quick setup area as the browser composes it (ui/areaManifest.ts): deferred until its first
// command. It has no effects or ports of its own: what it needs of the platform (the address the
// client flow shows) it asks the onboarding area for.
import { initialQuickSetupState } from '../../domain/quickSetup/types'
import { deferred, slice } from '../../commands/browserApp'
import type { AreaManifest } from '../areaManifest'

export const quickSetupManifest: AreaManifest = {
  key: 'quickSetup',
  domain: deferred('quickSetup', initialQuickSetupState, () =>
    import('../../domain/quickSetup/decider').then((m) => slice(m.quickSetupArea)),
  ),
  parts: { 'shell/quickSetup': () => import('./QuickSetupPage') },
}
