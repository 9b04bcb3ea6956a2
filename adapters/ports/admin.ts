import type {
  AdminUser,
  GeneralConfig,
  Group,
  License,
  Member,
  Peer,
  Permission,
  Project,
  Proxy,
} from '../../domain/admin/types'
import type { Result } from './result'

// The admin (settings, proxies, projects, licences, users, groups, permissions) area's API port (adapters/ports.ts).
export interface AdminApi {
  generalConfig(): Promise<Result<GeneralConfig>>
  saveGeneralConfig(config: GeneralConfig): Promise<Result<GeneralConfig>>
  /** The platform's own logo: an image (PNG, JPEG, GIF or WebP) the platform checks by its bytes. */
  uploadLogo(image: Blob): Promise<Result<void>>
  removeLogo(): Promise<Result<void>>
  licenses(): Promise<Result<ReadonlyArray<License>>>
  proxies(): Promise<Result<ReadonlyArray<Proxy>>>
  /** `password` is the secret itself, taken from the vault by the effect. */
  saveProxy(
    create: boolean,
    proxy: Omit<Proxy, 'hasPassword'> & { readonly password?: string },
  ): Promise<Result<Proxy>>
  deleteProxy(key: string): Promise<Result<void>>
  projects(): Promise<Result<ReadonlyArray<Project>>>
  createProject(project: { key: string; name: string; description: string }): Promise<Result<Project>>
  members(projectKey: string): Promise<Result<ReadonlyArray<Member>>>
  saveMembers(projectKey: string, members: ReadonlyArray<Member>): Promise<Result<ReadonlyArray<Member>>>
  peers(): Promise<Result<ReadonlyArray<Peer>>>
  users(): Promise<Result<ReadonlyArray<AdminUser>>>
  /** `password` is the secret itself, taken from the vault by the effect; absent keeps it. */
  saveUser(create: boolean, user: AdminUserInput): Promise<Result<AdminUser>>
  deleteUser(name: string): Promise<Result<void>>
  invite(email: string): Promise<Result<{ readonly email: string; readonly expiresAt: string }>>
  groups(): Promise<Result<ReadonlyArray<Group>>>
  saveGroup(create: boolean, group: Omit<Group, 'createdAt'>): Promise<Result<Group>>
  deleteGroup(name: string): Promise<Result<void>>
  permissions(): Promise<Result<ReadonlyArray<Permission>>>
  savePermission(create: boolean, permission: Omit<Permission, 'createdAt'>): Promise<Result<Permission>>
  deletePermission(name: string): Promise<Result<void>>
}
export interface AdminUserInput {
  readonly name: string
  readonly email: string
  readonly admin: boolean
  readonly mfaRequired: boolean
  readonly passwordExpired: boolean
  readonly credentialsExpired: boolean
  readonly disabled: boolean
  readonly groups: ReadonlyArray<string>
  readonly password?: string
  readonly resetMfa?: boolean
}
