import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { searchEvents } from './events'
import { initialSearchState } from './types'

export const searchArea: AppArea<'search'> = {
  key: 'search',
  initialState: initialSearchState,
  events: searchEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
