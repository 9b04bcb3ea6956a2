import type { EffectTable } from './types'

// Effects of the notifications area: each calls a port and turns the answer into an event.
export const notificationsEffects: EffectTable = {}
