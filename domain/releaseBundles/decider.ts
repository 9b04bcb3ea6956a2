import { right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { ChecksumRejected, LookupRequested, releaseBundlesEvents, type ReleaseBundlesEvent } from './events'
import { checksumKind, normaliseChecksum } from './rules'
import { type ReleaseBundlesState } from './types'
import type { ReleaseBundlesCommand } from './commands'
import { initialReleaseBundlesState } from './initial'
import { releaseBundlesCommandCodecs } from './commandCodecs.gen'

function evolve(s: ReleaseBundlesState, event: ReleaseBundlesEvent | SessionEvent): ReleaseBundlesState {
  if (event.type === 'session/SignedOut') return initialReleaseBundlesState
  if (!event.type.startsWith('releaseBundles/')) return s
  const e = event as ReleaseBundlesEvent
  switch (e.type) {
    case 'releaseBundles/ChecksumRejected': {
      const before = s.lookup.status === 'idle' ? undefined : s.lookup.requestId
      return {
        lookup: { status: 'invalid', checksum: e.data.checksum, ...(before ? { requestId: before } : {}) },
      }
    }
    case 'releaseBundles/LookupRequested':
      return { lookup: { status: 'loading', checksum: e.data.checksum, requestId: e.data.requestId } }
    case 'releaseBundles/LookupLoaded':
    case 'releaseBundles/LookupFailed': {
      // Only the answer to the lookup under way counts (not one after an invalid checksum).
      if (s.lookup.status !== 'loading' || s.lookup.requestId !== e.data.requestId) return s
      const { checksum, requestId } = s.lookup
      return {
        lookup:
          e.type === 'releaseBundles/LookupLoaded'
            ? { status: 'loaded', checksum, requestId, data: e.data.bundles }
            : { status: 'failed', checksum, requestId, failure: e.data.failure },
      }
    }
  }
}

export const releaseBundlesArea: SliceArea<
  'releaseBundles',
  ReleaseBundlesState,
  ReleaseBundlesCommand,
  ReleaseBundlesEvent
> = {
  key: 'releaseBundles',
  commands: releaseBundlesCommandCodecs,
  initialState: initialReleaseBundlesState,
  events: releaseBundlesEvents,
  decide: (command, _slice, _context, meta) => {
    switch (command.type) {
      case 'releaseBundles/LookUpChecksum': {
        const checksum = normaliseChecksum(command.checksum)
        // An invalid checksum is a fact worth showing (and keeping what was typed), not a rejection.
        if (checksumKind(checksum) === null)
          return right([ChecksumRejected({ checksum: command.checksum.trim() })])
        return right([LookupRequested({ requestId: meta.id, checksum })])
      }
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
}
