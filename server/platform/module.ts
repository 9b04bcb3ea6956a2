import type { RouteModule } from '../context'
import { scoped } from '../auth/validation'
import { registerPlatformRoutes } from './routes'
import { seedPlatform } from './seed'

// Platform start-up data, under /ui/api/v1. Seeding runs here, once per server build,
// before the server listens.
const platform: RouteModule = async (app, ctx) => {
  await seedPlatform(ctx)
  await scoped(app, ctx, registerPlatformRoutes)
}

export default platform
