// The serviceStatus area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, type RouteDef } from '../shared/routes'

export const serviceStatusRoutes: ReadonlyArray<RouteDef<'serviceStatus'>> = [
  admin('admin.systemLogs', '/admin/monitoring/system_logs', 'System Logs Viewer', 'serviceStatus'),
  admin('admin.serviceStatus', '/admin/monitoring/service-status', 'Service Status', 'serviceStatus'),
  admin('topology', '/admin/mission_control/topology', 'Topology', 'serviceStatus'),
]
