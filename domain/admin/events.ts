import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'

const Resource = t.keyof({
  generalConfig: null,
  licenses: null,
  proxies: null,
  projects: null,
  peers: null,
  members: null,
  users: null,
  groups: null,
  permissions: null,
})
const Form = t.keyof({
  generalConfig: null,
  proxy: null,
  proxyDelete: null,
  project: null,
  members: null,
  user: null,
  userDelete: null,
  invitation: null,
  group: null,
  groupDelete: null,
  permission: null,
  permissionDelete: null,
})

export const GeneralConfigC = t.intersection([
  t.type({ serverName: t.string, baseUrl: t.string, customMessage: t.string }),
  t.partial({ readOnlyMode: t.boolean, logoUrl: t.string, accountPortalUrl: t.string }),
])
export const LicenseC = t.type({
  type: t.string,
  validThrough: t.string,
  licensedTo: t.string,
  nodeId: t.string,
})
export const ProxyC = t.intersection([
  t.type({ key: t.string, host: t.string, port: t.number, defaultProxy: t.boolean, hasPassword: t.boolean }),
  t.partial({ username: t.string, nonProxyHosts: t.string }),
])
export const ProjectC = t.type({ key: t.string, name: t.string, description: t.string, createdAt: t.string })
export const PeerC = t.type({
  id: t.string,
  host: t.string,
  status: t.string,
  lastHeartbeat: t.string,
  services: t.array(t.string),
})
export const MemberC = t.type({ name: t.string, roles: t.array(t.string) })
export const AdminUserC = t.type({
  name: t.string,
  email: t.string,
  admin: t.boolean,
  realm: t.string,
  mfaRequired: t.boolean,
  mfaEnrolled: t.boolean,
  passwordExpired: t.boolean,
  credentialsExpired: t.boolean,
  disabled: t.boolean,
  groups: t.array(t.string),
  createdAt: t.string,
  lastLoginAt: t.union([t.string, t.null]),
})
export const GroupC = t.type({
  name: t.string,
  description: t.string,
  autoJoin: t.boolean,
  members: t.array(t.string),
  createdAt: t.string,
})
export const GrantsC = t.record(t.string, t.array(t.string))
const PermissionFields = {
  name: t.string,
  repositories: t.array(t.string),
  includePatterns: t.array(t.string),
  excludePatterns: t.array(t.string),
  users: GrantsC,
  groups: GrantsC,
}
export const PermissionC = t.type({ ...PermissionFields, createdAt: t.string })

const Data = t.union([
  t.type({ resource: t.literal('generalConfig'), value: GeneralConfigC }),
  t.type({ resource: t.literal('licenses'), value: t.array(LicenseC) }),
  t.type({ resource: t.literal('proxies'), value: t.array(ProxyC) }),
  t.type({ resource: t.literal('projects'), value: t.array(ProjectC) }),
  t.type({ resource: t.literal('peers'), value: t.array(PeerC) }),
  t.type({ resource: t.literal('members'), value: t.array(MemberC) }),
  t.type({ resource: t.literal('users'), value: t.array(AdminUserC) }),
  t.type({ resource: t.literal('groups'), value: t.array(GroupC) }),
  t.type({ resource: t.literal('permissions'), value: t.array(PermissionC) }),
])
export type AdminPayload = t.TypeOf<typeof Data>

/** What a form sends; a proxy password travels only as a vault reference. */
export const SaveOp = t.union([
  t.type({ kind: t.literal('saveGeneralConfig'), config: GeneralConfigC }),
  // The image stays in the app's file stash: the event names it only by reference.
  t.type({ kind: t.literal('uploadLogo'), fileRef: t.string }),
  t.type({ kind: t.literal('removeLogo') }),
  t.type({
    kind: t.literal('saveProxy'),
    create: t.boolean,
    proxy: t.intersection([
      t.type({ key: t.string, host: t.string, port: t.number, defaultProxy: t.boolean }),
      t.partial({ username: t.string, nonProxyHosts: t.string, passwordRef: t.string }),
    ]),
  }),
  t.type({ kind: t.literal('deleteProxy'), key: t.string }),
  t.type({
    kind: t.literal('createProject'),
    project: t.type({ key: t.string, name: t.string, description: t.string }),
  }),
  t.type({ kind: t.literal('saveMembers'), key: t.string, members: t.array(MemberC) }),
  t.type({
    kind: t.literal('saveUser'),
    create: t.boolean,
    user: t.intersection([
      t.type({
        name: t.string,
        email: t.string,
        admin: t.boolean,
        mfaRequired: t.boolean,
        passwordExpired: t.boolean,
        credentialsExpired: t.boolean,
        disabled: t.boolean,
        groups: t.array(t.string),
      }),
      t.partial({ passwordRef: t.string, resetMfa: t.boolean }),
    ]),
  }),
  t.type({ kind: t.literal('deleteUser'), name: t.string }),
  t.type({ kind: t.literal('inviteUser'), email: t.string }),
  t.type({
    kind: t.literal('saveGroup'),
    create: t.boolean,
    group: t.type({ name: t.string, description: t.string, autoJoin: t.boolean, members: t.array(t.string) }),
  }),
  t.type({ kind: t.literal('deleteGroup'), name: t.string }),
  t.type({ kind: t.literal('savePermission'), create: t.boolean, permission: t.type(PermissionFields) }),
  t.type({ kind: t.literal('deletePermission'), name: t.string }),
])
export type SaveOp = t.TypeOf<typeof SaveOp>

export const LoadRequested = defineEvent(
  'admin/LoadRequested',
  t.intersection([t.type({ resource: Resource, requestId: t.string }), t.partial({ key: t.string })]),
)
export const Loaded = defineEvent('admin/Loaded', t.type({ requestId: t.string, data: Data }))
export const LoadFailed = defineEvent(
  'admin/LoadFailed',
  t.type({ resource: Resource, requestId: t.string, failure: Failure }),
)
export const SaveRequested = defineEvent(
  'admin/SaveRequested',
  t.type({ form: Form, requestId: t.string, op: SaveOp }),
)
export const Saved = defineEvent('admin/Saved', t.type({ form: Form, requestId: t.string, op: SaveOp }))
export { PASSWORD_LOST } from '../shared/failure'
export const SaveFailed = defineEvent(
  'admin/SaveFailed',
  t.type({ form: Form, requestId: t.string, failure: Failure }),
)
export const FormReset = defineEvent('admin/FormReset', t.type({ form: Form }))

export const adminEvents = [
  LoadRequested,
  Loaded,
  LoadFailed,
  SaveRequested,
  Saved,
  SaveFailed,
  FormReset,
] as const

export type AdminEvent = EventOf<(typeof adminEvents)[number]>
