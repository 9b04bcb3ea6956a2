import { right } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { ChecksumRejected, LookupRequested, releaseBundlesEvents, type ReleaseBundlesEvent } from './events'
import { checksumKind, normaliseChecksum } from './rules'
import { initialReleaseBundlesState, type ReleaseBundlesState } from './types'
import { releaseBundlesCommandCodecs } from './commandCodecs.gen'

function evolve(s: ReleaseBundlesState, event: AppEvent): ReleaseBundlesState {
  if (event.type === 'session/SignedOut') return initialReleaseBundlesState
  if (!event.type.startsWith('releaseBundles/')) return s
  const e = event as ReleaseBundlesEvent
  switch (e.type) {
    case 'releaseBundles/ChecksumRejected':
      return {
        lookup: { ...s.lookup, status: 'invalid', checksum: e.data.checksum, bundles: [], failure: null },
      }
    case 'releaseBundles/LookupRequested':
      return {
        lookup: {
          status: 'loading',
          checksum: e.data.checksum,
          requestId: e.data.requestId,
          bundles: [],
          failure: null,
        },
      }
    case 'releaseBundles/LookupLoaded':
      if (e.data.requestId !== s.lookup.requestId) return s
      return { lookup: { ...s.lookup, status: 'loaded', bundles: e.data.bundles } }
    case 'releaseBundles/LookupFailed':
      if (e.data.requestId !== s.lookup.requestId) return s
      return { lookup: { ...s.lookup, status: 'failed', failure: e.data.failure } }
  }
}

export const releaseBundlesArea: AppArea<'releaseBundles'> = {
  key: 'releaseBundles',
  commands: releaseBundlesCommandCodecs,
  initialState: initialReleaseBundlesState,
  events: releaseBundlesEvents,
  decide: (command, _state, meta) => {
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
