import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { releaseBundlesEvents } from './events'
import { initialReleaseBundlesState } from './types'

export const releaseBundlesArea: AppArea<'releaseBundles'> = {
  key: 'releaseBundles',
  initialState: initialReleaseBundlesState,
  events: releaseBundlesEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
