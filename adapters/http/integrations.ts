/**
 * The integrations area's calls to the platform (spec 001, section 7 "Integrations"; see
 * server/API.md): every answer decoded with io-ts, wire shapes mapped to the domain's here.
 */
import * as t from 'io-ts'
import { left, map, right } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { IntegrationsApi } from '../ports'
import type { HttpClient } from './client'
import { CatalogueEntryC, ConnectionFailureCauseC, GitRepositoryC } from '../../domain/integrations/events'
import type { GitIntegration } from '../../domain/integrations/types'

const Catalogue = t.array(CatalogueEntryC)

const WireIntegration = t.intersection([
  t.type({ integrationKey: t.string, integrationName: t.string, userName: t.string, url: t.string }),
  t.partial({ connectedServices: t.array(t.string), created: t.string }),
])
const WireService = t.type({
  serviceName: t.string,
  connections: t.number,
  connected: t.boolean,
  configured: t.boolean,
  disabled: t.boolean,
})
const Groups = t.array(
  t.type({
    type: t.string,
    items: t.array(
      t.type({
        name: t.string,
        integrations: t.array(WireIntegration),
        configuredServices: t.array(WireService),
      }),
    ),
  }),
)
const Connections = t.array(t.type({ integration_id: t.string }))
// The platform's reason text is for people reading the API; the console words the cause itself.
// A cause this console does not know yet is dropped (the test still failed), not a broken answer.
const TestAnswer = t.intersection([t.type({ success: t.boolean }), t.partial({ cause: t.string })])
const Saved = t.type({ data: t.string })
const Repositories = t.type({ repositories: t.array(GitRepositoryC) })
const ApiKey = t.type({ apiKey: t.string })

/** `Basic base64(user:password)` of UTF-8 text (btoa alone takes only Latin-1). */
function basic(user: string, password: string): string {
  let binary = ''
  for (const b of new TextEncoder().encode(`${user}:${password}`)) binary += String.fromCharCode(b)
  return `Basic ${btoa(binary)}`
}

const key = (k: string) => encodeURIComponent(k)

export function createIntegrationsApi(http: HttpClient): IntegrationsApi {
  return {
    catalogue: () => http.request('/integration/catalog', Catalogue),

    async vendorIntegrations(vendor) {
      const groups = await http.request('/integration/getIntegrations', Groups)
      if (groups._tag === 'Left') return groups
      const item = groups.right.flatMap((g) => g.items).find((i) => i.name === vendor)
      if (!item) return right({ vendor, integrations: [], configuredServices: [] })
      // The scanning service's own list says which integrations it scans; where it does not
      // run (404) or fails, the integrations' own record stands (spec: such failures are logged only).
      const scanned = await http.request('/xray/ui/vcs_integrations', Connections)
      const scanning = new Set(scanned._tag === 'Right' ? scanned.right.map((c) => c.integration_id) : [])
      const integrations: GitIntegration[] = item.integrations.map((i) => {
        const services = new Set(i.connectedServices ?? [])
        if (scanning.has(i.integrationKey)) services.add('xray')
        return {
          integrationKey: i.integrationKey,
          integrationName: i.integrationName,
          userName: i.userName,
          url: i.url,
          connectedServices: [...services].sort(),
          created: i.created ?? '',
        }
      })
      return right({ vendor, integrations, configuredServices: item.configuredServices })
    },

    testConnection: async (form) =>
      pipe(
        await http.request('/integration/test', TestAnswer, { method: 'POST', body: form }),
        map((a) => ({
          success: a.success,
          ...(ConnectionFailureCauseC.is(a.cause) ? { cause: a.cause } : {}),
        })),
      ),

    create: async (form) =>
      pipe(
        await http.request('/integration', Saved, { method: 'POST', body: form }),
        map((a) => a.data),
      ),

    update: async (integrationKey, form) =>
      pipe(
        await http.request(`/integration/${key(integrationKey)}`, Saved, {
          method: 'PUT',
          body: { ...form, integrationKey },
        }),
        map((a) => a.data),
      ),

    remove: (integrationKey) => http.send(`/integration/${key(integrationKey)}`, { method: 'DELETE' }),

    repositories: async (integrationKey) =>
      pipe(
        await http.request(`/integration/${key(integrationKey)}/repositories`, Repositories),
        map((a) => a.repositories),
      ),

    saveRepositories: async (integrationKey, selected) =>
      pipe(
        await http.request(`/integration/${key(integrationKey)}/repositories`, Repositories, {
          method: 'PUT',
          body: { selected },
        }),
        map((a) => a.repositories),
      ),

    async oauthApiKey(user) {
      const answer = await http.request('/ui/userApiKey', ApiKey, {
        headers: { 'X-JFrog-Reauthentication': basic(user, '') },
      })
      return answer._tag === 'Left' ? left(answer.left) : right(answer.right.apiKey)
    },
  }
}
