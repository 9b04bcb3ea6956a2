// What the Xray Data tab says of a version with no scan to show: why, when the platform says
// (an image waiting for its layers, a failed scan's reason), rather than "Not scanned yet".
import { describe, expect, it } from 'vitest'
import type { ComponentSecurity } from '../../domain/xray'
import { notScannedTitle, unlistedText } from '../../ui/packages/XrayFindings'
import { formatDateTime } from '../../ui/shared/dates'

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

describe('a version whose vulnerabilities could not be listed', () => {
  const security = (d: ComponentSecurity['details'], answeredAt: string | null): ComponentSecurity => ({
    packageId: 'npm://lodash',
    version: '4.17.15',
    details: d,
    vulnerabilities: [],
    vulnerabilitiesUnavailable: {
      failure: { kind: 'status', status: 503, message: 'Service Unavailable' },
      answeredAt,
    },
  })
  const scanned = {
    ...details('not_scanned', null)!,
    scan_status: 'scanned' as const,
    vulnerabilities: { critical: 1, high: 2, medium: 0, low: 0, unknown: 0 },
  }

  it('says why, when the platform answered, and what its scan counted', () => {
    const text = unlistedText(security(scanned, '2026-12-04T10:15:00.000Z'))!
    expect(text).toMatch(/^The vulnerabilities of 4\.17\.15 could not be listed: .+\./)
    expect(text).toContain(`The platform answered at ${formatDateTime('2026-12-04T10:15:00.000Z')}.`)
    expect(text).toContain('Its scan counts 1 critical, 2 high.')
  })

  it('says no time when no answer came, and no counts before a scan', () => {
    const text = unlistedText(security(details('not_scanned', null), null))!
    expect(text).not.toContain('answered at')
    expect(text).not.toContain('counts')
    expect(
      unlistedText(
        security({ ...scanned, vulnerabilities: { ...scanned.vulnerabilities, critical: 0, high: 0 } }, null),
      ),
    ).toContain('Its scan counts no known vulnerabilities.')
  })

  it('is nothing when the list answered', () => {
    expect(
      unlistedText({ packageId: 'npm://lodash', version: '4.17.15', details: scanned, vulnerabilities: [] }),
    ).toBe(undefined)
  })
})
