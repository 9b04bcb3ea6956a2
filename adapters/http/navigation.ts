import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { NavigationApi } from '../ports'
import type { HttpClient } from './client'

const TypeAnswer = t.type({ type: t.keyof({ new: null, classic: null }) })
const SetMeUp = t.type({ baseUrl: t.string })

/** The navigation area's calls (see server/API.md, "Console preferences" and "Platform"). */
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
    setMeUp: () => http.request('/ui/setMeUp', SetMeUp),
  }
}
