import type { Failure } from '../shared/failure'

export interface GeneralConfig {
  readonly serverName: string
  readonly baseUrl: string
  readonly customMessage: string
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

export type Loadable<A> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly requestId: string }
  | { readonly status: 'loaded'; readonly data: A }
  | { readonly status: 'failed'; readonly failure: Failure }

/** The admin pages' data, one slot per resource. */
export interface AdminData {
  readonly generalConfig: GeneralConfig
  readonly licenses: ReadonlyArray<License>
  readonly proxies: ReadonlyArray<Proxy>
  readonly projects: ReadonlyArray<Project>
  readonly peers: ReadonlyArray<Peer>
  readonly members: ReadonlyArray<Member>
}
export type AdminResource = keyof AdminData

/** A form's submission (the values stay in the form, so nothing typed is lost on a failure). */
export type SaveState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'done'; readonly requestId: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }

export type AdminForm = 'generalConfig' | 'proxy' | 'proxyDelete' | 'project' | 'members'

export interface AdminState {
  readonly resources: { readonly [R in AdminResource]: Loadable<AdminData[R]> }
  /** Members are of this project. */
  readonly membersOf?: string
  readonly forms: Readonly<Record<AdminForm, SaveState>>
}

const idle = { status: 'idle' } as const

export const initialAdminState: AdminState = {
  resources: {
    generalConfig: idle,
    licenses: idle,
    proxies: idle,
    projects: idle,
    peers: idle,
    members: idle,
  },
  forms: { generalConfig: idle, proxy: idle, proxyDelete: idle, project: idle, members: idle },
}

export const PROJECT_ROLES = [
  'Project Admin',
  'Developer',
  'Contributor',
  'Viewer',
  'Release Manager',
] as const
