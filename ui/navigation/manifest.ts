// The navigation area as the browser composes it (ui/areaManifest.ts): loaded with the entry.
import { navigationArea } from '../../domain/navigation'
import { slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { navigationEffects } from '../../commands/effects/navigation'
import { createNavigationApi } from '../../adapters/http/navigation'
import type { AreaManifest } from '../areaManifest'

export const navigationManifest: AreaManifest = {
  key: 'navigation',
  domain: slice(navigationArea),
  effects: namedEffects({ navigation: navigationEffects }),
  ports: (http) => ({ navigationApi: createNavigationApi(http) }),
}
