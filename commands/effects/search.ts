import type { EffectTable } from './types'

// Effects of the search area: each calls a port and turns the answer into an event.
export const searchEffects: EffectTable = {}
