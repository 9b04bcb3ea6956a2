import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { BuildDetail, BuildRun } from './types'

export const ListRequested = defineEvent('builds/ListRequested', t.type({ requestId: t.string }))
export const ListLoaded = defineEvent(
  'builds/ListLoaded',
  t.type({ requestId: t.string, builds: t.array(BuildRun) }),
)
export const ListFailed = defineEvent('builds/ListFailed', t.type({ requestId: t.string, failure: Failure }))
export const DetailRequested = defineEvent(
  'builds/DetailRequested',
  t.type({ requestId: t.string, name: t.string, number: t.string }),
)
export const DetailLoaded = defineEvent(
  'builds/DetailLoaded',
  t.type({ requestId: t.string, build: BuildDetail }),
)
export const DetailFailed = defineEvent(
  'builds/DetailFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const buildsEvents = [
  ListRequested,
  ListLoaded,
  ListFailed,
  DetailRequested,
  DetailLoaded,
  DetailFailed,
] as const
export type BuildsEvent = EventOf<(typeof buildsEvents)[number]>
