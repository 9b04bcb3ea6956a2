import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { AdminApi, Result } from '../ports'
import type { GeneralConfig, Member, Project, Proxy } from '../../domain/admin/types'
import type { HttpClient } from './client'

// Wire shapes of server/API.md (Admin); extra fields the server sends are dropped here.
const GeneralConfigW = t.type({ serverName: t.string, baseUrl: t.string, customMessage: t.string })
const LicenseW = t.type({ type: t.string, validThrough: t.string, licensedTo: t.string, nodeId: t.string })
const ProxyW = t.intersection([
  t.type({ key: t.string, host: t.string, port: t.number, defaultProxy: t.boolean, hasPassword: t.boolean }),
  t.partial({ username: t.string, nonProxyHosts: t.string }),
])
const ProjectW = t.type({ key: t.string, name: t.string, description: t.string, createdAt: t.string })
const MemberW = t.type({ name: t.string, roles: t.array(t.string) })
const PeerW = t.type({
  id: t.string,
  host: t.string,
  status: t.string,
  lastHeartbeat: t.string,
  services: t.array(t.string),
})

const toGeneral = (c: t.TypeOf<typeof GeneralConfigW>): GeneralConfig => ({
  serverName: c.serverName,
  baseUrl: c.baseUrl,
  customMessage: c.customMessage,
})
const toProxy = (p: t.TypeOf<typeof ProxyW>): Proxy => ({
  key: p.key,
  host: p.host,
  port: p.port,
  defaultProxy: p.defaultProxy,
  hasPassword: p.hasPassword,
  ...(p.username ? { username: p.username } : {}),
  ...(p.nonProxyHosts ? { nonProxyHosts: p.nonProxyHosts } : {}),
})
const toProject = (p: t.TypeOf<typeof ProjectW>): Project => ({
  key: p.key,
  name: p.name,
  description: p.description,
  createdAt: p.createdAt,
})
const toMember = (m: t.TypeOf<typeof MemberW>): Member => ({ name: m.name, roles: m.roles })

const mapped =
  <A, B>(f: (a: A) => B) =>
  (r: Result<A>): Result<B> =>
    map(f)(r)

const membersPath = (key: string) => `/ui/admin/projects/${encodeURIComponent(key)}/members`

/** The admin area's calls to the platform (see server/API.md). */
export function createAdminApi(http: HttpClient): AdminApi {
  return {
    generalConfig: async () =>
      mapped(toGeneral)(await http.request('/ui/admin/generalConfig', GeneralConfigW)),
    saveGeneralConfig: async (config) =>
      mapped(toGeneral)(
        await http.request('/ui/admin/generalConfig', GeneralConfigW, { method: 'PUT', body: config }),
      ),
    licenses: () => http.request('/ui/admin/licenses', t.array(LicenseW)),
    proxies: async () =>
      mapped((list: Array<t.TypeOf<typeof ProxyW>>) => list.map(toProxy))(
        await http.request('/ui/admin/proxies', t.array(ProxyW)),
      ),
    saveProxy: async (create, proxy) => {
      const body = {
        host: proxy.host,
        port: proxy.port,
        defaultProxy: proxy.defaultProxy,
        ...(proxy.username ? { username: proxy.username } : {}),
        ...(proxy.nonProxyHosts ? { nonProxyHosts: proxy.nonProxyHosts } : {}),
        ...(proxy.password ? { password: proxy.password } : {}),
      }
      const answer = create
        ? await http.request('/ui/admin/proxies', ProxyW, {
            method: 'POST',
            body: { key: proxy.key, ...body },
          })
        : await http.request(`/ui/admin/proxies/${encodeURIComponent(proxy.key)}`, ProxyW, {
            method: 'PUT',
            body,
          })
      return mapped(toProxy)(answer)
    },
    deleteProxy: (key) => http.send(`/ui/admin/proxies/${encodeURIComponent(key)}`, { method: 'DELETE' }),
    projects: async () =>
      mapped((list: Array<t.TypeOf<typeof ProjectW>>) => list.map(toProject))(
        await http.request('/ui/admin/projects', t.array(ProjectW)),
      ),
    createProject: async (project) =>
      mapped(toProject)(
        await http.request('/ui/admin/projects', ProjectW, { method: 'POST', body: project }),
      ),
    members: async (key) =>
      mapped((list: Array<t.TypeOf<typeof MemberW>>) => list.map(toMember))(
        await http.request(membersPath(key), t.array(MemberW)),
      ),
    saveMembers: async (key, members) =>
      mapped((list: Array<t.TypeOf<typeof MemberW>>) => list.map(toMember))(
        await http.request(membersPath(key), t.array(MemberW), { method: 'PUT', body: members }),
      ),
    peers: () => http.request('/ui/admin/peers', t.array(PeerW)),
  }
}
