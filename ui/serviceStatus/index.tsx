// Entry of the service status area, a lazily loaded chunk mounted by ui/routes.tsx: the
// topology page, the Service Status page and the live log viewer (System Logs).
import { useQuery } from '../shared/appContext'
import TopologyPage from './TopologyPage'
import ServiceStatusPage from './ServiceStatusPage'
import { LogViewerPage } from './LogViewerPage'

export default function ServiceStatusArea() {
  const match = useQuery({ type: 'navigation/Route' })
  switch (match?.route.name) {
    case 'admin.systemLogs':
      return <LogViewerPage />
    case 'admin.serviceStatus':
      return <ServiceStatusPage />
    default:
      return <TopologyPage />
  }
}
