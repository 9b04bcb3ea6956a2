/** Rules of the builds screens: one row per build name (its newest run), and the runs of a name. */
import type { BuildRun } from './types'

export interface BuildSummary {
  readonly name: string
  /** The newest run (the list comes newest first). */
  readonly last: BuildRun
  readonly runs: number
}

export function summariesByName(runs: ReadonlyArray<BuildRun>): BuildSummary[] {
  const byName = new Map<string, { last: BuildRun; runs: number }>()
  for (const run of runs) {
    const seen = byName.get(run.name)
    if (seen) seen.runs++
    else byName.set(run.name, { last: run, runs: 1 })
  }
  return [...byName].map(([name, s]) => ({ name, ...s }))
}

/** The address of a build name or one of its runs (`/builds/<name>/<number>`). */
export const buildPath = (name: string, number?: string): string =>
  `/builds/${encodeURIComponent(name)}${number === undefined ? '' : `/${encodeURIComponent(number)}`}`

/** Where the platform answers a run's CycloneDX SBOM (a file), under the API's base. */
export const buildSbomPath = (name: string, number: string): string =>
  `/xray/api/v1/sbom/build?name=${encodeURIComponent(name)}&number=${encodeURIComponent(number)}`

/** A duration in words: 95,000 ms → '1 min 35 s'. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

/**
 * The name a run's violations and the ignore rules scoped to it give it (`build://name/number`),
 * where a version's id would be.
 */
export const buildResourceOf = (name: string, number: string): string => `build://${name}/${number}`
