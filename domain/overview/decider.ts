import { right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { Requested, overviewEvents, type OverviewEvent } from './events'
import { type OverviewState } from './types'
import type { OverviewCommand } from './commands'
import { initialOverviewState } from './initial'
import { overviewCommandCodecs } from './commandCodecs.gen'
import { awaits, reloading } from '../shared/loadable'

function evolve(s: OverviewState, event: OverviewEvent | SessionEvent): OverviewState {
  if (event.type === 'session/SignedOut') return initialOverviewState
  if (!event.type.startsWith('overview/')) return s
  const e = event as OverviewEvent
  switch (e.type) {
    case 'overview/Requested':
      return reloading(s, e.data.requestId)
    case 'overview/Loaded':
      if (!awaits(s, e.data.requestId)) return s
      return { status: 'loaded', data: e.data.overview }
    case 'overview/Failed':
      if (!awaits(s, e.data.requestId)) return s
      return { status: 'failed', failure: e.data.failure }
  }
}

export const overviewArea: SliceArea<'overview', OverviewState, OverviewCommand, OverviewEvent> = {
  key: 'overview',
  commands: overviewCommandCodecs,
  initialState: initialOverviewState,
  events: overviewEvents,
  decide: (command, _slice, _context, meta) => {
    switch (command.type) {
      case 'overview/Load':
        return right([Requested({ requestId: meta.id })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
}
