import { left } from 'fp-ts/Either'
import type { AppArea } from '../app'
import { serviceStatusEvents } from './events'
import { initialServiceStatusState } from './types'

export const serviceStatusArea: AppArea<'serviceStatus'> = {
  key: 'serviceStatus',
  initialState: initialServiceStatusState,
  events: serviceStatusEvents,
  decide: (command) => left(`${(command as { type: string }).type} is not handled yet`),
  evolve: (slice) => slice,
}
