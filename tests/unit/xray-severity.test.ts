/**
 * Severities of advisories and findings: the CVSS 3 qualitative ratings of a score, GitHub's
 * database words, what npm audit calls each, and which is worse.
 */
import { describe, expect, it } from 'vitest'
import {
  XRAY_SEVERITIES,
  npmSeverity,
  severityOf,
  severityOfScore,
  severityRank,
} from '../../domain/xray/severity'

describe('a CVSS 3 score’s rating (CVSS v3.1 specification, section 5)', () => {
  it('critical 9.0–10.0, high 7.0–8.9, medium 4.0–6.9, low 0.1–3.9, none 0.0', () => {
    const rated = [10, 9, 8.9, 7, 6.9, 4, 3.9, 0.1, 0].map((score) => [score, severityOfScore(score)])
    expect(rated).toEqual([
      [10, 'critical'],
      [9, 'critical'],
      [8.9, 'high'],
      [7, 'high'],
      [6.9, 'medium'],
      [4, 'medium'],
      [3.9, 'low'],
      [0.1, 'low'],
      [0, 'unknown'],
    ])
  })
})

describe('an advisory’s severity', () => {
  it('is the database’s own word when it gives one, in any case (GitHub’s MODERATE is medium)', () => {
    expect(severityOf('CRITICAL', 1)).toBe('critical')
    expect(severityOf('high', 1)).toBe('high')
    expect(severityOf('MODERATE', 9.8)).toBe('medium')
    expect(severityOf('Medium', 9.8)).toBe('medium')
    expect(severityOf('LOW', 9.8)).toBe('low')
  })

  it('else the score’s rating, else unknown', () => {
    expect(severityOf(undefined, 9.8)).toBe('critical')
    expect(severityOf('', 5.6)).toBe('medium')
    expect(severityOf('SEVERE', 7.5)).toBe('high')
    expect(severityOf(undefined, undefined)).toBe('unknown')
    expect(severityOf('SEVERE', undefined)).toBe('unknown')
  })
})

describe('npm audit’s words', () => {
  it('medium is moderate, unknown is info, the others as they are', () => {
    expect(XRAY_SEVERITIES.map(npmSeverity)).toEqual(['critical', 'high', 'moderate', 'low', 'info'])
  })
})

describe('which severity is worse', () => {
  it('worst first: critical, high, medium, low, then unknown below low', () => {
    expect(XRAY_SEVERITIES).toEqual(['critical', 'high', 'medium', 'low', 'unknown'])
    const ranks = XRAY_SEVERITIES.map(severityRank)
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
    expect(new Set(ranks).size).toBe(ranks.length)
    // A "low and above" rule does not catch unknown.
    expect(severityRank('unknown')).toBeLessThan(severityRank('low'))
  })
})
