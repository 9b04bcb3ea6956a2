// The identity pages (users, groups, permissions, global roles) by route name, so the area's
// entry needs one line for all of them.
import type { ReactElement } from 'react'
import { GlobalRoles } from './GlobalRoles'
import { GroupEditor, GroupsList } from './Groups'
import { PermissionEditor, PermissionsList } from './Permissions'
import { UserEditor } from './UserEditor'
import { UsersList } from './Users'

const PAGES: Readonly<Record<string, () => ReactElement>> = {
  users: () => <UsersList />,
  'users.new': () => <UserEditor create />,
  'users.edit': () => <UserEditor create={false} />,
  groups: () => <GroupsList />,
  'groups.new': () => <GroupEditor create />,
  'groups.edit': () => <GroupEditor create={false} />,
  permissions: () => <PermissionsList />,
  'permissions.create': () => <PermissionEditor create />,
  'permissions.edit': () => <PermissionEditor create={false} />,
  globalRoles: () => <GlobalRoles />,
}

/** The page of an identity route, or null for any other route. */
export function IdentityPage(routeName: string | undefined): ReactElement | null {
  const page = routeName === undefined ? undefined : PAGES[routeName]
  return page ? page() : null
}
