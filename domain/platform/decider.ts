import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { platformEvents } from './events'
import { initialPlatformState } from './types'

export const platformArea: AppArea<'platform'> = {
  key: 'platform',
  initialState: initialPlatformState,
  events: platformEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
