// The admin area as the browser composes it (ui/areaManifest.ts): deferred until its first command.
import { initialAdminState } from '../../domain/admin/initial'
import { deferred, lazyAreaEffects, slice } from '../../commands/browserApp'
import { lazyApi } from '../../adapters/browser/lazyApi'
import type { AreaManifest } from '../areaManifest'

export const adminManifest: AreaManifest = {
  key: 'admin',
  domain: deferred('admin', initialAdminState, () =>
    import('../../domain/admin').then((m) => slice(m.adminArea)),
  ),
  effects: lazyAreaEffects('admin', () => import('../../commands/effects/admin').then((m) => m.adminEffects)),
  ports: (http) => ({
    adminApi: lazyApi(() =>
      import('../../adapters/browser/adminApiChunk').then((m) => m.createAdminApi(http)),
    ),
  }),
  screen: () => import('./index'),
}
