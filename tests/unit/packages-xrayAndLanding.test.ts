// What a package page says of Xray's scan, and which packages the landing lists as most
// downloaded (domain/packages/rules.ts).
import { describe, expect, it } from 'vitest'
import { downloadedOnly, xrayStatus } from '../../domain/packages/rules'
import { makePackage } from '../support/fakePackagesApi'

describe("Xray's word on a package", () => {
  it('says Xray is off or not licensed as the platform says, whatever the scan', () => {
    expect(xrayStatus('unavailable', true)).toBe('unavailable')
    expect(xrayStatus('unlicensed', false)).toBe('unlicensed')
  })

  it('says not scanned only when the platform says so; a platform that does not say is taken at its counts', () => {
    expect(xrayStatus('available', false)).toBe('notScanned')
    expect(xrayStatus('available', true)).toBe('scanned')
    expect(xrayStatus('available', undefined)).toBe('scanned')
  })
})

describe("the landing's most downloaded packages", () => {
  it('leaves out a package nobody downloaded, keeping the order', () => {
    const a = makePackage('a', { stats: { downloads: 3, followers: 0 } })
    const never = makePackage('never', { stats: { downloads: 0, followers: 0 } })
    const once = makePackage('once', { stats: { downloads: 1, followers: 0 } })
    expect(downloadedOnly([a, never, once])).toEqual([a, once])
    expect(downloadedOnly([never])).toEqual([])
  })
})
