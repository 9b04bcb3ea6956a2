import { describe, expect, it } from 'vitest'
import { xrayStatus } from '../../domain/packages/rules'
import { initialPlatformState, xrayAvailability, dataTransferBlocked } from '../../domain/platform'

const xray = { name: 'xray', key: 'jfxr', enabled: true }

describe('the security tab rule (spec 001 section 8)', () => {
  it.each([
    ['unavailable', true, 'unavailable'],
    ['unavailable', false, 'unavailable'],
    ['unlicensed', false, 'unlicensed'],
    ['available', false, 'notScanned'],
    ['available', true, 'scanned'],
    ['available', undefined, 'scanned'],
  ] as const)('%s scanner, scanned %s: %s', (availability, scanned, status) => {
    expect(xrayStatus(availability, scanned)).toBe(status)
  })

  it('reads the scanner from the services and its licence from the entitlements', () => {
    expect(xrayAvailability(initialPlatformState)).toBe('unavailable')
    expect(xrayAvailability({ ...initialPlatformState, microservices: [{ ...xray, enabled: false }] })).toBe(
      'unavailable',
    )
    expect(xrayAvailability({ ...initialPlatformState, microservices: [xray] })).toBe('unlicensed')
    expect(xrayAvailability({ ...initialPlatformState, microservices: [xray], entitlements: ['xray'] })).toBe(
      'available',
    )
  })

  it('shows the quota banner only for a blocked data transfer', () => {
    expect(dataTransferBlocked(initialPlatformState)).toBe(false)
    expect(dataTransferBlocked({ ...initialPlatformState, blockedUsages: ['DATA_TRANSFER'] })).toBe(true)
    expect(dataTransferBlocked({ ...initialPlatformState, blockedUsages: ['ui'] })).toBe(false)
  })
})
