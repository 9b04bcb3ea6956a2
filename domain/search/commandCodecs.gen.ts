// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { SearchCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const searchCommandCodecs: CommandCodecs<SearchCommand> = {
  'search/AskSuggestions': t.type({ text: t.string }),
  'search/ChangeArtifactsSearchType': t.type({
    artifactsSearchType: t.keyof({ Quick: null, Archive: null }),
  }),
  'search/ChangeText': t.type({ text: t.string }),
  'search/ChangeType': t.type({
    searchType: t.keyof({
      builds: null,
      packages: null,
      artifacts: null,
      securityCompliance: null,
      releaseBundles: null,
    }),
  }),
  'search/FindArtifacts': t.type({ query: t.string }),
  'search/Run': t.partial({
    model: t.intersection([
      t.type({
        name: t.string,
        packageTypes: t.array(t.string),
        tags: t.array(t.string),
        description: t.string,
        scope: t.string,
        before: t.union([t.null, t.string]),
        after: t.union([t.null, t.string]),
        repositories: t.array(t.string),
        artifactsSearchType: t.keyof({ Quick: null, Archive: null }),
        licenses: t.array(t.string),
        severities: t.array(t.string),
        sortBy: t.string,
        sortType: t.keyof({ asc: null, desc: null }),
      }),
      t.partial({
        checksum: t.string,
        isChecksum: t.boolean,
        cve: t.string,
        properties: t.record(t.string, t.string),
        propertySets: t.record(t.string, t.string),
        path: t.string,
        excludeInnerClasses: t.boolean,
        searchClassOnly: t.boolean,
        branch: t.string,
      }),
    ]),
    searchType: t.keyof({
      builds: null,
      packages: null,
      artifacts: null,
      securityCompliance: null,
      releaseBundles: null,
    }),
  }),
  'search/SelectRecent': t.type({ id: t.string }),
  'search/SyncWithUrl': t.type({ path: t.string, query: t.string }),
}
