/**
 * First-start data: the two accounts, the web server's reverse proxy, and this node's
 * licence. Every step is idempotent, so each cluster node may run it on start.
 */
import type { ServerContext } from '../context'
import { seedAccounts } from '../auth/users'
import { seedReverseProxy } from './webServer'
import { platformStore } from './store'

const DAY_MS = 24 * 60 * 60 * 1000

export async function seedPlatform(ctx: ServerContext): Promise<{ accounts: string[] }> {
  const accounts = await seedAccounts(ctx, ctx.config)
  // An ephemeral port (0) is known only once the server listens (server/app.ts).
  if (ctx.config.port > 0) await seedReverseProxy(ctx, ctx.config.port)
  await registerNodeLicense(ctx)
  return { accounts }
}

/** Each node registers its own licence (none when the licence type is N/A). */
async function registerNodeLicense(ctx: ServerContext): Promise<void> {
  const { config } = ctx
  if (config.licenseType === 'N/A') return
  const days = config.flavour === 'cloud-trial' ? 14 : 365
  await platformStore(ctx.sql).registerLicense(
    config.nodeId,
    config.licenseType,
    new Date(ctx.clock.now() + days * DAY_MS).toISOString(),
    config.serverName,
  )
}
