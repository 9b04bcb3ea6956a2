/**
 * The list's search from a link (domain/search/listQuery.ts) where no scanner gives packages their
 * severities: the link's `sev` filters nothing there, and the platform's page carries the same
 * first read the console will make (server/ui/routeAnswers.ts), judged by the same rule.
 */
import { describe, expect, it } from 'vitest'
import { listQueryOf } from '../../domain/search/listQuery'
import { scannerAnswers } from '../../domain/platform/rules'
import { flavourProfile } from '../../server/platform/flavours'
import { listFirstRead } from '../../server/ui/routeAnswers'

describe("a link's severities", () => {
  it('filter where a scanner runs, and are left out where none does', () => {
    expect(listQueryOf('?q=react&sev=high&sev=low', true)?.severities).toEqual(['HIGH', 'LOW'])
    expect(listQueryOf('?q=react&sev=high', false)).toEqual(listQueryOf('?q=react', false))
    expect(listQueryOf('?q=react&sev=high', false)?.severities).toEqual([])
  })

  it('alone are no search where no scanner runs (the landing, not every package)', () => {
    expect(listQueryOf('?sev=high', true)).not.toBeNull()
    expect(listQueryOf('?sev=high', false)).toBeNull()
  })

  it("the platform judges its own profile as the console judges start-up's answers", () => {
    const profile = (flavour: 'platform' | 'oss' | 'lightweight', licenseType: string) =>
      flavourProfile({ flavour, cloud: false, licenseType })
    expect(scannerAnswers(profile('platform', 'Enterprise+'))).toBe(true)
    // The scanner runs, but the licence lacks the security pack.
    expect(scannerAnswers(profile('platform', 'Pro'))).toBe(false)
    expect(scannerAnswers(profile('oss', 'N/A'))).toBe(false)
    expect(scannerAnswers(profile('lightweight', 'Enterprise+'))).toBe(false)
  })

  it("the page's first read of the list leaves them out as the console will", () => {
    expect(listFirstRead('/packages', '?q=*&sev=high', false)).toEqual(
      listFirstRead('/packages', '?q=*', false),
    )
    expect(listFirstRead('/packages', '?q=*&sev=high', true)).not.toEqual(
      listFirstRead('/packages', '?q=*', true),
    )
    expect(listFirstRead('/packages', '?sev=high', false)).toBeUndefined()
  })
})
