/** The admin area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { AdminState } from './types'

const idle = { status: 'idle' } as const

export const initialAdminState: AdminState = {
  resources: {
    generalConfig: idle,
    licenses: idle,
    proxies: idle,
    projects: idle,
    peers: idle,
    members: idle,
    users: idle,
    groups: idle,
    permissions: idle,
  },
  forms: {
    generalConfig: idle,
    proxy: idle,
    proxyDelete: idle,
    project: idle,
    members: idle,
    user: idle,
    userDelete: idle,
    invitation: idle,
    group: idle,
    groupDelete: idle,
    permission: idle,
    permissionDelete: idle,
  },
}
