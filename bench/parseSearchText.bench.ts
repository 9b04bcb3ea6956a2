/**
 * Speed of the search-bar text rules: parseSearchText on typical 40-character queries
 * (target ≥ 2 million a second) and printSearchText on their parse results.
 */
import { parseSearchText, printSearchText, type ParsedSearchText } from '../domain/search'
import type { Figure } from './types'

export const title = 'Search text: parseSearchText and printSearchText'

const KNOWN_KEYS = [
  'pkg',
  'repo',
  'tag',
  'license',
  'severity',
  'scope',
  'before',
  'after',
  'desc',
  'sort_by',
]

// Typical queries as typed in the bar: a name, a quoted name, one or two filters. Each is
// padded or cut to exactly 40 characters so the figure is per 40-character query.
const SEEDS = [
  'react-dom pkg:npm repo:npm-remote tag:ui',
  '"spring boot" pkg:maven license:Apache-2',
  'lodash repo:"npm local" severity:high xx',
  'nginx pkg:docker tag:latest scope:public',
  'com.fasterxml jackson-databind pkg:maven',
  'requests pkg:pypi before:2025-01-01 desc',
  'my service repo:docker-prod sort_by:name',
  '"hello world" something else entirely ok',
]
const QUERIES = SEEDS.map((s) => (s.length >= 40 ? s.slice(0, 40) : s.padEnd(40, 'x')))

function measure(label: string, fn: (i: number) => number, rounds: number): number {
  // Warm up so the JIT has compiled the scanner before timing.
  let sink = 0
  for (let i = 0; i < 200_000; i++) sink += fn(i)
  const best: number[] = []
  for (let r = 0; r < rounds; r++) {
    const n = 1_000_000
    const t0 = performance.now()
    for (let i = 0; i < n; i++) sink += fn(i)
    const ms = performance.now() - t0
    best.push(n / (ms / 1000))
  }
  if (sink === -1) console.log(label, sink)
  return Math.max(...best)
}

export async function run(): Promise<Figure[]> {
  for (const q of QUERIES) if (q.length !== 40) throw new Error(`query is not 40 characters: ${q}`)
  const parsed: ParsedSearchText[] = QUERIES.map((q) => parseSearchText(q, KNOWN_KEYS))
  const mask = QUERIES.length - 1
  const parseRate = measure('parse', (i) => parseSearchText(QUERIES[i & mask]!, KNOWN_KEYS).name.length, 5)
  const printRate = measure('print', (i) => printSearchText(parsed[i & mask]!).length, 5)
  // A regex tokenizer over the same input, for scale (the issue quotes ~1.5M/s for one).
  const token = /"([^"]*)"|(\S+)/g
  const regexRate = measure(
    'regex',
    (i) => {
      const q = QUERIES[i & mask]!
      let count = 0
      token.lastIndex = 0
      for (let m = token.exec(q); m; m = token.exec(q)) count += (m[1] ?? m[2] ?? '').length
      return count
    },
    5,
  )
  return [
    {
      name: 'parseSearchText, 40-character queries',
      value: parseRate,
      unit: 'queries/s',
      target: '≥ 2,000,000 queries/s',
      ratio: { to: 'a bare regex tokenizer', value: parseRate / regexRate },
    },
    { name: 'printSearchText, their parse results', value: printRate, unit: 'queries/s' },
    { name: 'bare regex tokenizer (no fields, for scale)', value: regexRate, unit: 'queries/s' },
  ]
}
