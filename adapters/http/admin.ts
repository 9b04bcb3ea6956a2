import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { AdminApi, AdminUserInput, Result } from '../ports'
import type {
  AdminUser,
  GeneralConfig,
  Group,
  Member,
  Permission,
  Project,
  Proxy,
} from '../../domain/admin/types'
import { AdminUserC, GroupC, PermissionC } from '../../domain/admin/events'
import type { HttpClient } from './client'

// Wire shapes of server/API.md (Admin); extra fields the server sends are dropped here.
const GeneralConfigW = t.intersection([
  t.type({ serverName: t.string, baseUrl: t.string, customMessage: t.string }),
  t.partial({ readOnlyMode: t.boolean, logoUrl: t.string, accountPortalUrl: t.string }),
])
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

// Users, groups and permissions have the same shape on the wire as in events; the mappers
// below still copy field by field, so extra fields the server sends never reach an event.
const AdminUserW = AdminUserC
const GroupW = GroupC
const PermissionW = PermissionC
const InvitationW = t.type({ email: t.string, expiresAt: t.string })

const toGeneral = (c: t.TypeOf<typeof GeneralConfigW>): GeneralConfig => ({
  serverName: c.serverName,
  baseUrl: c.baseUrl,
  customMessage: c.customMessage,
  readOnlyMode: c.readOnlyMode === true,
  logoUrl: c.logoUrl ?? '',
  accountPortalUrl: c.accountPortalUrl ?? '',
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

const toUser = (u: t.TypeOf<typeof AdminUserW>): AdminUser => ({
  name: u.name,
  email: u.email,
  admin: u.admin,
  realm: u.realm,
  mfaRequired: u.mfaRequired,
  mfaEnrolled: u.mfaEnrolled,
  passwordExpired: u.passwordExpired,
  credentialsExpired: u.credentialsExpired,
  disabled: u.disabled,
  groups: u.groups,
  createdAt: u.createdAt,
  lastLoginAt: u.lastLoginAt,
})
const toGroup = (g: t.TypeOf<typeof GroupW>): Group => ({
  name: g.name,
  description: g.description,
  autoJoin: g.autoJoin,
  members: g.members,
  createdAt: g.createdAt,
})
const toPermission = (p: t.TypeOf<typeof PermissionW>): Permission => ({
  name: p.name,
  repositories: p.repositories,
  includePatterns: p.includePatterns,
  excludePatterns: p.excludePatterns,
  users: p.users,
  groups: p.groups,
  createdAt: p.createdAt,
})

/** A user's fields for POST or PUT; the password only when one was typed, resetMfa only on a change. */
function userBody(create: boolean, u: AdminUserInput) {
  return {
    email: u.email,
    admin: u.admin,
    mfaRequired: u.mfaRequired,
    passwordExpired: u.passwordExpired,
    credentialsExpired: u.credentialsExpired,
    disabled: u.disabled,
    groups: u.groups,
    ...(u.password ? { password: u.password } : {}),
    ...(!create && u.resetMfa ? { resetMfa: true } : {}),
  }
}

const mapped =
  <A, B>(f: (a: A) => B) =>
  (r: Result<A>): Result<B> =>
    map(f)(r)

/** GET a list and map each item. */
const listOf =
  <C extends t.Mixed, A>(http: HttpClient, path: string, codec: C, to: (w: t.TypeOf<C>) => A) =>
  (): Promise<Result<ReadonlyArray<A>>> =>
    http.request(path, t.array(codec)).then(mapped((list: Array<t.TypeOf<C>>) => list.map(to)))

const at = (collection: string, name: string) => `/ui/admin/${collection}/${encodeURIComponent(name)}`

/** POST to the collection to create, PUT to the named item to change (the name stays in the path). */
function upsert<W, A>(
  http: HttpClient,
  collection: string,
  codec: t.Decoder<unknown, W>,
  to: (w: W) => A,
  create: boolean,
  name: string,
  body: object,
): Promise<Result<A>> {
  return (
    create
      ? http.request(`/ui/admin/${collection}`, codec, { method: 'POST', body: { name, ...body } })
      : http.request(at(collection, name), codec, { method: 'PUT', body })
  ).then(mapped(to))
}

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
    uploadLogo: (image) => http.send('/ui/generalConfig/logo', { method: 'PUT', body: image }),
    removeLogo: () => http.send('/ui/generalConfig/logo', { method: 'DELETE' }),
    licenses: () => http.request('/ui/admin/licenses', t.array(LicenseW)),
    proxies: listOf(http, '/ui/admin/proxies', ProxyW, toProxy),
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
    projects: listOf(http, '/ui/admin/projects', ProjectW, toProject),
    createProject: async (project) =>
      mapped(toProject)(
        await http.request('/ui/admin/projects', ProjectW, { method: 'POST', body: project }),
      ),
    members: (key) => listOf(http, membersPath(key), MemberW, toMember)(),
    saveMembers: async (key, members) =>
      mapped((list: Array<t.TypeOf<typeof MemberW>>) => list.map(toMember))(
        await http.request(membersPath(key), t.array(MemberW), { method: 'PUT', body: members }),
      ),
    peers: () => http.request('/ui/admin/peers', t.array(PeerW)),
    users: listOf(http, '/ui/admin/users', AdminUserW, toUser),
    saveUser: (create, user) =>
      upsert(http, 'users', AdminUserW, toUser, create, user.name, userBody(create, user)),
    deleteUser: (name) => http.send(at('users', name), { method: 'DELETE' }),
    invite: (email) =>
      http.request('/ui/admin/invitations', InvitationW, { method: 'POST', body: { email } }),
    groups: listOf(http, '/ui/admin/groups', GroupW, toGroup),
    saveGroup: (create, g) =>
      upsert(http, 'groups', GroupW, toGroup, create, g.name, {
        description: g.description,
        autoJoin: g.autoJoin,
        members: g.members,
      }),
    deleteGroup: (name) => http.send(at('groups', name), { method: 'DELETE' }),
    permissions: listOf(http, '/ui/admin/permissions', PermissionW, toPermission),
    savePermission: (create, p) =>
      upsert(http, 'permissions', PermissionW, toPermission, create, p.name, {
        repositories: p.repositories,
        includePatterns: p.includePatterns,
        excludePatterns: p.excludePatterns,
        users: p.users,
        groups: p.groups,
      }),
    deletePermission: (name) => http.send(at('permissions', name), { method: 'DELETE' }),
  }
}
