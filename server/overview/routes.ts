/**
 * The home page's figures (`GET /ui/home/overview`), read from what the platform stores: packages
 * by type and vulnerabilities by severity over the catalogue, the latest deployments (files
 * deployed over HTTP and npm versions published), the distinct files stored and their bytes (the
 * storage cache, ./storageCache.ts: `calculating` until its first calculation ends) with the free space of the data
 * folder's disk, storage used at the end of each of the last 30 days (./storageHistory.ts: the
 * sampler below calculates once an hour), and each service's nodes by heartbeat. The artifact count is the
 * spec's own call (`/ui/home/widget/artifactCount`, server/packages/routes.ts).
 */
import { statfsSync } from 'node:fs'
import type { RouteModule } from '../context'
import { readTopology } from '../ops/topology'
import { storageCache } from './storageCache'
import { overviewStore, SEVERITIES, storageHistory } from './store'
import { isoNow } from '../clock'
import { remoteStore } from '../remote/store'
import { downloadsOverDays } from '../remote/rules'
import { STORAGE_SAMPLE_EVERY_MS, storageOverDays } from './storageHistory'

export const RECENT_DEPLOYMENTS = 8

const str = { type: 'string' } as const
const int = { type: 'integer' } as const
const num = { type: 'number' } as const
const orNull = (schema: { type: string }) => ({ type: [schema.type, 'null'] }) as const
const obj = (properties: Record<string, unknown>) =>
  ({ type: 'object', properties, required: Object.keys(properties) }) as const

const overviewSchema = obj({
  packagesByType: { type: 'array', items: obj({ type: str, count: int }) },
  vulnerabilities: { type: 'array', items: obj({ severity: str, count: int }) },
  recentDeployments: {
    type: 'array',
    items: obj({ repo: str, path: str, size: num, deployedBy: str, created: str }),
  },
  storage: obj({
    calculating: { type: 'boolean' },
    artifactBytes: orNull(num),
    blobCount: orNull(int),
    calculatedAt: orNull(str),
    diskFreeBytes: num,
    diskTotalBytes: num,
  }),
  health: { type: 'array', items: obj({ service: str, nodes: int, healthy: int }) },
  downloadsPerDay: { type: 'array', items: obj({ day: str, count: int }) },
  deploymentsPerDay: { type: 'array', items: obj({ day: str, count: int }) },
  storagePerDay: {
    type: 'array',
    items: obj({ day: str, artifactBytes: orNull(num), files: orNull(int) }),
  },
})

/** The Overview's downloads, deployments and storage charts cover this many days, today included. */
export const DOWNLOAD_DAYS = 30

const routes: RouteModule = async (app, ctx) => {
  const store = overviewStore(ctx.sql)
  const cache = storageCache(ctx.sql, ctx.clock)
  const downloads = remoteStore(ctx.sql)
  const history = storageHistory(ctx.sql)

  // The sampler: what is stored, once an hour, kept as the history the storage chart draws.
  let sampling: Promise<void> | undefined
  const stopSampling = ctx.clock.every(STORAGE_SAMPLE_EVERY_MS, () => {
    // A failed sample (the database closing under it) leaves a gap in the history, no more.
    sampling = cache.sample().catch(() => undefined)
  })
  app.addHook('onClose', async () => {
    stopSampling()
    await sampling
    await cache.running
  })

  app.get('/ui/home/overview', { schema: { response: { 200: overviewSchema } } }, async (request) => {
    ctx.requireUser(request, { allowAnonymous: true })
    const counts = await store.vulnerabilities()
    const today = isoNow(ctx.clock).slice(0, 10)
    const first = downloadsOverDays(today, DOWNLOAD_DAYS, [])[0]!.day
    const stored = await cache.read()
    const disk = statfsSync(ctx.config.dataDir)
    const services = new Map<string, { nodes: number; healthy: number }>()
    for (const node of await readTopology(ctx.sql, ctx.clock.now())) {
      const s = services.get(node.service_type) ?? { nodes: 0, healthy: 0 }
      services.set(node.service_type, {
        nodes: s.nodes + 1,
        healthy: s.healthy + (node.state === 'HEALTHY' ? 1 : 0),
      })
    }
    return {
      packagesByType: await store.packagesByType(),
      vulnerabilities: SEVERITIES.map((severity) => ({ severity, count: counts[severity] })),
      recentDeployments: await store.recentDeployments(RECENT_DEPLOYMENTS),
      storage: {
        calculating: stored === undefined,
        artifactBytes: stored?.artifactBytes ?? null,
        blobCount: stored?.blobCount ?? null,
        calculatedAt: stored?.calculatedAt ?? null,
        diskFreeBytes: disk.bavail * disk.bsize,
        diskTotalBytes: disk.blocks * disk.bsize,
      },
      health: [...services].map(([service, s]) => ({ service, ...s })),
      downloadsPerDay: downloadsOverDays(today, DOWNLOAD_DAYS, await downloads.downloadsSince(first)),
      deploymentsPerDay: downloadsOverDays(today, DOWNLOAD_DAYS, await store.deploymentsSince(first)),
      storagePerDay: storageOverDays(today, DOWNLOAD_DAYS, await history.since(first)),
    }
  })
}

export default routes
