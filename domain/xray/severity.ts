/** Severities of advisories, findings and rules, worst first. */
export const XRAY_SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const
export type XraySeverity = (typeof XRAY_SEVERITIES)[number]

/** Higher is worse; unknown ranks below low, so a "low and above" rule does not catch it. */
export const severityRank = (s: XraySeverity): number =>
  XRAY_SEVERITIES.length - 1 - XRAY_SEVERITIES.indexOf(s)

/** GitHub's database_specific.severity words (MODERATE is medium). */
const GHSA_WORDS: Readonly<Record<string, XraySeverity>> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MODERATE: 'medium',
  MEDIUM: 'medium',
  LOW: 'low',
}

/** CVSS 3 qualitative ratings. */
export function severityOfScore(score: number): XraySeverity {
  if (score >= 9) return 'critical'
  if (score >= 7) return 'high'
  if (score >= 4) return 'medium'
  if (score > 0) return 'low'
  return 'unknown'
}

/** The database's own word when it gives one, else the score's rating. */
export function severityOf(databaseWord: string | undefined, score: number | undefined): XraySeverity {
  const word = databaseWord ? GHSA_WORDS[databaseWord.toUpperCase()] : undefined
  if (word) return word
  return score === undefined ? 'unknown' : severityOfScore(score)
}

/** npm audit's severity words. */
export const npmSeverity = (s: XraySeverity): 'critical' | 'high' | 'moderate' | 'low' | 'info' =>
  s === 'medium' ? 'moderate' : s === 'unknown' ? 'info' : s
