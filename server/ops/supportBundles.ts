/**
 * Support bundles: a zip of every node's log files (bundleLogs.ts), every node's configuration
 * with secrets redacted, and from every node one Node diagnostic report (the Node counterpart of
 * a thread dump) per requested dump, taken `interval` seconds apart (bundleDiagnostics.ts). A bundle is recorded
 * 'in progress' at once and built in the background; it ends 'success' (the zip is on disk
 * under DATA_DIR/support/) or 'failed' (with the reason).
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { strToU8, zipSync, type Zippable } from 'fflate'
import type { ServerContext } from '../context'
import type { ServerConfig } from '../config'
import type { Sql } from '../db/sql'
import { clusterLogs } from './bundleLogs'
import type { NodeRuntime } from './runtime'
import type { BundleService } from './services'
import { isoNow } from '../clock'
import { bundleNodes } from './bundleNodes'
import { clusterDiagnostics, SECRET_KEY } from './bundleDiagnostics'
import { decodeSession, type BundleSession } from './bundleSession'
import { opsStore, type BundleRecord, type BundleStatus, type OpsStore } from './store'
import { storedSecretValues } from './storedSecrets'

export const MAX_THREAD_DUMPS = 10
export const MAX_THREAD_DUMP_INTERVAL_SECS = 10
/** More bundles than this being built on one node at once answer 409. */
export const MAX_BUNDLES_IN_PROGRESS = 3

export type { BundleStatus }

export interface BundleSummary {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly create_date: string
  readonly status: BundleStatus
  readonly service: string
  readonly node_id: string
  readonly size?: number
  readonly error?: string
  readonly session_events?: number
}

export interface BundleRequest {
  readonly name: string
  readonly description: string
  readonly service: BundleService
  readonly threadDumpCount: number
  readonly threadDumpIntervalSecs: number
  /** The console session to carry (its redacted event log, NDJSON), as sent. */
  readonly session?: string
}

const toSummary = (r: BundleRecord): BundleSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  create_date: r.created_at,
  status: r.status,
  service: r.service,
  node_id: r.node_id,
  ...(r.size_bytes !== null ? { size: r.size_bytes } : {}),
  ...(r.error !== null ? { error: r.error } : {}),
  ...(r.session_events !== null ? { session_events: r.session_events } : {}),
})

/** A URL carrying a password (`scheme://user:password@host`). */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:([^/\s@]+)@/i
/** A value shaped like a credential: long, one word, letters and digits mixed (keys, tokens). */
const looksLikeCredential = (value: string) =>
  /^[A-Za-z0-9_\-+/=.~]{20,}$/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value)

/**
 * Every secret this node knows, by value: configured passwords, environment variables named
 * like secrets or whose values look like credentials (and the password inside a URL), and every
 * secret stored in the database (`STORED_SECRETS`). A bundle replaces each wherever it appears,
 * so a secret copied into a log line, a command line or another variable's value is cut too.
 */
export async function knownSecrets(
  config: ServerConfig,
  sql: Sql,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const found = new Set<string>([config.adminPassword, config.userPassword])
  for (const [key, value] of Object.entries(env)) {
    if (!value) continue
    const password = URL_WITH_PASSWORD.exec(value)?.[1]
    if (password) found.add(decodeURIComponent(password)).add(password)
    if (SECRET_KEY.test(key) || password || looksLikeCredential(value)) found.add(value)
  }
  for (const secret of await storedSecretValues(sql)) found.add(secret)
  // Short values would cut ordinary words; longest first, so a secret inside another goes whole.
  return [...found].filter((v) => v.length >= 6).sort((a, b) => b.length - a.length)
}

export class SupportBundles {
  private readonly dir: string
  /** Pending waits between dumps, with their resolvers, so stopping can end them at once. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>()
  private readonly building = new Set<Promise<void>>()
  private stopped = false
  private readonly store: OpsStore
  /** Done when the bundles interrupted by the node's last stop are marked failed. */
  private readonly ready: Promise<unknown>

  constructor(
    private readonly ctx: ServerContext,
    private readonly runtime: NodeRuntime,
  ) {
    this.dir = join(ctx.config.dataDir, 'support')
    mkdirSync(this.dir, { recursive: true })
    this.store = opsStore(ctx.sql)
    // A bundle this node was building when it last stopped will never finish.
    this.ready = this.store.failInterrupted(runtime.nodeId, isoNow(ctx.clock))
  }

  zipPath(id: string): string {
    // Ids are UUIDs we made; the database lookup comes first, so no caller text reaches a path.
    return join(this.dir, `${id}.zip`)
  }

  sessionPath(id: string): string {
    return join(this.dir, `${id}.session.ndjson`)
  }

  async list(): Promise<BundleSummary[]> {
    await this.ready
    return (await this.store.bundles()).map(toSummary)
  }

  async get(id: string): Promise<BundleSummary | undefined> {
    await this.ready
    const row = await this.store.bundle(id)
    return row && toSummary(row)
  }

  /** Starts a bundle; undefined when MAX_BUNDLES_IN_PROGRESS are being built here already. */
  async create(request: BundleRequest, createdBy: string): Promise<BundleSummary | undefined> {
    await this.ready
    const id = randomUUID()
    const now = isoNow(this.ctx.clock)
    const session: BundleSession | undefined =
      request.session === undefined
        ? undefined
        : decodeSession(request.session, await knownSecrets(this.ctx.config, this.ctx.sql))
    // Written before the record, so a listed bundle that counts a session has it.
    if (session) await writeFile(this.sessionPath(id), session.text)
    const added = await this.store.addBundle(
      {
        id,
        name: request.name,
        description: request.description,
        service: request.service,
        createdAt: now,
        createdBy,
        nodeId: this.runtime.nodeId,
        threadDumpCount: request.threadDumpCount,
        threadDumpIntervalSecs: request.threadDumpIntervalSecs,
        sessionEvents: session?.events ?? null,
      },
      MAX_BUNDLES_IN_PROGRESS,
    )
    if (!added) {
      rmSync(this.sessionPath(id), { force: true })
      return undefined
    }
    this.runtime.log(
      'artifactory',
      'INFO',
      `Support bundle ${id} (${request.service}) requested by ${createdBy}: ${request.threadDumpCount} thread dump(s), ${request.threadDumpIntervalSecs} s apart`,
    )
    const job = this.build(id, request, now, createdBy).finally(() => this.building.delete(job))
    this.building.add(job)
    return (await this.get(id)) as BundleSummary
  }

  /** Deletes the record and its zip; false when unknown. A bundle still being built is dropped when done. */
  async delete(id: string): Promise<boolean> {
    await this.ready
    const removed = await this.store.deleteBundle(id)
    if (removed) {
      rmSync(this.zipPath(id), { force: true })
      rmSync(this.sessionPath(id), { force: true })
    }
    return removed
  }

  async read(id: string): Promise<Buffer> {
    return readFile(this.zipPath(id))
  }

  /** The console session a bundle carries (NDJSON), or undefined when it carries none. */
  async readSession(id: string): Promise<string | undefined> {
    const bundle = await this.get(id)
    if (bundle?.session_events === undefined) return undefined
    return readFile(this.sessionPath(id), 'utf8')
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (ms <= 0 || this.stopped) return resolve()
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.set(timer, resolve)
    })
  }

  private async build(id: string, request: BundleRequest, created: string, createdBy: string): Promise<void> {
    try {
      const files: Zippable = {}
      const secrets = await knownSecrets(this.ctx.config, this.ctx.sql)
      const nodes = await bundleNodes(this.ctx, this.runtime)
      // Every node's configuration with the first round, and a thread dump from each per round.
      const configs: string[] = []
      const dumps: string[] = []
      const diagnosticsLacking: Array<{ node: string; reason: string }> = []
      const rounds = Math.max(request.threadDumpCount, 1)
      for (let i = 0; i < rounds; i++) {
        if (i > 0) await this.sleep(request.threadDumpIntervalSecs * 1000)
        if (this.stopped) throw new Error('Interrupted: the node is stopping')
        const round = await clusterDiagnostics(
          this.ctx,
          this.runtime,
          nodes,
          secrets,
          request.threadDumpCount > 0,
        )
        for (const answer of round) {
          if ('reason' in answer) {
            diagnosticsLacking.push({ node: answer.node, reason: answer.reason })
            continue
          }
          const config = `config/${answer.node}/server-config.json`
          if (!(config in files)) {
            files[config] = strToU8(answer.diagnostics.config)
            configs.push(config)
          }
          if (answer.diagnostics.threadDump === undefined) continue
          const dump = `thread-dumps/${answer.node}/thread-dump-${i + 1}.json`
          files[dump] = strToU8(answer.diagnostics.threadDump)
          dumps.push(dump)
        }
      }
      const cluster = await clusterLogs(this.ctx, this.runtime, nodes, secrets)
      for (const [name, text] of cluster.files) files[name] = strToU8(text)
      const logs = cluster.files.map(([name]) => name)
      const session: string[] = []
      if ((await this.get(id))?.session_events !== undefined) {
        files['console/session.ndjson'] = await readFile(this.sessionPath(id))
        session.push('console/session.ndjson')
      }
      files['manifest.json'] = strToU8(
        JSON.stringify(
          {
            id,
            name: request.name,
            description: request.description,
            service: request.service,
            created,
            createdBy,
            nodeId: this.runtime.nodeId,
            threadDump: { count: request.threadDumpCount, interval: request.threadDumpIntervalSecs },
            // Every node's logs: the ones carried, and those it could not get, with why.
            logsOf: cluster.nodes,
            logsLacking: cluster.lacking,
            // Every node's configuration and thread dumps: those it could not get, with why.
            diagnosticsLacking,
            entries: [...configs, ...logs, ...dumps, ...session],
          },
          null,
          2,
        ),
      )
      const zip = zipSync(files, { level: 6 })
      if (!(await this.get(id))) return // deleted while being built
      await writeFile(this.zipPath(id), zip)
      const end = {
        status: 'success',
        sizeBytes: zip.byteLength,
        error: null,
        at: isoNow(this.ctx.clock),
      } as const
      if (!(await this.store.finishBundle(id, end))) rmSync(this.zipPath(id), { force: true })
      this.runtime.log('artifactory', 'INFO', `Support bundle ${id} ready (${zip.byteLength} bytes)`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      try {
        await this.store.finishBundle(id, {
          status: 'failed',
          sizeBytes: null,
          error: reason,
          at: isoNow(this.ctx.clock),
        })
        this.runtime.log('artifactory', 'ERROR', `Support bundle ${id} failed: ${reason}`)
      } catch {
        // The database closed under us (server stopping): nothing left to record into.
      }
    }
  }

  /** Stops pending builds (a build still waiting between dumps ends 'failed') and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer)
      resolve()
    }
    this.timers.clear()
    await Promise.allSettled([...this.building])
  }
}
