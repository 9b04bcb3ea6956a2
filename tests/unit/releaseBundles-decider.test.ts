/**
 * Release bundles' decider (spec 001 section 8) as a specification: a checksum look-up is
 * asked for with the checksum normalised, and an invalid checksum is recorded as a fact (the
 * page keeps what was typed and says why), not rejected.
 */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { releaseBundlesArea } from '../../domain/releaseBundles'
import {
  ChecksumRejected,
  LookupFailed,
  LookupLoaded,
  LookupRequested,
} from '../../domain/releaseBundles/events'
import { foldEvents, spec } from '../support/decider'
import { releaseBundle } from '../support/fixtures'

const sha256 = 'ab'.repeat(32)
const sha1 = 'cd'.repeat(20)
const bundles = spec(appSlice(releaseBundlesArea))

describe('looking up a checksum', () => {
  it('asks for a SHA-256 or SHA-1 checksum, trimmed, lower-cased and without its prefix', () => {
    bundles
      .given()
      .when({ type: 'releaseBundles/LookUpChecksum', checksum: `  SHA256:${sha256.toUpperCase()} ` })
      .then(LookupRequested({ requestId: 'id-1', checksum: sha256 }))
    bundles
      .given()
      .when({ type: 'releaseBundles/LookUpChecksum', checksum: sha1 })
      .then(LookupRequested({ requestId: 'id-1', checksum: sha1 }))
  })

  it('records an invalid checksum as typed (trimmed), without a request', () => {
    for (const checksum of [' not-a-checksum ', 'ab'.repeat(31), `${sha256}0`, ''])
      bundles
        .given()
        .when({ type: 'releaseBundles/LookUpChecksum', checksum })
        .then(ChecksumRejected({ checksum: checksum.trim() }))
  })
})

describe('the lookup (a tagged union: idle, invalid, loading, loaded, failed)', () => {
  const bundle = releaseBundle
  const failure = { kind: 'network', message: 'down' } as const
  const lookupAfter = (...events: Parameters<typeof foldEvents>[0]) =>
    foldEvents(events).releaseBundles.lookup

  it('shows the bundles of the checksum asked, or why the lookup failed (its checksum kept for Retry)', () => {
    const asked = LookupRequested({ requestId: 'r-1', checksum: sha256 })
    expect(lookupAfter(asked)).toEqual({ status: 'loading', checksum: sha256, requestId: 'r-1' })
    expect(lookupAfter(asked, LookupLoaded({ requestId: 'r-1', bundles: [bundle] }))).toEqual({
      status: 'loaded',
      checksum: sha256,
      requestId: 'r-1',
      data: [bundle],
    })
    expect(lookupAfter(asked, LookupFailed({ requestId: 'r-1', failure }))).toEqual({
      status: 'failed',
      checksum: sha256,
      requestId: 'r-1',
      failure,
    })
  })

  it('takes only the answer it waits for: not a superseded one, nor one after an invalid checksum', () => {
    const first = LookupRequested({ requestId: 'r-1', checksum: sha256 })
    const late = LookupLoaded({ requestId: 'r-1', bundles: [bundle] })
    expect(lookupAfter(first, LookupRequested({ requestId: 'r-2', checksum: sha1 }), late)).toMatchObject({
      status: 'loading',
      requestId: 'r-2',
    })
    expect(lookupAfter(first, ChecksumRejected({ checksum: 'nope' }), late)).toEqual({
      status: 'invalid',
      checksum: 'nope',
      requestId: 'r-1',
    })
  })
})
