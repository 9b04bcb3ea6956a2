import type { Loadable } from '../shared/loadable'
import type { SaveState } from '../shared/save'

export interface GeneralConfig {
  readonly serverName: string
  readonly baseUrl: string
  readonly customMessage: string
  /** Read-only mode: the platform refuses what changes its content (absent in older logs: off). */
  readonly readOnlyMode?: boolean
  /** A logo at an address of the admin's choosing (absent in older logs: none). */
  readonly logoUrl?: string
  /** Where the account-portal route sends users (absent in older logs: none). */
  readonly accountPortalUrl?: string
}
export interface License {
  readonly type: string
  readonly validThrough: string
  readonly licensedTo: string
  readonly nodeId: string
}
export interface Proxy {
  readonly key: string
  readonly host: string
  readonly port: number
  readonly username?: string
  readonly nonProxyHosts?: string
  readonly defaultProxy: boolean
  readonly hasPassword: boolean
}
export interface Project {
  readonly key: string
  readonly name: string
  readonly description: string
  readonly createdAt: string
}
export interface Peer {
  readonly id: string
  readonly host: string
  readonly status: string
  readonly lastHeartbeat: string
  readonly services: ReadonlyArray<string>
}
export interface Member {
  readonly name: string
  readonly roles: ReadonlyArray<string>
}

/** A user as an admin sees it (`lastLoginAt` null before the first sign-in). */
export interface AdminUser {
  readonly name: string
  readonly email: string
  readonly admin: boolean
  readonly realm: string
  readonly mfaRequired: boolean
  readonly mfaEnrolled: boolean
  readonly passwordExpired: boolean
  readonly credentialsExpired: boolean
  /** Signs in nowhere; its sessions and tokens ended when it was disabled. */
  readonly disabled: boolean
  readonly groups: ReadonlyArray<string>
  readonly createdAt: string
  readonly lastLoginAt: string | null
}
export interface Group {
  readonly name: string
  readonly description: string
  /** New users join it. */
  readonly autoJoin: boolean
  readonly members: ReadonlyArray<string>
  readonly createdAt: string
}
/** The actions a permission grants, in the order the server lists them. */
export const PERMISSION_ACTIONS = [
  'read',
  'annotate',
  'deploy',
  'delete',
  'manage',
  'managedXrayMeta',
  'distribute',
] as const
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number]
/** Principal name → the actions granted to it. */
export type Grants = Readonly<Record<string, ReadonlyArray<string>>>
export interface Permission {
  readonly name: string
  readonly repositories: ReadonlyArray<string>
  readonly includePatterns: ReadonlyArray<string>
  readonly excludePatterns: ReadonlyArray<string>
  readonly users: Grants
  readonly groups: Grants
  readonly createdAt: string
}

export type { Loadable }

/** The admin pages' data, one slot per resource. */
export interface AdminData {
  readonly generalConfig: GeneralConfig
  readonly licenses: ReadonlyArray<License>
  readonly proxies: ReadonlyArray<Proxy>
  readonly projects: ReadonlyArray<Project>
  readonly peers: ReadonlyArray<Peer>
  readonly members: ReadonlyArray<Member>
  readonly users: ReadonlyArray<AdminUser>
  readonly groups: ReadonlyArray<Group>
  readonly permissions: ReadonlyArray<Permission>
}
export type AdminResource = keyof AdminData

export type { SaveState } from '../shared/save'

export type AdminForm =
  | 'generalConfig'
  | 'proxy'
  | 'proxyDelete'
  | 'project'
  | 'members'
  | 'user'
  | 'userDelete'
  | 'invitation'
  | 'group'
  | 'groupDelete'
  | 'permission'
  | 'permissionDelete'

export interface AdminState {
  readonly resources: { readonly [R in AdminResource]: Loadable<AdminData[R]> }
  /** Members are of this project. */
  readonly membersOf?: string
  readonly forms: Readonly<Record<AdminForm, SaveState>>
}

export const PROJECT_ROLES = [
  'Project Admin',
  'Developer',
  'Contributor',
  'Viewer',
  'Release Manager',
] as const

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
