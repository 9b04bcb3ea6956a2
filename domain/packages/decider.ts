import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { packagesEvents } from './events'
import { initialPackagesState } from './types'

export const packagesArea: AppArea<'packages'> = {
  key: 'packages',
  initialState: initialPackagesState,
  events: packagesEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
