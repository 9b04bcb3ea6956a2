import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { ReleaseBundle } from './types'

export const ChecksumRejected = defineEvent('releaseBundles/ChecksumRejected', t.type({ checksum: t.string }))
export const LookupRequested = defineEvent(
  'releaseBundles/LookupRequested',
  t.type({ requestId: t.string, checksum: t.string }),
)
export const LookupLoaded = defineEvent(
  'releaseBundles/LookupLoaded',
  t.type({ requestId: t.string, bundles: t.array(ReleaseBundle) }),
)
export const LookupFailed = defineEvent(
  'releaseBundles/LookupFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const releaseBundlesEvents = [ChecksumRejected, LookupRequested, LookupLoaded, LookupFailed] as const

export type ReleaseBundlesEvent = EventOf<(typeof releaseBundlesEvents)[number]>
