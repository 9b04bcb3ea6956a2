import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { ReleaseBundlesApi } from '../ports'
import type { HttpClient } from './client'
import { ReleaseBundle } from '../../domain/releaseBundles/types'

const ByChecksum = t.type({ data: t.type({ data: t.array(ReleaseBundle) }) })

/** The releaseBundles area's calls to the platform (see server/API.md). */
export function createReleaseBundlesApi(http: HttpClient): ReleaseBundlesApi {
  return {
    async byChecksum(checksum, numOfRows) {
      const answer = await http.request(
        `/distribution/api/ui/release_bundle/checksum/${encodeURIComponent(checksum)}`,
        ByChecksum,
        { query: { num_of_rows: numOfRows } },
      )
      return pipe(
        answer,
        map((a) => a.data.data),
      )
    },
  }
}
