// The tour area as the browser composes it (ui/areaManifest.ts): loaded with the entry.
import { tourArea } from '../../domain/tour'
import { slice } from '../../commands/browserApp'
import { namedEffects } from '../../commands/effects/lazy'
import { tourEffects } from '../../commands/effects/tour'
import type { AreaManifest } from '../areaManifest'

export const tourManifest: AreaManifest = {
  key: 'tour',
  domain: slice(tourArea),
  effects: namedEffects({ tour: tourEffects }),
}
