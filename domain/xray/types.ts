/**
 * The xray area's state: the scanner's lists and details as the console's security screens
 * show them (violations, policies, watches, ignore rules, scans, a version's vulnerabilities,
 * trends, the advisory database, indexed repositories, scans settings), each loaded on its own,
 * and the one change on its way (a save, a delete, an ignore rule, a rescan).
 */
import * as t from 'io-ts'
import type { Failure } from '../shared/failure'
import type { Loadable } from '../shared/loadable'
import { PolicyCodec, WatchCodec, IgnoreRuleInputCodec } from './codecs'
import {
  AdvisoryDatabase,
  ComponentSecurity,
  IgnoreRuleView,
  IndexedResources,
  PolicyView,
  ScanSettings,
  ScanSettingsChange,
  NotificationView,
  ScansPage,
  SeverityCodec,
  ScanStatusCodec,
  TrendPoint,
  ViolationsPage,
  WatchView,
  GitFindings,
  GitRepositoryScan,
  ReportKindCodec,
  ReportPage,
  ReportView,
} from './views'

/** A policy and a watch as commands and events carry them (the wire's shapes). */
export type PolicyValue = t.TypeOf<typeof PolicyCodec>
export type WatchValue = t.TypeOf<typeof WatchCodec>

/** The violations list's filters and page (every field optional but the page). */
export const ViolationQuery = t.intersection([
  t.type({ offset: t.number, limit: t.number }),
  t.partial({
    severity: SeverityCodec,
    type: t.keyof({ security: null, license: null }),
    watch: t.string,
    policy: t.string,
    resource: t.string,
    /** Only the violations of versions, of git repositories or of builds. */
    resourceType: t.keyof({ version: null, git: null, build: null }),
  }),
])
export type ViolationQuery = t.TypeOf<typeof ViolationQuery>

export const ScansQuery = t.intersection([
  t.type({ page: t.number, rows: t.number, issuesOnly: t.boolean }),
  t.partial({ status: ScanStatusCodec, search: t.string }),
])
export type ScansQuery = t.TypeOf<typeof ScansQuery>

/** What a screen asks the scanner for: one of the area's lists or details, with its query. */
export const XrayAsk = t.union([
  t.type({ what: t.literal('violations'), query: ViolationQuery }),
  t.type({ what: t.literal('policies') }),
  t.type({ what: t.literal('watches') }),
  t.type({ what: t.literal('ignoreRules') }),
  t.type({ what: t.literal('scans'), query: ScansQuery }),
  t.type({ what: t.literal('component'), packageId: t.string, version: t.string }),
  t.type({ what: t.literal('trends'), days: t.number }),
  t.type({ what: t.literal('database') }),
  t.type({ what: t.literal('indexed') }),
  t.type({ what: t.literal('settings') }),
  t.type({ what: t.literal('notifications') }),
  t.type({ what: t.literal('reports') }),
  t.type({ what: t.literal('report'), id: t.string, offset: t.number }),
  t.type({ what: t.literal('gitRepositories') }),
  t.type({ what: t.literal('gitFindings'), integrationId: t.string, repository: t.string }),
])
export type XrayAsk = t.TypeOf<typeof XrayAsk>
export type XrayWhat = XrayAsk['what']

/** The scanner's answer to an ask, by what was asked. */
export const XrayAnswer = t.union([
  t.type({ what: t.literal('violations'), data: ViolationsPage }),
  t.type({ what: t.literal('policies'), data: t.array(PolicyView) }),
  t.type({ what: t.literal('watches'), data: t.array(WatchView) }),
  t.type({ what: t.literal('ignoreRules'), data: t.array(IgnoreRuleView) }),
  t.type({ what: t.literal('scans'), data: ScansPage }),
  t.type({ what: t.literal('component'), data: ComponentSecurity }),
  t.type({ what: t.literal('trends'), data: t.array(TrendPoint) }),
  t.type({ what: t.literal('database'), data: AdvisoryDatabase }),
  t.type({ what: t.literal('indexed'), data: IndexedResources }),
  t.type({ what: t.literal('settings'), data: ScanSettings }),
  t.type({ what: t.literal('notifications'), data: t.array(NotificationView) }),
  t.type({ what: t.literal('reports'), data: t.array(ReportView) }),
  t.type({ what: t.literal('report'), data: ReportPage }),
  t.type({ what: t.literal('gitRepositories'), data: t.array(GitRepositoryScan) }),
  t.type({ what: t.literal('gitFindings'), data: GitFindings }),
])
export type XrayAnswer = t.TypeOf<typeof XrayAnswer>

export type XrayDataOf<W extends XrayWhat> = Extract<XrayAnswer, { what: W }>['data']
export type XrayAskOf<W extends XrayWhat> = Extract<XrayAsk, { what: W }>

/** A list or detail with what was last asked for it (its filters, page, version). */
export type XrayLoadable<W extends XrayWhat> = Loadable<XrayDataOf<W>> & { readonly ask?: XrayAskOf<W> }

/** A change the console asks of the scanner (admins). */
export const XrayChange = t.union([
  t.type({ kind: t.literal('savePolicy'), policy: PolicyCodec, create: t.boolean }),
  t.type({ kind: t.literal('deletePolicy'), name: t.string }),
  t.type({ kind: t.literal('saveWatch'), watch: WatchCodec, create: t.boolean }),
  t.type({ kind: t.literal('deleteWatch'), name: t.string }),
  t.type({ kind: t.literal('ignore'), rule: IgnoreRuleInputCodec }),
  t.type({ kind: t.literal('removeIgnoreRule'), id: t.string }),
  t.type({ kind: t.literal('rescan'), versionId: t.string }),
  t.type({ kind: t.literal('saveIndexed'), repositories: t.array(t.string) }),
  t.type({ kind: t.literal('saveSettings'), settings: ScanSettingsChange }),
  t.type({ kind: t.literal('importAdvisories'), url: t.string }),
  /** The file itself stays in the in-memory stash (`fileRef`); the change names it. */
  t.type({ kind: t.literal('importAdvisoryFile'), fileRef: t.string, name: t.string }),
  t.type({ kind: t.literal('rescanImport'), id: t.number }),
  t.type({
    kind: t.literal('createReport'),
    report: t.intersection([
      t.type({ kind: ReportKindCodec, name: t.string, repositories: t.array(t.string) }),
      /** Absent from the changes of logs kept before reports took builds. */
      t.partial({ builds: t.array(t.string) }),
    ]),
  }),
  t.type({ kind: t.literal('deleteReport'), id: t.string, name: t.string }),
  t.type({ kind: t.literal('scanGit') }),
])
export type XrayChange = t.TypeOf<typeof XrayChange>
export type XrayChangeKind = XrayChange['kind']

/** The last change asked for: on its way, done, or refused (with the platform's failure). */
export type XrayChangeState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'pending'
      readonly requestId: string
      readonly kind: XrayChangeKind
      readonly subject: string
    }
  | {
      readonly status: 'done'
      readonly requestId: string
      readonly kind: XrayChangeKind
      readonly subject: string
    }
  | {
      readonly status: 'failed'
      readonly requestId: string
      readonly kind: XrayChangeKind
      readonly subject: string
      readonly failure: Failure
    }

export type XrayLists = { readonly [W in XrayWhat]: XrayLoadable<W> }

export interface XrayState extends XrayLists {
  readonly change: XrayChangeState
}
