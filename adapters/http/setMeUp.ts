import * as t from 'io-ts'
import { isLeft, right } from 'fp-ts/Either'
import type { SetMeUpApi } from '../ports'
import type { HttpClient } from './client'
import { ReverseProxyC } from '../../domain/shared/webServer'

const ClientBaseUrl = t.type({ baseUrl: t.string })
const ReverseProxies = t.array(ReverseProxyC)

/** Set-me-up's calls (see server/API.md, "Platform": the client base URL and the web server). */
export function createSetMeUpApi(http: HttpClient): SetMeUpApi {
  return {
    clientBaseUrl: async () => {
      const [base, proxies] = await Promise.all([
        http.request('/ui/setMeUp', ClientBaseUrl),
        http.request('/ui/system/configuration/webServer', ReverseProxies),
      ])
      if (isLeft(base)) return base
      // A platform that cannot say its reverse proxies is reached at its base URL.
      return right({ baseUrl: base.right.baseUrl, reverseProxies: isLeft(proxies) ? [] : proxies.right })
    },
  }
}
