import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { navigationEvents } from './events'
import { initialNavigationState } from './types'

export const navigationArea: AppArea<'navigation'> = {
  key: 'navigation',
  initialState: initialNavigationState,
  events: navigationEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
