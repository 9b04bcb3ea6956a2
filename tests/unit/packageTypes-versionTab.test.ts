/**
 * defaultVersionTab (domain/packageTypes/versionTab.ts) spots docker without the alias table,
 * which keeps that table out of the login page's bundle: exact only while no alias names docker.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ALIASES, canonicalPackageType } from '../../domain/packageTypes/canonical'
import { defaultVersionTab } from '../../domain/packageTypes/versionTab'

const byCanonicalType = (packageType: string) =>
  canonicalPackageType(packageType) === 'docker' ? 'dockerLayers' : 'builds'

describe('defaultVersionTab without the alias table', () => {
  it('no alias names docker', () => {
    expect(Object.entries(ALIASES).filter(([, to]) => to === 'docker')).toEqual([])
  })

  it('answers as the canonical type would, for every alias and any type', () => {
    const types = [...Object.keys(ALIASES), 'docker', ' Docker ', 'DOCKER', 'npm', 'maven', '']
    for (const packageType of types)
      expect(defaultVersionTab({ packageType })).toBe(byCanonicalType(packageType))
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (packageType) => {
        expect(defaultVersionTab({ packageType })).toBe(byCanonicalType(packageType))
      }),
    )
  })
})
