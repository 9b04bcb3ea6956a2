// Entry of the admin area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
import { useQuery } from '../shared/appContext'
import { AdminTeaser } from './AdminTeaser'
import { MenuGrid } from './MenuGrid'
import { GeneralSettings, Licenses, Peers } from './Settings'
import { ProxiesList, ProxyEditor } from './Proxies'
import { ProjectCreate, ProjectMembers, ProjectOverview, ProjectsList } from './Projects'
import { IdentityPage } from './identityPages'

export default function AdminArea() {
  const match = useQuery({ type: 'navigation/Route' })
  const identity = IdentityPage(match?.route.name)
  if (identity) return identity
  switch (match?.route.name) {
    case 'admin.menu':
      return <MenuGrid />
    case 'admin.general':
      return <GeneralSettings />
    case 'admin.licenses':
      return <Licenses />
    case 'admin.peers':
      return <Peers />
    case 'proxies.list':
      return <ProxiesList />
    case 'proxies.new':
      return <ProxyEditor create />
    case 'proxies.edit':
      return <ProxyEditor create={false} />
    case 'projects.main':
      return <ProjectsList />
    case 'projects.create':
      return <ProjectCreate />
    case 'projects.overview':
      return <ProjectOverview />
    case 'projects.members':
      return <ProjectMembers />
    case 'demoAdmin':
      return <AdminTeaser />
    default:
      return (
        <section aria-labelledby="page-title">
          <h1 id="page-title">{match?.route.title ?? 'Administration'}</h1>
          <p>This administration page is not available in this console yet.</p>
        </section>
      )
  }
}
