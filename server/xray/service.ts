/**
 * Security scanning as one service per platform node: imports (all or nothing, then every
 * indexed version rescanned), scans of versions as they arrive, violations from watches and
 * policies, and the check the registry makes before it serves a version.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isoNow } from '../clock'
import type { ServerContext } from '../context'
import { resolveIn, type Resolvable } from '../repositories/store'
import { xrayStore, type ImportRecord } from './store'
import { readExportBytes, readExportPath, readExportUrl, type ReadExport } from './importer'
import { evaluateVersion, findingsFor, type Rules } from './scanner'
import { ignoreRuleMatches, violationsOf, type ViolationDraft } from '../../domain/xray'

/** The real advisories shipped for the sample catalogue (see its README). */
export const SHIPPED_ADVISORIES = join(dirname(fileURLToPath(import.meta.url)), 'advisories')

/** Versions scanned per transaction; the event loop runs between batches. */
const BATCH = 500

export type ImportSource =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'upload'; readonly name: string; readonly bytes: Uint8Array }

const sourceName = (s: ImportSource) =>
  s.kind === 'path' ? s.path : s.kind === 'url' ? s.url : `upload:${s.name}`

export function createXrayService(ctx: ServerContext) {
  const store = xrayStore(ctx.db)
  const now = () => isoNow(ctx.clock)
  let running: Promise<number> | undefined
  let pendingAgain = false
  // Set when the node closes: a background scan stops between batches instead of writing to a closed database.
  let stopped = false

  const rules = (): Rules => {
    const policies = new Map(store.policies().map((p) => [p.name, p]))
    const members = new Map<string, readonly string[]>()
    let repos: ReadonlyMap<string, Resolvable> | undefined
    return {
      watches: store.watches(),
      policies,
      expand: (key) => {
        let m = members.get(key)
        if (!m) {
          repos ??= new Map(store.repositories().map((r) => [r.key, r] as const))
          m = resolveIn(repos, key).map((r) => r.key)
          members.set(key, m)
        }
        return m
      },
    }
  }

  /** Scans one version and evaluates it; the caller may hold a transaction. */
  const scanOne = (versionId: string, r: Rules, at: string): boolean => {
    const v = store.versionToScan(versionId)
    if (!v || !store.isIndexed(v.repo)) return false
    try {
      store.putScan(v, findingsFor(store, v), at)
      evaluateVersion(store, v, r, at)
    } catch (error) {
      store.markScan(v.id, 'failed', at, (error as Error).message.slice(0, 500))
    }
    return true
  }

  /** Every indexed version again, in batches; answers how many were scanned. */
  const scanAllNow = async (evaluateOnly = false): Promise<number> => {
    let after = ''
    let count = 0
    const r = rules()
    const at = now()
    for (;;) {
      if (stopped) return count
      const ids = store.indexedVersionIds(after, BATCH)
      if (ids.length === 0) break
      store.transaction(() => {
        for (const id of ids) {
          if (evaluateOnly) {
            const v = store.versionToScan(id)
            if (v && store.scanOf(id)?.status === 'scanned') evaluateVersion(store, v, r, at)
          } else if (scanOne(id, r, at)) count++
        }
      })
      after = ids.at(-1)!
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (stopped) return count
    store.transaction(() => store.recordHistory(at))
    return count
  }

  /** One run at a time; a request during a run runs once more after it. */
  const rescanAll = (options: { evaluateOnly?: boolean } = {}): Promise<number> => {
    if (running) {
      pendingAgain = true
      return running
    }
    running = scanAllNow(options.evaluateOnly).finally(() => {
      running = undefined
      if (pendingAgain && !stopped) {
        pendingAgain = false
        rescanAll().catch((error: unknown) => console.error('Rescan failed', error))
      }
    })
    return running
  }

  const store_ = (read: ReadExport, source: string, started: string): ImportRecord => {
    const ok = read.problems.length === 0 && read.files > 0
    const report =
      read.files === 0 && read.problems.length === 0
        ? [{ file: source, reason: 'no JSON files' }]
        : read.problems
    const finished = now()
    const record = {
      source,
      started,
      finished,
      ok,
      files: read.files,
      advisories: ok ? read.advisories.length : 0,
      report,
    }
    const id = store.transaction(() => {
      if (ok)
        for (const a of read.advisories) {
          if (a.withdrawn) store.removeAdvisory(a.id)
          else store.putAdvisory(a)
        }
      return store.recordImport(record)
    })
    return { id, ...record }
  }

  const service = {
    store,

    /** Imports an export; when it succeeds every indexed version is rescanned (awaited with `wait`). */
    async importFrom(source: ImportSource, options: { wait?: boolean } = {}) {
      const started = now()
      let read: ReadExport
      try {
        read =
          source.kind === 'path'
            ? readExportPath(source.path)
            : source.kind === 'url'
              ? await readExportUrl(source.url)
              : readExportBytes(source.name, source.bytes)
      } catch (error) {
        read = {
          files: 0,
          advisories: [],
          problems: [{ file: sourceName(source), reason: (error as Error).message }],
        }
      }
      const record = store_(read, sourceName(source), started)
      if (record.ok) {
        const scan = rescanAll()
        if (options.wait) await scan
        else scan.catch(() => undefined)
      }
      return record
    },

    /** The shipped advisories and a first scan, once per data folder (the first node to start does it). */
    seedIfEmpty(): boolean {
      const seeded = store.transaction(() => {
        if (store.imports(1).length > 0) return false
        const read = readExportPath(SHIPPED_ADVISORIES)
        store_(read, 'shipped advisories', now())
        return true
      })
      if (!seeded) return false
      const r = rules()
      const at = now()
      store.transaction(() => {
        let after = ''
        for (;;) {
          const ids = store.indexedVersionIds(after, BATCH)
          if (ids.length === 0) break
          for (const id of ids) scanOne(id, r, at)
          after = ids.at(-1)!
        }
        store.recordHistory(at)
      })
      return true
    },

    rescanAll,
    /** After watches or policies change: violations again from the stored findings. */
    reevaluateAll: () => rescanAll({ evaluateOnly: true }),

    /** Scans one version now (the console's rescan). */
    rescan(versionId: string): boolean {
      return store.transaction(() => scanOne(versionId, rules(), now()))
    },

    /**
     * The hook every stored npm version passes through (a publish, a remote repository's
     * cache): it is scanned and its violations computed before anyone can download it.
     */
    versionArrived(versionId: string): void {
      scanOne(versionId, rules(), now())
    },

    blockingViolation: (versionId: string) => store.blockingViolation(versionId, now()),

    /** Stops background scans (the node is closing); answers when the current batch is done. */
    async stop(): Promise<void> {
      stopped = true
      await running?.catch(() => undefined)
    },

    /**
     * What fails a build: violations in force with a fail-build action on the versions it holds,
     * from watches over their repositories and from watches naming the build itself.
     */
    buildViolations(buildName: string, versionIds: readonly string[]): ViolationDraft[] {
      const at = now()
      const r = rules()
      const ignores = store.ignoreRules()
      const out: ViolationDraft[] = []
      const buildWatches = r.watches
        .filter((w) => w.resources.kind === 'builds' && w.resources.builds.includes(buildName))
        .map((w) => ({ ...w, resources: { kind: 'all' as const } }))
      for (const id of new Set(versionIds)) {
        const v = store.versionToScan(id)
        if (!v) continue
        const findings = store.findingsOf(id).map((f) => ({
          advisoryId: f.advisoryId,
          component: f.component,
          severity: f.severity,
          ...(f.cvssScore === null ? {} : { cvssScore: f.cvssScore }),
          fixedVersions: f.fixed,
        }))
        const drafts = [
          ...store.violations({ versionId: id, limit: 1000, offset: 0 }, at).rows.map((x) => ({
            watch: x.watch,
            policy: x.policy,
            rule: x.rule,
            type: x.type,
            issue: x.issue,
            component: x.component,
            severity: x.severity,
            actions: { blockDownload: x.blockDownload, failBuild: x.failBuild, notify: x.notify },
          })),
          ...violationsOf(
            { repo: v.repo, component: v.name, findings, licences: v.licences },
            buildWatches,
            r.policies,
            r.expand,
          ).filter((d) => !ignores.some((i) => ignoreRuleMatches(i, { ...d, version: id }, at))),
        ]
        out.push(...drafts.filter((d) => d.actions.failBuild))
      }
      return out
    },
    now,
  }
  return service
}

export type XrayService = ReturnType<typeof createXrayService>

const services = new WeakMap<object, XrayService>()

/** The node's one service (the registry and the API share it). */
export function xrayFor(ctx: ServerContext): XrayService {
  let s = services.get(ctx.db)
  if (!s) {
    s = createXrayService(ctx)
    services.set(ctx.db, s)
  }
  return s
}

/**
 * ADVISORIES_PATH imported at start and ADVISORIES_URL at start and on its schedule, by the
 * first node only (the others read the same database). Answers the function that stops the schedule.
 */
export function startAdvisorySources(ctx: ServerContext, xray: XrayService): () => void {
  if (ctx.config.nodeId !== 'node-1') return () => undefined
  const report = (what: string) => (r: ImportRecord) => {
    if (!r.ok) console.error(`Advisory import from ${what} refused: ${JSON.stringify(r.report.slice(0, 5))}`)
  }
  if (ctx.config.advisoriesPath) {
    const path = ctx.config.advisoriesPath
    void xray.importFrom({ kind: 'path', path }).then(report(path))
  }
  const url = ctx.config.advisoriesUrl
  if (!url) return () => undefined
  const fetchNow = () => void xray.importFrom({ kind: 'url', url }).then(report(url))
  fetchNow()
  return ctx.clock.every(ctx.config.advisoriesIntervalMs, fetchNow)
}
