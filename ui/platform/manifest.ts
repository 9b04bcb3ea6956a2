// Start-up (the platform's answers) as the browser composes it (ui/areaManifest.ts): loaded with the entry.
import { platformArea } from '../../domain/platform'
import { slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { platformEffects } from '../../commands/effects/platform'
import { createPlatformApi } from '../../adapters/http/platform'
import type { AreaManifest } from '../areaManifest'

export const platformManifest: AreaManifest = {
  key: 'platform',
  domain: slice(platformArea),
  effects: namedEffects({ platform: platformEffects }),
  ports: (http) => ({ platformApi: createPlatformApi(http) }),
}
