// The xray area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialXrayState } from '../../domain/xray/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const xrayManifest: AreaManifest = {
  key: 'xray',
  domain: deferred('xray', initialXrayState, () =>
    import('../../domain/xray').then((m) => slice(m.xrayArea)),
  ),
  effects: lazyAreaEffects('xray', () => import('../../commands/effects/xray').then((m) => m.xrayEffects)),
  ports: (http) => ({
    xrayApi: lazyApi(() => import('../../adapters/http/xray').then((m) => m.createXrayApi(http))),
  }),
  screen: () => import('./index'),
}
