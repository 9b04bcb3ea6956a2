import type { EffectTable } from './types'

// Effects of the packages area: each calls a port and turns the answer into an event.
export const packagesEffects: EffectTable = {}
