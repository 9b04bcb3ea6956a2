// What the Xray Data tab says of a version with no scan to show: why, when the platform says
// (an image waiting for its layers, a failed scan's reason), rather than "Not scanned yet".
import { describe, expect, it } from 'vitest'
import type { ComponentSecurity } from '../../domain/xray'
import { notScannedTitle } from '../../ui/packages/XrayFindings'

const details = (
  scan_status: 'not_scanned' | 'scanning' | 'failed',
  scan_error: string | null,
): ComponentSecurity['details'] => ({
  version_id: 'docker://proxied/waiting@1.0',
  repo: 'docker-remote',
  indexed: true,
  scan_status,
  scan_error,
  last_scanned: null,
  licenses: [],
  vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 },
  violations: 0,
  blocked: null,
})

describe('a version with no scan to show', () => {
  it('says why when the platform says', () => {
    expect(notScannedTitle(details('not_scanned', 'waiting for its layers'))).toBe(
      'Not scanned: waiting for its layers',
    )
    expect(notScannedTitle(details('failed', 'the layers could not be read: bad tar'))).toBe(
      'The scan failed: the layers could not be read: bad tar',
    )
    expect(notScannedTitle(details('failed', null))).toBe('The scan failed')
    expect(notScannedTitle(details('scanning', null))).toBe('Being scanned')
    expect(notScannedTitle(details('not_scanned', null))).toBe('Not scanned yet')
    expect(notScannedTitle(null)).toBe('Not scanned: its repository is not indexed')
  })
})
