/** Source-control vendors and their numeric ids (specification, git integration form). */
export interface Vendor {
  readonly id: 1 | 2 | 3 | 4
  /** Source-control item name, also the vendor route parameter. */
  readonly name: 'github' | 'gitlab' | 'bitbucket_cloud' | 'bitbucket_server'
  readonly displayName: string
}

export const VENDORS: readonly Vendor[] = [
  { id: 1, name: 'github', displayName: 'GitHub' },
  { id: 2, name: 'gitlab', displayName: 'GitLab' },
  { id: 3, name: 'bitbucket_cloud', displayName: 'Bitbucket Cloud' },
  { id: 4, name: 'bitbucket_server', displayName: 'Bitbucket Server' },
]

/** Integration types: 0 unknown, 1 git. Only git integrations are stored. */
export const INTEGRATION_TYPE_GIT = 1

/** A vendor by its name (`github`) or numeric id (`1`). */
export function vendorOf(nameOrId: string | number): Vendor | undefined {
  return VENDORS.find((v) => v.name === nameOrId || String(v.id) === String(nameOrId))
}

/** Services that can use a source-control integration. */
export const VCS_SERVICES = ['xray', 'pipelines'] as const
export type VcsService = (typeof VCS_SERVICES)[number]
