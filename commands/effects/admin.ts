import type { EffectTable } from './types'

// Effects of the admin area: each calls a port and turns the answer into an event.
export const adminEffects: EffectTable = {}
