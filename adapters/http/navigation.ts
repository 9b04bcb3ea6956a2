import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { NavigationApi } from '../ports'
import type { HttpClient } from './client'

const TypeAnswer = t.type({ type: t.keyof({ new: null, classic: null }) })

/** The navigation area's calls (see server/API.md, "Console preferences"). */
export function createNavigationApi(http: HttpClient): NavigationApi {
  return {
    navigationType: async () =>
      map((a: t.TypeOf<typeof TypeAnswer>) => a.type)(
        await http.request('/ui/user/navigationType', TypeAnswer),
      ),
    saveNavigationType: async (type) =>
      map((a: t.TypeOf<typeof TypeAnswer>) => a.type)(
        await http.request('/ui/user/navigationType', TypeAnswer, { method: 'PUT', body: { type } }),
      ),
  }
}
