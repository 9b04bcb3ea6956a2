// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { XrayCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const xrayCommandCodecs: CommandCodecs<XrayCommand> = {
  'xray/CreateReport': t.type({
    kind: t.keyof({ licenses: null, violations: null, vulnerabilities: null }),
    name: t.string,
    repositories: t.array(t.string),
    builds: t.array(t.string),
  }),
  'xray/DeletePolicy': t.type({ name: t.string }),
  'xray/DeleteReport': t.type({ id: t.string, name: t.string }),
  'xray/DeleteWatch': t.type({ name: t.string }),
  'xray/DismissChange': t.UnknownRecord,
  'xray/IgnoreViolation': t.type({
    rule: t.intersection([
      t.type({ reason: t.string }),
      t.partial({
        version: t.string,
        watch: t.string,
        policy: t.string,
        component: t.string,
        issue: t.string,
        expires: t.string,
      }),
    ]),
  }),
  'xray/ImportAdvisories': t.type({ url: t.string }),
  'xray/ImportAdvisoryFile': t.type({ fileRef: t.string, name: t.string }),
  'xray/Load': t.type({
    ask: t.union([
      t.type({
        what: t.literal('violations'),
        query: t.intersection([
          t.type({ offset: t.number, limit: t.number }),
          t.partial({
            severity: t.keyof({ critical: null, high: null, medium: null, low: null, unknown: null }),
            type: t.keyof({ security: null, license: null }),
            watch: t.string,
            policy: t.string,
            resource: t.string,
            resourceType: t.keyof({ version: null, git: null, build: null }),
          }),
        ]),
      }),
      t.type({ what: t.literal('policies') }),
      t.type({ what: t.literal('watches') }),
      t.type({ what: t.literal('ignoreRules') }),
      t.type({
        what: t.literal('scans'),
        query: t.intersection([
          t.type({ page: t.number, rows: t.number, issuesOnly: t.boolean }),
          t.partial({
            status: t.keyof({ not_scanned: null, scanning: null, scanned: null, failed: null }),
            search: t.string,
          }),
        ]),
      }),
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
    ]),
  }),
  'xray/RemoveIgnoreRule': t.type({ id: t.string }),
  'xray/Rescan': t.type({ versionId: t.string }),
  'xray/RescanImport': t.type({ id: t.number }),
  'xray/SaveIndexedResources': t.type({ repositories: t.array(t.string) }),
  'xray/SavePolicy': t.type({
    policy: t.type({
      name: t.string,
      description: t.string,
      type: t.keyof({ security: null, license: null }),
      rules: t.array(
        t.type({
          name: t.string,
          criteria: t.union([
            t.intersection([
              t.type({ kind: t.literal('security') }),
              t.partial({
                minSeverity: t.keyof({ critical: null, high: null, medium: null, low: null, unknown: null }),
                minCvss: t.number,
                fixAvailable: t.boolean,
              }),
            ]),
            t.intersection([
              t.type({ kind: t.literal('license') }),
              t.partial({
                allowed: t.array(t.string),
                banned: t.array(t.string),
                unknownViolates: t.boolean,
              }),
            ]),
          ]),
          actions: t.type({ blockDownload: t.boolean, failBuild: t.boolean, notify: t.boolean }),
        }),
      ),
    }),
    create: t.boolean,
  }),
  'xray/SaveSettings': t.type({
    settings: t.intersection([
      t.type({ scanDependencies: t.boolean, rescanAfterImport: t.boolean, retentionDays: t.number }),
      t.partial({
        webhook: t.union([
          t.type({ kind: t.literal('keep') }),
          t.type({ kind: t.literal('remove') }),
          t.type({ kind: t.literal('set'), ref: t.string }),
        ]),
      }),
    ]),
  }),
  'xray/SaveWatch': t.type({
    watch: t.type({
      name: t.string,
      description: t.string,
      resources: t.union([
        t.type({ kind: t.literal('all') }),
        t.type({ kind: t.literal('repositories'), repositories: t.array(t.string) }),
        t.type({ kind: t.literal('builds'), builds: t.array(t.string) }),
      ]),
      policies: t.array(t.string),
    }),
    create: t.boolean,
  }),
  'xray/ScanGitRepositories': t.UnknownRecord,
}
