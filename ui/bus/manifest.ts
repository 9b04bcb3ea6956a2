// The bus as the browser composes it (ui/areaManifest.ts): its own events only, no screen or effects.
import { busArea } from '../../domain/bus'
import { slice } from '../../commands/browserApp'
import type { AreaManifest } from '../areaManifest'

export const busManifest: AreaManifest = { key: 'bus', domain: slice(busArea) }
