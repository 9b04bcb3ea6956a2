import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { sessionEvents } from './events'
import { initialSessionState } from './types'

export const sessionArea: AppArea<'session'> = {
  key: 'session',
  initialState: initialSessionState,
  events: sessionEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
