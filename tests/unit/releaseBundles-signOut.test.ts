// Signing out forgets the checksum looked up and what the platform answered for it.
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { releaseBundlesArea } from '../../domain/releaseBundles'
import { LookupLoaded, LookupRequested } from '../../domain/releaseBundles/events'
import { initialReleaseBundlesState } from '../../domain/releaseBundles/initial'
import { SignedOut } from '../../domain/session/events'
import { spec } from '../support/decider'

describe('release bundles and signing out', () => {
  it('a look-up and its answer are gone once the user signs out', () => {
    const checksum = 'ab'.repeat(32)
    const state = spec(appSlice(releaseBundlesArea)).given(
      LookupRequested({ requestId: 'r1', checksum }),
      LookupLoaded({ requestId: 'r1', bundles: [] }),
      SignedOut({ reason: 'user' }) as AppEvent,
    ).state
    expect(state.releaseBundles).toEqual(initialReleaseBundlesState)
    expect(state.releaseBundles.lookup.status).toBe('idle')
  })
})
