import type { RouteModule } from '../context'

// Routes of the auth area, under /ui/api/v1. Filled in by the server issue.
const routes: RouteModule = async () => {}

export default routes
