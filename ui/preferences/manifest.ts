// The user's preferences as the browser composes it (ui/areaManifest.ts): loaded with the entry.
import { preferencesArea } from '../../domain/preferences'
import { slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { preferencesEffects } from '../../commands/effects/preferences'
import type { AreaManifest } from '../areaManifest'

export const preferencesManifest: AreaManifest = {
  key: 'preferences',
  domain: slice(preferencesArea),
  effects: namedEffects({ preferences: preferencesEffects }),
}
