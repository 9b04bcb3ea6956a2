/** The tabs between the identity pages: the admin area's and the access tokens'. */
import { LinkTabs } from './kit/LinkTabs'

const MANAGEMENT = [
  { label: 'Users', href: '/admin/management/users' },
  { label: 'Groups', href: '/admin/management/groups' },
  { label: 'Permissions', href: '/admin/management/permissions' },
  { label: 'Global Roles', href: '/admin/management/global_roles' },
  { label: 'Access Tokens', href: '/admin/management/access_tokens' },
] as const

/** Links between the identity pages (users, groups, permissions, roles, access tokens). */
export function ManagementNav({ current }: { current: (typeof MANAGEMENT)[number]['label'] }) {
  return <LinkTabs label="User management" links={MANAGEMENT} current={current} />
}
