/**
 * Server configuration from the environment. Binding to anything but loopback requires
 * real passwords: the seeded defaults are for a developer's own machine only.
 */
import { join, resolve } from 'node:path'
import { isRefusedHost, REFUSED_HOST_MESSAGE } from '../domain/shared/refusedHost'

export const FLAVOURS = [
  'platform',
  'oss',
  'container-registry',
  'community',
  'edge',
  'lightweight',
  'cloud-trial',
  'tour',
] as const
export type Flavour = (typeof FLAVOURS)[number]

export interface ServerConfig {
  readonly host: string
  readonly port: number
  readonly dataDir: string
  /**
   * Where artifact bytes live (BLOB_DIR): unset, `<dataDir>/blobs`. Nodes on several hosts name
   * one folder they all mount (NFS, say), so a file stored through one is served by every other;
   * read it through `blobDirOf`, which applies the default.
   */
  readonly blobDir?: string
  /**
   * The database: unset, the embedded SQLite in `dataDir`; `postgres://…` (DATABASE_URL), a
   * PostgreSQL every node reaches.
   */
  readonly databaseUrl?: string
  /** Folder of the built console (vite's dist); the server answers 503 for /ui/ pages without it. */
  readonly staticDir: string
  readonly flavour: Flavour
  /** Cloud versus self-hosted. */
  readonly cloud: boolean
  /** Licence type; 'N/A' hides licensed menu items. */
  readonly licenseType: string
  readonly adminPassword: string
  readonly userPassword: string
  /** Id of this cluster node (e.g. `node-1`). */
  readonly nodeId: string
  /**
   * Where the nodes of other hosts reach this host's nodes (NODE_URL, `http://host:port`); unset,
   * the address it listens on (the host's name when that is every interface).
   */
  readonly nodeUrl?: string
  readonly serverName: string
  /** Allow anonymous read access. */
  readonly anonymousAccess: boolean
  /** The console may send on-prem metrics (self-hosted, licensed instances only; ON_PREM_METRICS=false turns it off). */
  readonly onPremMetrics: boolean
  /**
   * The platform names its access service among its services (ACCESS_LOGIN=true), and the console
   * then signs in through the access login; unset, the platform login.
   */
  readonly accessLogin?: boolean
  /** Bounds for tests: rate limits can be lowered to be reached quickly. */
  readonly rateLimit: { readonly max: number; readonly windowMs: number }
  /**
   * Metadata query work per caller, shared by every node (the database keeps the buckets), in
   * cost units (field resolutions): the console's page of 100 packages costs about 3,000–4,500,
   * the largest query allowed 30,000.
   */
  readonly graphqlBudget: { readonly perSecond: number; readonly burst: number }
  /** An OSV export (file, folder or zip) imported into the advisory database at start. */
  readonly advisoriesPath?: string
  /** An OSV export's address, imported at start and then every `advisoriesIntervalMs`. */
  readonly advisoriesUrl?: string
  readonly advisoriesIntervalMs: number
  /** How often a node sends the violation notifications due (XRAY_NOTIFY_INTERVAL_MS). */
  readonly notifyIntervalMs: number
  /** How long a download's count waits to be written with others (DOWNLOAD_FLUSH_MS). */
  readonly downloadFlushMs: number
  /**
   * Upstream of the seeded `npm-remote` (NPM_REMOTE_URL; `offline` serves its cache only);
   * unset keeps the repository's own address (the public npm registry as seeded).
   */
  readonly npmRemoteUrl?: string
  /** Upstream of the seeded `generic-remote` (GENERIC_REMOTE_URL: any HTTP file server; `offline`). */
  readonly genericRemoteUrl?: string
  /**
   * Upstream registry of the seeded `docker-remote` (DOCKER_REMOTE_URL; a path in it prefixes
   * the upstream's image names; `offline`). Unset, the remote stays offline as seeded.
   */
  readonly dockerRemoteUrl?: string
}

/** The blob folder: BLOB_DIR, or `blobs` in the data folder (a test may set only `dataDir`). */
export const blobDirOf = (config: Pick<ServerConfig, 'dataDir' | 'blobDir'>): string =>
  config.blobDir ?? join(config.dataDir, 'blobs')

const isLoopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1'

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST ?? '127.0.0.1'
  const flavourText = env.PLATFORM_FLAVOUR ?? 'platform'
  if (!(FLAVOURS as readonly string[]).includes(flavourText))
    throw new Error(`PLATFORM_FLAVOUR must be one of ${FLAVOURS.join(', ')}; got ${flavourText}`)
  if (!isLoopback(host) && (!env.ADMIN_PASSWORD || !env.USER_PASSWORD))
    throw new Error(`Binding to ${host} needs ADMIN_PASSWORD and USER_PASSWORD to be set`)
  for (const name of ['NPM_REMOTE_URL', 'GENERIC_REMOTE_URL', 'DOCKER_REMOTE_URL'] as const) {
    const value = env[name]
    if (value !== undefined && value !== 'offline' && !/^https?:\/\/[^/]/.test(value))
      throw new Error(`${name} must be an http(s) address or offline; got ${value}`)
    // The rule a remote saved in the console meets (it would be refused at every fetch anyway).
    if (value !== undefined && value !== 'offline' && isRefusedHost(new URL(value).hostname))
      throw new Error(`${name}: ${REFUSED_HOST_MESSAGE}; got ${value}`)
  }
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/.test(databaseUrl))
    // Not the value: it may hold a password.
    throw new Error('DATABASE_URL must be a postgres:// address (or unset, for the embedded SQLite)')
  const nodeUrl = env.NODE_URL || undefined
  if (nodeUrl !== undefined && !/^https?:\/\/[^/?#@\s]+\/?$/.test(nodeUrl))
    throw new Error(`NODE_URL must be an http(s) address with no path (http://host:port); got ${nodeUrl}`)
  const port = Number(env.PORT ?? 8082)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number; got ${env.PORT}`)
  return {
    host,
    port,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    ...(env.BLOB_DIR ? { blobDir: resolve(env.BLOB_DIR) } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    flavour: flavourText as Flavour,
    cloud: (env.PLATFORM_CLOUD ?? (flavourText === 'cloud-trial' ? 'true' : 'false')) === 'true',
    licenseType:
      env.PLATFORM_LICENSE ?? (flavourText === 'oss' || flavourText === 'community' ? 'N/A' : 'Enterprise+'),
    adminPassword: env.ADMIN_PASSWORD ?? 'password',
    userPassword: env.USER_PASSWORD ?? 'password',
    nodeId: env.NODE_ID ?? 'node-1',
    ...(nodeUrl ? { nodeUrl: nodeUrl.replace(/\/$/, '') } : {}),
    serverName: env.SERVER_NAME ?? 'Platform',
    anonymousAccess: env.ANONYMOUS_ACCESS === 'true',
    onPremMetrics: env.ON_PREM_METRICS !== 'false',
    accessLogin: env.ACCESS_LOGIN === 'true',
    rateLimit: {
      max: Number(env.RATE_LIMIT_MAX ?? 10),
      windowMs: Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000),
    },
    graphqlBudget: {
      perSecond: Number(env.GRAPHQL_BUDGET_PER_SECOND ?? 150_000),
      burst: Number(env.GRAPHQL_BUDGET_BURST ?? 600_000),
    },
    ...(env.ADVISORIES_PATH ? { advisoriesPath: resolve(env.ADVISORIES_PATH) } : {}),
    ...(env.ADVISORIES_URL ? { advisoriesUrl: env.ADVISORIES_URL } : {}),
    advisoriesIntervalMs: Number(env.ADVISORIES_INTERVAL_MS ?? 24 * 3600 * 1000),
    notifyIntervalMs: Number(env.XRAY_NOTIFY_INTERVAL_MS ?? 10_000),
    downloadFlushMs: Number(env.DOWNLOAD_FLUSH_MS ?? 100),
    ...(env.NPM_REMOTE_URL ? { npmRemoteUrl: env.NPM_REMOTE_URL } : {}),
    ...(env.GENERIC_REMOTE_URL ? { genericRemoteUrl: env.GENERIC_REMOTE_URL } : {}),
    ...(env.DOCKER_REMOTE_URL ? { dockerRemoteUrl: env.DOCKER_REMOTE_URL } : {}),
  }
}
