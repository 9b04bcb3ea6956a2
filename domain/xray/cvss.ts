/**
 * The CVSS 3.0/3.1 base score of a vector string (FIRST's specification, section 7.1), so a
 * policy's minimum score applies to advisories that publish only their vector, as OSV does.
 */
const WEIGHTS = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  UI: { N: 0.85, R: 0.62 },
  CIA: { H: 0.56, L: 0.22, N: 0 },
} as const

/** CVSS 3.1's Roundup: the smallest one-decimal number at least the input, free of float noise. */
function roundUp(value: number): number {
  const scaled = Math.round(value * 100_000)
  return scaled % 10_000 === 0 ? scaled / 100_000 : (Math.floor(scaled / 10_000) + 1) / 10
}

/** The base score, or undefined for a vector that is not a complete CVSS 3 base vector. */
export function cvss3BaseScore(vector: string): number | undefined {
  const [head, ...parts] = vector.split('/')
  if (head !== 'CVSS:3.1' && head !== 'CVSS:3.0') return undefined
  const m = new Map(parts.map((p) => p.split(':') as [string, string]))
  const pick = <T extends Record<string, number>>(table: T, key: string): number | undefined => {
    const v = m.get(key)
    return v !== undefined && v in table ? table[v as keyof T] : undefined
  }
  const scope = m.get('S')
  if (scope !== 'U' && scope !== 'C') return undefined
  const prTable = scope === 'C' ? { N: 0.85, L: 0.68, H: 0.5 } : { N: 0.85, L: 0.62, H: 0.27 }
  const av = pick(WEIGHTS.AV, 'AV')
  const ac = pick(WEIGHTS.AC, 'AC')
  const pr = pick(prTable, 'PR')
  const ui = pick(WEIGHTS.UI, 'UI')
  const c = pick(WEIGHTS.CIA, 'C')
  const i = pick(WEIGHTS.CIA, 'I')
  const a = pick(WEIGHTS.CIA, 'A')
  if ([av, ac, pr, ui, c, i, a].some((x) => x === undefined)) return undefined
  const iss = 1 - (1 - c!) * (1 - i!) * (1 - a!)
  const impact = scope === 'U' ? 6.42 * iss : 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15)
  if (impact <= 0) return 0
  const exploitability = 8.22 * av! * ac! * pr! * ui!
  return scope === 'U'
    ? roundUp(Math.min(impact + exploitability, 10))
    : roundUp(Math.min(1.08 * (impact + exploitability), 10))
}
