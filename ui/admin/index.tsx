// Entry of the admin area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
import { lazy, Suspense } from 'react'
import { useQuery } from '../shared/appContext'
import { MenuGrid } from './MenuGrid'
import { GeneralSettings, Licenses, Peers } from './Settings'
import { ProxiesList, ProxyEditor } from './Proxies'
import { ProjectCreate, ProjectMembers, ProjectOverview, ProjectsList } from './Projects'
import { IdentityPage } from './identityPages'
import { Layers } from 'lucide-react'
import { Link } from 'wouter'
import { EmptyState, PageSkeleton } from '../shared/kit/Surface'
import { buttonClass } from '../shared/kit/Button'
import kit from '../shared/kit/page.module.css'
import { Toolbar } from './shared'

// Its own chunk: the kit table and the onboarding area's data are not the other admin pages'.
const ContactRequests = lazy(() => import('./ContactRequests'))
// Its own chunk too: the teaser modules' texts (about 1.5 KB gzip) are only for /demo/admin.
const AdminTeaser = lazy(() => import('./AdminTeaser').then((m) => ({ default: m.AdminTeaser })))

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
    case 'admin.contactRequests':
      return (
        <Suspense fallback={null}>
          <ContactRequests />
        </Suspense>
      )
    case 'demoAdmin':
      return (
        <Suspense fallback={<PageSkeleton />}>
          <AdminTeaser />
        </Suspense>
      )
    default:
      return <Placeholder title={match?.route.title ?? 'Administration'} />
  }
}

/** An administration page the console does not have yet: said as the kit's empty state, with a way on. */
function Placeholder({ title }: { readonly title: string }) {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={title} />
      <EmptyState
        boxed
        icon={<Layers size={28} />}
        title="This administration page is not available in this console yet"
        hint="The platform has it; a later version of the console will show it here."
        action={
          <Link href="/admin/artifactory/list" className={buttonClass()}>
            Back to all settings
          </Link>
        }
      />
    </section>
  )
}
