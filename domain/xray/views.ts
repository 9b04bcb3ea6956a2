/**
 * What the console reads of the scanner, as io-ts codecs: the answers of the platform's calls
 * (server/API.md, Security scanning) as the screens hold them. Decoded at the boundary and again
 * when a log is replayed, so the shapes here are the ones events carry.
 */
import * as t from 'io-ts'
import { XRAY_SEVERITIES, type XraySeverity } from './severity'
import { PolicyCodec, WatchCodec, IgnoreRuleInputCodec } from './codecs'
import { Failure } from '../shared/failure'

export const SeverityCodec = t.keyof(
  Object.fromEntries(XRAY_SEVERITIES.map((s) => [s, null])) as Record<XraySeverity, null>,
)

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

/** Distinct advisories by severity. */
export const SeverityCounts = t.type({
  critical: t.number,
  high: t.number,
  medium: t.number,
  low: t.number,
  unknown: t.number,
})
export type SeverityCounts = t.TypeOf<typeof SeverityCounts>

export const ViolationView = t.intersection([
  t.type({
    id: t.number,
    versionId: t.string,
    packageName: t.string,
    version: t.string,
    repo: t.string,
    watch: t.string,
    policy: t.string,
    rule: t.string,
    type: t.keyof({ security: null, license: null }),
    issue: t.string,
    component: t.string,
    severity: SeverityCodec,
    blockDownload: t.boolean,
    failBuild: t.boolean,
    notify: t.boolean,
    created: t.string,
  }),
  /** A build's violation: the version of the build it was found in, and that version's repository. */
  t.partial({ foundIn: t.type({ versionId: t.string, repo: t.string }) }),
])
export type ViolationView = t.TypeOf<typeof ViolationView>

export const ViolationsPage = t.type({ total: t.number, rows: t.array(ViolationView) })
export type ViolationsPage = t.TypeOf<typeof ViolationsPage>

/** A policy as listed: the watches it is assigned to beside it. */
export const PolicyView = t.intersection([PolicyCodec, t.type({ watches: t.array(t.string) })])
export type PolicyView = t.TypeOf<typeof PolicyView>

/** A watch as listed: its violations in force beside it (absent from an older platform). */
export const WatchView = t.intersection([WatchCodec, t.partial({ violations: t.number })])
export type WatchView = t.TypeOf<typeof WatchView>

export const IgnoreRuleView = t.intersection([
  IgnoreRuleInputCodec,
  t.type({ id: t.string }),
  t.partial({ createdBy: t.string, created: t.string }),
])
export type IgnoreRuleView = t.TypeOf<typeof IgnoreRuleView>

export const SCAN_STATUSES = ['not_scanned', 'scanning', 'scanned', 'failed'] as const
export type ScanStatus = (typeof SCAN_STATUSES)[number]
export const ScanStatusCodec = t.keyof({ not_scanned: null, scanning: null, scanned: null, failed: null })

export const ScanView = t.type({
  version_id: t.string,
  package_id: t.string,
  name: t.string,
  version: t.string,
  repo: t.string,
  status: ScanStatusCodec,
  last_updated: nullable(t.string),
  error: nullable(t.string),
  vulnerabilities: SeverityCounts,
})
export type ScanView = t.TypeOf<typeof ScanView>

export const ScansPage = t.type({ total: t.number, rows: t.array(ScanView) })
export type ScansPage = t.TypeOf<typeof ScansPage>

/** One vulnerability a version's scan found (the Xray Data tab's row). */
export const VulnerabilityView = t.type({
  version: t.string,
  issue_id: t.string,
  cves: t.array(t.string),
  severity: SeverityCodec,
  cvss_score: nullable(t.number),
  cvss_vector: nullable(t.string),
  summary: t.string,
  url: t.string,
  component: t.string,
  component_version: t.string,
  direct: t.boolean,
  vulnerable_versions: t.string,
  fixed_versions: t.array(t.string),
  references: t.array(t.string),
  policies: t.array(t.string),
})
export type VulnerabilityView = t.TypeOf<typeof VulnerabilityView>

/** What a block names: the rule that refuses downloads of the version. */
export const BlockView = t.type({ policy: t.string, watch: t.string, issue: t.string, severity: t.string })
export type BlockView = t.TypeOf<typeof BlockView>

/** A version's scan as the package screens show it: its state, counts, block and findings. */
const ComponentScan = t.type({
  packageId: t.string,
  version: t.string,
  /** Null when the version is not in a scanned repository (the platform does not know it). */
  details: nullable(
    t.intersection([
      t.type({
        version_id: t.string,
        repo: t.string,
        indexed: t.boolean,
        scan_status: ScanStatusCodec,
        last_scanned: nullable(t.string),
        licenses: t.array(t.string),
        vulnerabilities: SeverityCounts,
        violations: t.number,
        blocked: nullable(BlockView),
      }),
      // Optional: answers recorded before the platform said why still replay.
      t.partial({
        /** Why it is not scanned yet (an image waiting for its layers), or why its scan failed. */
        scan_error: nullable(t.string),
      }),
    ]),
  ),
  vulnerabilities: t.array(VulnerabilityView),
})
/**
 * A version's scan as its Xray Data tab holds it. When the list of its vulnerabilities failed
 * while its details answered (spec 001 section 8, "artifact violations failure: falls back to the
 * response date header"), the list is empty and `vulnerabilitiesUnavailable` says why and when
 * the platform answered (the failed answer's Date header; null when no answer came).
 */
export const ComponentSecurity = t.intersection([
  ComponentScan,
  t.partial({
    vulnerabilitiesUnavailable: t.type({ failure: Failure, answeredAt: nullable(t.string) }),
  }),
])
export type ComponentSecurity = t.TypeOf<typeof ComponentSecurity>

export const TrendPoint = t.intersection([SeverityCounts, t.type({ at: t.string, violations: t.number })])
export type TrendPoint = t.TypeOf<typeof TrendPoint>

/**
 * An import's rescan as the platform records it: waiting behind a run already going, running
 * (versions scanned so far of those indexed when it began), done, or failed with why.
 */
export const ImportRescan = t.type({
  status: t.keyof({ waiting: null, running: null, done: null, failed: null }),
  scanned: t.number,
  total: nullable(t.number),
  finished: nullable(t.string),
  error: nullable(t.string),
})
export type ImportRescan = t.TypeOf<typeof ImportRescan>

export const AdvisoryImport = t.intersection([
  t.type({
    id: t.number,
    source: t.string,
    started: t.string,
    finished: t.string,
    ok: t.boolean,
    files: t.number,
    advisories: t.number,
    report: t.array(t.type({ file: t.string, reason: t.string })),
  }),
  // Absent in answers recorded before the platform kept it; null where no rescan was asked.
  t.partial({ rescan: nullable(ImportRescan) }),
])
export type AdvisoryImport = t.TypeOf<typeof AdvisoryImport>

export const AdvisoryDatabase = t.type({
  advisories: t.number,
  by_severity: t.record(t.string, t.number),
  imports: t.array(AdvisoryImport),
  scans: t.record(t.string, t.number),
  scheduled_url: nullable(t.string),
})
export type AdvisoryDatabase = t.TypeOf<typeof AdvisoryDatabase>

/** Which repositories are scanned, among those that exist. */
export const IndexedResources = t.type({ repositories: t.array(t.string), available: t.array(t.string) })
export type IndexedResources = t.TypeOf<typeof IndexedResources>

const ScanSettingsBase = t.type({
  scanDependencies: t.boolean,
  rescanAfterImport: t.boolean,
  retentionDays: t.number,
})

/**
 * The scans settings as the platform answers them. The webhook new violations under a rule with
 * the notify action are posted to is told only by its target (scheme, host and port; null: none
 * set): its path, user part and query may hold a secret (a chat's webhook URL is its own token),
 * so they never reach an event or the log. Optional: the settings answers of older logs decode.
 */
export const ScanSettings = t.intersection([
  ScanSettingsBase,
  t.partial({ notifyTarget: nullable(t.string) }),
])
export type ScanSettings = t.TypeOf<typeof ScanSettings>

/** What a save does to the webhook: keeps it, removes it, or sets the address the vault holds by `ref`. */
export const WebhookChange = t.union([
  t.type({ kind: t.literal('keep') }),
  t.type({ kind: t.literal('remove') }),
  t.type({ kind: t.literal('set'), ref: t.string }),
])
export type WebhookChange = t.TypeOf<typeof WebhookChange>

/** The scans settings a save sends; no `webhook` (the saves of older logs) keeps it. */
export const ScanSettingsChange = t.intersection([ScanSettingsBase, t.partial({ webhook: WebhookChange })])
export type ScanSettingsChange = t.TypeOf<typeof ScanSettingsChange>

/**
 * A notification a new violation under a rule with the notify action owes, and how its sending
 * went: pending (to send, or to try again), sending, sent, failed (given up), ignored (lifted by
 * an ignore rule before it went), unsent (no webhook was set).
 */
export const NotificationView = t.type({
  id: t.number,
  created: t.string,
  resource: t.string,
  packageId: nullable(t.string),
  version: nullable(t.string),
  repo: nullable(t.string),
  watch: t.string,
  policy: t.string,
  rule: t.string,
  type: t.string,
  issue: t.string,
  component: t.string,
  severity: t.string,
  status: t.string,
  attempts: t.number,
  lastError: nullable(t.string),
  sentAt: nullable(t.string),
})
export type NotificationView = t.TypeOf<typeof NotificationView>

export const ReportKindCodec = t.keyof({ vulnerabilities: null, licenses: null, violations: null })
export type ReportKind = t.TypeOf<typeof ReportKindCodec>

/** A report the platform makes in the background: its progress, then how many rows it holds. */
export const ReportView = t.intersection([
  t.type({
    id: t.string,
    name: t.string,
    kind: ReportKindCodec,
    repositories: t.array(t.string),
    status: t.keyof({ queued: null, running: null, done: null, failed: null }),
    /** Versions read of those in scope. */
    done: t.number,
    total: t.number,
    rows: t.number,
    error: nullable(t.string),
    createdBy: t.string,
    created: t.string,
    finished: nullable(t.string),
    columns: t.array(t.string),
  }),
  /** The builds chosen, by name; absent from the answers of logs kept before reports took builds. */
  t.partial({ builds: t.array(t.string) }),
])
export type ReportView = t.TypeOf<typeof ReportView>

export const ReportCell = t.union([t.string, t.number, t.boolean])
export type ReportCell = t.TypeOf<typeof ReportCell>

/** A page of one report's rows, each its cells in the report's columns' order. */
export const ReportPage = t.type({ report: ReportView, offset: t.number, rows: t.array(t.array(ReportCell)) })
export type ReportPage = t.TypeOf<typeof ReportPage>

/** A git repository the scanner reads through its vendor's API, with its last scan. */
export const GitRepositoryScan = t.type({
  integration_id: t.string,
  integration_name: t.string,
  vendor: t.string,
  repository: t.string,
  status: t.keyof({ scanning: null, scanned: null, failed: null }),
  scanned_at: nullable(t.string),
  error: nullable(t.string),
  /** Whether a package-lock.json fixed the versions (otherwise the declared ranges were matched). */
  lockfile: t.boolean,
  dependencies: t.number,
  vulnerabilities: SeverityCounts,
  /** Its violations in force (not lifted by an ignore rule). */
  violations: t.number,
})
export type GitRepositoryScan = t.TypeOf<typeof GitRepositoryScan>

/** An advisory a git repository's dependency matches. */
export const GitFinding = t.type({
  issue: t.string,
  summary: t.string,
  component: t.string,
  /** The locked version, or the declared range without a lockfile. */
  version: t.string,
  direct: t.boolean,
  severity: SeverityCodec,
  cvss: nullable(t.number),
  vulnerableRange: t.string,
  fixed: t.array(t.string),
})
export type GitFinding = t.TypeOf<typeof GitFinding>

export const GitFindings = t.type({
  integrationId: t.string,
  repository: t.string,
  findings: t.array(GitFinding),
})
export type GitFindings = t.TypeOf<typeof GitFindings>
