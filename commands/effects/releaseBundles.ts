import type { EffectTable } from './types'

// Effects of the releaseBundles area: each calls a port and turns the answer into an event.
export const releaseBundlesEffects: EffectTable = {}
