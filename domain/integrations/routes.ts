// The integrations area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, app, type RouteDef } from '../shared/routes'

export const integrationsRoutes: ReadonlyArray<RouteDef<'integrations'>> = [
  app('integrations', '/integrations', 'Integrations', 'integrations'),
  // Git integrations: admins, where the platform scans repositories (spec 001 section 6).
  app('integrations.vendor.list', '/integrations/vendors/:vendorName', 'Integrations', 'integrations', {
    adminOnly: true,
    feature: 'repositoryScanning',
  }),
  app('gitRepoScan.selectRepos', '/integrations/git-repo-scan/select-repos', 'Integrations', 'integrations', {
    adminOnly: true,
    feature: 'repositoryScanning',
  }),
  // A tool's page: the catalogue with that tool's integration modal open.
  app('integrations.named', '/integrations/:name', 'Integrations', 'integrations'),
  // The integrations an admin sets up are the catalogue's (with the git integrations): the same
  // page, under the Administration sidebar the admin opened it from.
  admin('admin.integrations', '/admin/configuration/integrations', 'Integrations', 'integrations'),
]
