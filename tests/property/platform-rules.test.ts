// The security scanner's availability (spec 001 section 8): unavailable when the platform does
// not run it as an enabled service, unlicensed when it runs without the entitlement.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { initialPlatformState, xrayAvailability } from '../../domain/platform'

const service = fc.record({
  name: fc.constantFrom('xray', 'Xray', 'XRAY', 'distribution', 'jfxr'),
  key: fc.constantFrom('jfxr', 'jfds', 'xray', 'XRay'),
  enabled: fc.boolean(),
})

describe('scanner availability', () => {
  it('follows the enabled services and the licence', () => {
    fc.assert(
      fc.property(
        fc.array(service, { maxLength: 4 }),
        fc.subarray(['xray', 'distribution']),
        (microservices, entitlements) => {
          const runs = microservices.some(
            (s) => s.enabled && (s.name.toLowerCase() === 'xray' || s.key.toLowerCase() === 'xray'),
          )
          const expected = !runs ? 'unavailable' : entitlements.includes('xray') ? 'available' : 'unlicensed'
          expect(xrayAvailability({ ...initialPlatformState, microservices, entitlements })).toBe(expected)
        },
      ),
    )
  })
})
