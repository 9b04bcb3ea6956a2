// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { PackagesCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const packagesCommandCodecs: CommandCodecs<PackagesCommand> = {
  'packages/CheckUpstream': t.type({ versionId: t.string }),
  'packages/DownloadFile': t.type({ file: t.string, repoKey: t.string, path: t.string }),
  'packages/LoadMore': t.UnknownRecord,
  'packages/LoadMoreVersions': t.UnknownRecord,
  'packages/OpenLanding': t.UnknownRecord,
  'packages/OpenList': t.type({
    query: t.union([
      t.null,
      t.intersection([
        t.type({
          name: t.union([t.null, t.string]),
          description: t.union([t.null, t.string]),
          packageTypes: t.array(t.string),
          repositories: t.array(t.string),
          licenses: t.array(t.string),
          severities: t.array(
            t.keyof({ CRITICAL: null, HIGH: null, MEDIUM: null, LOW: null, INFO: null, UNKNOWN: null }),
          ),
          createdMin: t.union([t.null, t.string]),
          createdMax: t.union([t.null, t.string]),
          modifiedMin: t.union([t.null, t.string]),
          modifiedMax: t.union([t.null, t.string]),
          releaseOnly: t.boolean,
          sort: t.type({
            field: t.keyof({ NAME: null, CREATED: null, MODIFIED: null, DOWNLOADS: null }),
            direction: t.keyof({ ASC: null, DESC: null }),
          }),
        }),
        t.partial({ checksum: t.string }),
      ]),
    ]),
  }),
  'packages/OpenPackage': t.type({ packageId: t.string }),
  'packages/OpenVersion': t.type({ packageId: t.string, versionId: t.string }),
  'packages/RetryList': t.UnknownRecord,
  'packages/SelectTab': t.type({
    level: t.keyof({ package: null, version: null }),
    tab: t.keyof({
      readme: null,
      builds: null,
      location: null,
      xrayData: null,
      releases: null,
      dockerLayers: null,
    }),
  }),
}
