/**
 * Release bundles' decider (spec 001 section 8) as a specification: a checksum look-up is
 * asked for with the checksum normalised, and an invalid checksum is recorded as a fact (the
 * page keeps what was typed and says why), not rejected.
 */
import { describe, it } from 'vitest'
import { releaseBundlesArea } from '../../domain/releaseBundles'
import { ChecksumRejected, LookupRequested } from '../../domain/releaseBundles/events'
import { spec } from '../support/decider'

const sha256 = 'ab'.repeat(32)
const sha1 = 'cd'.repeat(20)
const bundles = spec(releaseBundlesArea)

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
