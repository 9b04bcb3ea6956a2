import type { EffectTable } from './types'

// Effects of the serviceStatus area: each calls a port and turns the answer into an event.
export const serviceStatusEffects: EffectTable = {}
