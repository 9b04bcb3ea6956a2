// Release bundles by checksum: a pasted checksum is found whatever its case, surrounding
// whitespace or `sha256:`/`sha1:` prefix; anything that is not 40 or 64 hex digits names none.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { checksumKind, normaliseChecksum } from '../../domain/releaseBundles/rules'

const hex = (length: number) =>
  fc
    .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: length, maxLength: length })
    .map((cs) => cs.join(''))
const space = fc.constantFrom('', ' ', '\t', '\n ')

describe('checksum search', () => {
  it('a decorated sha256 or sha1 reads as its lowercase digits, of its kind', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hex(64).map((h) => ['sha256', h] as const),
          hex(40).map((h) => ['sha1', h] as const),
        ),
        fc.boolean(),
        fc.constantFrom('sha256:', 'SHA256:', 'sha1:', 'Sha1:'),
        space,
        space,
        ([kind, digits], prefixed, prefix, before, after) => {
          const pasted = `${before}${prefixed ? prefix : ''}${digits}${after}`
          const read = normaliseChecksum(pasted)
          expect(read).toBe(digits.toLowerCase())
          expect(checksumKind(read)).toBe(kind)
        },
      ),
    )
  })

  it('any other text names no checksum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (text) => {
        const read = normaliseChecksum(text)
        const isOne = /^[0-9a-f]{64}$/.test(read) || /^[0-9a-f]{40}$/.test(read)
        expect(checksumKind(read) !== null).toBe(isOne)
      }),
    )
  })
})
