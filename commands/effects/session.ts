import type { EffectTable } from './types'

// Effects of the session area: each calls a port and turns the answer into an event.
export const sessionEffects: EffectTable = {}
