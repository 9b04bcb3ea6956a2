/**
 * First-start data: the two accounts, the web server's reverse proxy, and this node's
 * licence. Every step is idempotent, so each cluster node may run it on start.
 */
import type { ServerContext } from '../context'
import { seedAccounts } from '../auth/users'
import { seedReverseProxy } from './webServer'

const DAY_MS = 24 * 60 * 60 * 1000

export async function seedPlatform(ctx: ServerContext): Promise<{ accounts: string[] }> {
  const accounts = await seedAccounts(ctx, ctx.config)
  seedReverseProxy(ctx)
  registerNodeLicense(ctx)
  return { accounts }
}

/** Each node registers its own licence (none when the licence type is N/A). */
function registerNodeLicense(ctx: ServerContext): void {
  const { config, db } = ctx
  if (config.licenseType === 'N/A') return
  const days = config.flavour === 'cloud-trial' ? 14 : 365
  db.prepare(
    'INSERT OR IGNORE INTO licenses (node_id, type, valid_through, licensed_to) VALUES (?, ?, ?, ?)',
  ).run(
    config.nodeId,
    config.licenseType,
    new Date(ctx.clock.now() + days * DAY_MS).toISOString(),
    config.serverName,
  )
}
