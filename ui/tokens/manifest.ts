// The tokens area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialTokensState } from '../../domain/tokens/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const tokensManifest: AreaManifest = {
  key: 'tokens',
  domain: deferred('tokens', initialTokensState, () =>
    import('../../domain/tokens').then((m) => slice(m.tokensArea)),
  ),
  effects: lazyAreaEffects('tokens', () =>
    import('../../commands/effects/tokens').then((m) => m.tokensEffects),
  ),
  ports: (http) => ({
    tokensApi: lazyApi(() => import('../../adapters/http/tokens').then((m) => m.createTokensApi(http))),
  }),
  screen: () => import('./index'),
  parts: { 'profile/tokens': () => import('./MyTokens') },
}
