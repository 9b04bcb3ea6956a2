import type { EffectTable } from './types'

// Effects of the platform area: each calls a port and turns the answer into an event.
export const platformEffects: EffectTable = {}
