import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { Overview } from './types'

export const Requested = defineEvent('overview/Requested', t.type({ requestId: t.string }))
export const Loaded = defineEvent('overview/Loaded', t.type({ requestId: t.string, overview: Overview }))
export const Failed = defineEvent('overview/Failed', t.type({ requestId: t.string, failure: Failure }))

export const overviewEvents = [Requested, Loaded, Failed] as const
export type OverviewEvent = EventOf<(typeof overviewEvents)[number]>
