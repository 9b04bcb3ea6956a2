/** The distribution area's checksum rules: what a typed, pasted or searched checksum becomes. */
import { describe, expect, it } from 'vitest'
import { checksumFromSearch, checksumKind, normaliseChecksum } from '../../domain/releaseBundles/rules'
import { messageText } from '../../ui/shared/messages'

describe('release bundles: checksums', () => {
  it.each([
    [`  SHA256:${'A'.repeat(64)} `, 'a'.repeat(64), 'sha256'],
    [`sha1:${'0'.repeat(40)}`, '0'.repeat(40), 'sha1'],
    ['abc', 'abc', null],
    ['g'.repeat(64), 'g'.repeat(64), null],
  ])('%j normalises to %j, a %s checksum', (typed, normal, kind) => {
    expect(normaliseChecksum(typed)).toBe(normal)
    expect(checksumKind(normaliseChecksum(typed))).toBe(kind)
  })

  it.each([
    [`q=${'B'.repeat(40)}`, 'b'.repeat(40)],
    [`q=sha256:${'c'.repeat(64)}*`, 'c'.repeat(64)],
    [`pkg=npm&q=${'d'.repeat(64)}**`, 'd'.repeat(64)],
    ['q=deadbeef', ''],
    ['q=react*', ''],
    ['', ''],
  ])('the search %j names the checksum %j', (search, checksum) => {
    expect(checksumFromSearch(search)).toBe(checksum)
  })
})

describe('release bundles: the lookup of a checksum that is none', () => {
  // The state says only 'invalid'; the catalogue words it (no sentence in the domain).
  it('is worded by the catalogue', () => {
    expect(messageText({ key: 'invalidChecksum' })).toBe(
      'Enter a SHA-256 (64 hex characters) or SHA-1 (40 hex characters) checksum',
    )
  })
})
