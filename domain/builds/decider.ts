import { right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { DetailRequested, ListRequested, buildsEvents, type BuildsEvent } from './events'
import { type BuildsState } from './types'
import type { BuildsCommand } from './commands'
import { initialBuildsState } from './initial'
import { buildsCommandCodecs } from './commandCodecs.gen'
import { awaits, reloading } from '../shared/loadable'

function evolve(s: BuildsState, event: BuildsEvent | SessionEvent): BuildsState {
  if (event.type === 'session/SignedOut') return initialBuildsState
  if (!event.type.startsWith('builds/')) return s
  const e = event as BuildsEvent
  switch (e.type) {
    case 'builds/ListRequested':
      return { ...s, list: reloading(s.list, e.data.requestId) }
    case 'builds/ListLoaded':
      if (!awaits(s.list, e.data.requestId)) return s
      return { ...s, list: { status: 'loaded', data: e.data.builds } }
    case 'builds/ListFailed':
      if (!awaits(s.list, e.data.requestId)) return s
      return { ...s, list: { status: 'failed', failure: e.data.failure } }
    case 'builds/DetailRequested':
      return {
        ...s,
        detail: { status: 'loading', requestId: e.data.requestId, name: e.data.name, number: e.data.number },
      }
    case 'builds/DetailLoaded':
      if (!awaits(s.detail, e.data.requestId)) return s
      return {
        ...s,
        detail: { status: 'loaded', data: e.data.build, name: s.detail.name, number: s.detail.number },
      }
    case 'builds/DetailFailed':
      if (!awaits(s.detail, e.data.requestId)) return s
      return {
        ...s,
        detail: { status: 'failed', failure: e.data.failure, name: s.detail.name, number: s.detail.number },
      }
  }
}

export const buildsArea: SliceArea<'builds', BuildsState, BuildsCommand, BuildsEvent> = {
  key: 'builds',
  commands: buildsCommandCodecs,
  initialState: initialBuildsState,
  events: buildsEvents,
  decide: (command, _slice, _context, meta) => {
    switch (command.type) {
      case 'builds/LoadList':
        return right([ListRequested({ requestId: meta.id })])
      case 'builds/OpenBuild':
        return right([DetailRequested({ requestId: meta.id, name: command.name, number: command.number })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
}
