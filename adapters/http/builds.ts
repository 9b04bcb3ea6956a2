import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { BuildsApi } from '../ports'
import type { HttpClient } from './client'
import { BuildDetail, BuildRun } from '../../domain/builds/types'

const List = t.type({ builds: t.array(BuildRun) })

/** The builds area's calls (see server/API.md, Builds). */
export function createBuildsApi(http: HttpClient): BuildsApi {
  return {
    async list() {
      return pipe(
        await http.request('/builds', List),
        map((a) => a.builds),
      )
    },
    detail(name, number) {
      return http.request(`/builds/${encodeURIComponent(name)}/${encodeURIComponent(number)}`, BuildDetail)
    },
  }
}
