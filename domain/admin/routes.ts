// The admin area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, app, type RouteDef } from '../shared/routes'

export const adminRoutes: ReadonlyArray<RouteDef<'admin'>> = [
  // The rest is optional (spec: /demo/admin/:requiredAdminPath(.*)): /demo/admin/ itself is the teaser index.
  app('demoAdmin', '/demo/admin/*?', 'Administration', 'admin', { sidebar: 'administration' }),
  admin('admin', '/admin', undefined, 'admin', { redirectTo: '/admin/management/users' }),
  admin('admin.menu', '/admin/artifactory/list', 'Administration', 'admin'),
  admin('admin.general', '/admin/configuration/general', 'General Settings', 'admin'),
  admin('admin.licenses', '/admin/license_management/licenses', 'Licences', 'admin'),
  admin('admin.peers', '/admin/monitoring/pdn', 'Peers', 'admin'),
  admin('proxies', '/admin/proxies/configuration', undefined, 'admin', {
    redirectTo: '/admin/proxies/configuration/list',
  }),
  admin('proxies.list', '/admin/proxies/configuration/list', 'Proxies', 'admin'),
  admin('proxies.new', '/admin/proxies/configuration/new', 'Proxy Configuration', 'admin'),
  admin('proxies.edit', '/admin/proxies/configuration/edit/:proxyName', 'Proxy Configuration', 'admin'),
  admin('projects', '/admin/projects', undefined, 'admin', {
    redirectTo: '/admin/projects/list',
    resetsProject: false,
  }),
  admin('projects.main', '/admin/projects/list', 'Projects', 'admin', { resetsProject: false }),
  admin('projects.create', '/admin/projects/create', 'Create Project', 'admin', { resetsProject: false }),
  admin('projects.overview', '/admin/projects/overview/:projectKey?', 'Project Overview', 'admin', {
    sidebar: 'projectSettings',
    resetsProject: false,
  }),
  admin('projects.members', '/admin/projects/members/:projectKey?', 'Project Members', 'admin', {
    sidebar: 'projectSettings',
    resetsProject: false,
  }),
  admin('users', '/admin/management/users', 'Users', 'admin'),
  admin('users.new', '/admin/management/users/new', 'New User', 'admin'),
  admin('users.edit', '/admin/management/users/edit/:userName', 'Edit User', 'admin'),
  admin('groups', '/admin/management/groups', 'Groups', 'admin'),
  admin('groups.new', '/admin/management/groups/new', 'New Group', 'admin'),
  admin('groups.edit', '/admin/management/groups/edit/:groupName', 'Edit Group', 'admin'),
  admin('permissions', '/admin/management/permissions', 'Permissions', 'admin'),
  admin('permissions.create', '/admin/management/permissions/create', 'Permissions', 'admin'),
  admin('permissions.edit', '/admin/management/permissions/edit/:permissionName', 'Permissions', 'admin'),
  admin('globalRoles', '/admin/management/global_roles', 'Global Roles', 'admin'),
  // The console has no environments of its own: the page is the area's teaser (docs/decisions).
  admin('environments', '/admin/environments', 'Environments', 'admin', {
    redirectTo: '/demo/admin/environments',
  }),
  admin('admin.contactRequests', '/admin/marketing/contact_requests', 'Contact Requests', 'admin'),
]
