/**
 * An OSV advisory (ossf/osv-schema, the format OSV.dev and the GitHub Advisory Database
 * publish) decoded and checked: the fields the scanner reads, an ecosystem OSV knows, and the
 * ranges of the ecosystems the scanner orders (npm, Debian, Ubuntu, Alpine) whose versions
 * parse. What fails is one problem with a reason, for the import's report.
 */
import * as t from 'io-ts'
import { isLeft, left, right, type Either } from 'fp-ts/Either'
import { PathReporter } from 'io-ts/PathReporter'
import { unparsableVersion, type OsvRange } from './ranges'
import { cvss3BaseScore } from './cvss'
import { orderOfEcosystem } from './ecosystems'
import { severityOf, type XraySeverity } from './severity'

const Event = t.union([
  t.type({ introduced: t.string }),
  t.type({ fixed: t.string }),
  t.type({ last_affected: t.string }),
  t.type({ limit: t.string }),
])

const Affected = t.intersection([
  t.type({ package: t.type({ ecosystem: t.string, name: t.string }) }),
  t.partial({
    ranges: t.array(t.type({ type: t.string, events: t.array(Event) })),
    versions: t.array(t.string),
  }),
])

export const OsvRecord = t.intersection([
  t.type({ id: t.string, modified: t.string }),
  t.partial({
    schema_version: t.string,
    published: t.string,
    withdrawn: t.string,
    aliases: t.array(t.string),
    summary: t.string,
    details: t.string,
    severity: t.array(t.type({ type: t.string, score: t.string })),
    affected: t.array(Affected),
    references: t.array(t.type({ type: t.string, url: t.string })),
    database_specific: t.partial({ severity: t.string, cwe_ids: t.array(t.string) }),
  }),
])
export type OsvRecord = t.TypeOf<typeof OsvRecord>

/** OSV's ecosystems (osv-schema's ecosystems.txt); a suffix such as "Debian:12" names a release. */
export const OSV_ECOSYSTEMS: ReadonlySet<string> = new Set([
  'AlmaLinux',
  'Alpine',
  'Android',
  'Bioconductor',
  'Bitnami',
  'Chainguard',
  'CRAN',
  'crates.io',
  'Debian',
  'GHC',
  'GIT',
  'GitHub Actions',
  'Go',
  'Hackage',
  'Hex',
  'Linux',
  'Mageia',
  'Maven',
  'MinimOS',
  'npm',
  'NuGet',
  'openEuler',
  'openSUSE',
  'OSS-Fuzz',
  'Packagist',
  'Photon OS',
  'Pub',
  'PyPI',
  'Red Hat',
  'Rocky Linux',
  'RubyGems',
  'SUSE',
  'SwiftURL',
  'Ubuntu',
  'Wolfi',
])

export interface AdvisoryReference {
  readonly type: string
  readonly url: string
}

/** One package an advisory affects, its ranges kept as published. */
export interface AffectedPackage {
  readonly ecosystem: string
  readonly name: string
  readonly ranges: readonly OsvRange[]
  readonly versions: readonly string[]
}

/** An advisory as the scanner keeps it. */
export interface Advisory {
  readonly id: string
  readonly aliases: readonly string[]
  readonly summary: string
  readonly details: string
  readonly severity: XraySeverity
  readonly cvssScore?: number
  readonly cvssVector?: string
  readonly cwes: readonly string[]
  readonly references: readonly AdvisoryReference[]
  readonly published?: string
  readonly modified: string
  readonly withdrawn?: string
  readonly affected: readonly AffectedPackage[]
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/

/** The record as an advisory, or why it cannot be one. */
export function advisoryOf(json: unknown): Either<string, Advisory> {
  const decoded = OsvRecord.decode(json)
  if (isLeft(decoded)) return left(`not an OSV record: ${PathReporter.report(decoded)[0] ?? 'invalid'}`)
  const r = decoded.right
  if (!ID.test(r.id)) return left(`the id "${r.id.slice(0, 60)}" is not an advisory id`)
  const affected: AffectedPackage[] = []
  for (const a of r.affected ?? []) {
    const ecosystem = a.package.ecosystem.split(':')[0]!
    if (!OSV_ECOSYSTEMS.has(ecosystem)) return left(`unknown ecosystem "${a.package.ecosystem.slice(0, 60)}"`)
    const ranges = a.ranges ?? []
    const order = orderOfEcosystem(ecosystem)
    if (order)
      for (const range of ranges) {
        const bad = unparsableVersion(range, order)
        if (bad !== undefined)
          return left(`the range of ${a.package.name} holds "${bad.slice(0, 60)}", not a version`)
        if (!range.events.some((e) => 'introduced' in e))
          return left(`a range of ${a.package.name} is never introduced`)
      }
    // A distribution's ecosystem keeps its release (`Debian:12`): fixed versions are per release.
    const kept = ecosystem === 'npm' ? ecosystem : a.package.ecosystem
    affected.push({ ecosystem: kept, name: a.package.name, ranges, versions: a.versions ?? [] })
  }
  const vector = r.severity?.find((s) => s.type === 'CVSS_V3')?.score
  const score = vector === undefined ? undefined : cvss3BaseScore(vector)
  return right({
    id: r.id,
    aliases: r.aliases ?? [],
    summary: r.summary ?? r.details?.split('\n')[0]?.slice(0, 200) ?? r.id,
    details: r.details ?? '',
    severity: severityOf(r.database_specific?.severity, score),
    ...(score === undefined ? {} : { cvssScore: score, cvssVector: vector }),
    cwes: r.database_specific?.cwe_ids ?? [],
    references: r.references ?? [],
    ...(r.published ? { published: r.published } : {}),
    modified: r.modified,
    ...(r.withdrawn ? { withdrawn: r.withdrawn } : {}),
    affected,
  })
}
