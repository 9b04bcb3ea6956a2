// Entry of the xray area's screens (a lazily loaded chunk, mounted by ui/routes.tsx): security
// scanning's Violations, Policies (also where Security and Compliance leads), Watches, Scans
// List, Trends, Reports, and Administration's Xray settings.
import { useQuery } from '../shared/appContext'
import { ViolationsPage } from './Violations'
import { PoliciesPage } from './Policies'
import { WatchesPage } from './Watches'
import { ScansPage } from './Scans'
import { TrendsPage } from './Trends'
import { ReportsPage } from './Reports'
import { AdvisoryDatabasePage, IndexedResourcesPage, ScansSettingsPage } from './Admin'

export default function Xray() {
  const match = useQuery({ type: 'navigation/Route' })
  switch (match?.route.name) {
    case 'violations':
      return <ViolationsPage />
    case 'watches':
      return <WatchesPage />
    case 'scans':
      return <ScansPage />
    case 'trends':
      return <TrendsPage />
    case 'reports':
      return <ReportsPage />
    case 'xray.indexedResources':
      return <IndexedResourcesPage />
    case 'xray.settings':
      return <ScansSettingsPage />
    case 'xray.database':
      return <AdvisoryDatabasePage />
    default:
      return <PoliciesPage />
  }
}
