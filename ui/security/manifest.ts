// The security area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialSecurityState } from '../../domain/security/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const securityManifest: AreaManifest = {
  key: 'security',
  domain: deferred('security', initialSecurityState, () =>
    import('../../domain/security').then((m) => slice(m.securityArea)),
  ),
  effects: lazyAreaEffects('security', () =>
    import('../../commands/effects/security').then((m) => m.securityEffects),
  ),
  ports: (http) => ({
    securityApi: lazyApi(() => import('../../adapters/http/security').then((m) => m.createSecurityApi(http))),
  }),
  screen: () => import('./index'),
}
