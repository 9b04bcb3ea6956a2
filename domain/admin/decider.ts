import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { adminEvents } from './events'
import { initialAdminState } from './types'

export const adminArea: AppArea<'admin'> = {
  key: 'admin',
  initialState: initialAdminState,
  events: adminEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
