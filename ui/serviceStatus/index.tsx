// Entry of the service status area, a lazily loaded chunk mounted by ui/routes.tsx: the
// topology and service status pages, and the live log viewer (System Logs).
import { useQuery } from '../shared/appContext'
import TopologyPage from './TopologyPage'
import { LogViewerPage } from './LogViewerPage'

export default function ServiceStatusArea() {
  const match = useQuery({ type: 'navigation/Route' })
  return match?.route.name === 'admin.systemLogs' ? <LogViewerPage /> : <TopologyPage />
}
