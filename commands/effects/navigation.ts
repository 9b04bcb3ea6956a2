import type { EffectTable } from './types'

// Effects of the navigation area: each calls a port and turns the answer into an event.
export const navigationEffects: EffectTable = {}
