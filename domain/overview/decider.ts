import { right } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { Requested, overviewEvents, type OverviewEvent } from './events'
import { initialOverviewState, type OverviewState } from './types'
import { overviewCommandCodecs } from './commandCodecs.gen'

function evolve(s: OverviewState, event: AppEvent): OverviewState {
  if (event.type === 'session/SignedOut') return initialOverviewState
  if (!event.type.startsWith('overview/')) return s
  const e = event as OverviewEvent
  switch (e.type) {
    case 'overview/Requested':
      return {
        status: 'loading',
        requestId: e.data.requestId,
        ...(s.status === 'loaded' ? { previous: s.data } : {}),
      }
    case 'overview/Loaded':
      if (s.status !== 'loading' || s.requestId !== e.data.requestId) return s
      return { status: 'loaded', data: e.data.overview }
    case 'overview/Failed':
      if (s.status !== 'loading' || s.requestId !== e.data.requestId) return s
      return { status: 'failed', failure: e.data.failure }
  }
}

export const overviewArea: AppArea<'overview'> = {
  key: 'overview',
  commands: overviewCommandCodecs,
  initialState: initialOverviewState,
  events: overviewEvents,
  decide: (command, _state, meta) => {
    switch (command.type) {
      case 'overview/Load':
        return right([Requested({ requestId: meta.id })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
}
