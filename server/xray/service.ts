/**
 * Security scanning as one service per platform node: imports (all or nothing, then every
 * indexed version rescanned), scans of versions as they arrive, violations from watches and
 * policies, and the check the registry makes before it serves a version.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isoNow } from '../clock'
import { HttpError, type ServerContext } from '../context'
import type { Sql } from '../db/sql'
import { blobDirOf } from '../config'
import { blobPathOf } from '../repositories/blobs'
import { hexOf, isIndexType } from '../containers/rules'
import { containerStore } from '../containers/store'
import { buildStore, versionsHeldBy } from '../builds/store'
import { packageIdOf, versionIdOf } from '../catalog/store'
import { readImageInventory, type ImageInventory } from './imageInventory'
import { xrayStore, type ImportRecord, type ImportRescan, type VersionToScan, type XrayStore } from './store'
import { readExportBytes, readExportPath, readExportUrl, type ReadExport } from './importer'
import {
  evaluateGitRepository,
  evaluateVersion,
  evaluateVersions,
  findingsFor,
  readsForScan,
  rulesOf,
  WaitingForLayers,
  type Rules,
} from './scanner'
import { GitScanStore } from './gitScanStore'
import { gitScannerFor } from './gitScanner'
import { leasedSchedule } from '../ops/lease'
import { notifierFor } from './notifications'
import { ignoreRuleMatches, violationsOf, watchCovers, type ViolationDraft } from '../../domain/xray'
import { buildResourceOf } from '../../domain/builds/rules'

/** The real advisories shipped for the sample catalogue (see its README). */
export const SHIPPED_ADVISORIES = join(dirname(fileURLToPath(import.meta.url)), 'advisories')

/** Versions scanned per transaction; the event loop runs between batches. */
const BATCH = 500
const WAITING: ImportRescan = { status: 'waiting', scanned: 0, total: null, finished: null, error: null }
const STOPPED_BEFORE_DONE = 'the platform stopped before the rescan finished'

/** A pull through `/v2/` of what `repo` serves: a manifest (by tag or digest) or a blob. */
export interface ImagePull {
  readonly repo: string
  readonly image: string
  readonly digest: string
  readonly kind: 'manifest' | 'blob'
  /** The tag a manifest was asked for by. */
  readonly tag?: string
}

export type ImportSource =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'upload'; readonly name: string; readonly bytes: Uint8Array }

const sourceName = (s: ImportSource) =>
  s.kind === 'path' ? s.path : s.kind === 'url' ? s.url : `upload:${s.name}`

/** What the service reads: the database, the platform's time and (for images' layers) its blob folder. */
export type XrayContext = Pick<ServerContext, 'sql' | 'clock'> & {
  readonly config?: Pick<ServerContext['config'], 'dataDir' | 'blobDir'>
}

/** Whether some watch holds a policy with a rule that fails builds: else no build is judged again. */
const failsBuilds = (r: Rules): boolean =>
  r.watches.some((w) =>
    w.policies.some((name) => r.policies.get(name)?.rules.some((rule) => rule.actions.failBuild)),
  )

/** Whether some watch names a build or fails builds: else a change elsewhere leaves every build as it is. */
const judgesBuilds = (r: Rules): boolean =>
  failsBuilds(r) || r.watches.some((w) => w.resources.kind === 'builds')

/** How often each node looks for ignore rules that expired (their violations are in force again). */
export const IGNORE_EXPIRY_CHECK_MS = 60_000

/** A database error (a SQLSTATE or SQLite code): the transaction's to handle, not a failed scan. */
const fromDatabase = (error: unknown) => typeof (error as { code?: unknown }).code === 'string'

export function createXrayService(ctx: XrayContext) {
  const store = xrayStore(ctx.sql)
  const now = () => isoNow(ctx.clock)
  let running: Promise<number> | undefined
  let pendingAgain = false
  // Imports whose rescan the next run reports to (asked before it began).
  let waitingImports: number[] = []
  // Set when the node closes: a background scan stops between batches instead of writing to a closed database.
  let stopped = false
  // Images arrived and waiting for their layers to be read, one after another.
  let imageQueue: Promise<void> = Promise.resolve()
  // Builds judged again after a change outside a scan run (a version arrived, an ignore rule expired), one check after another.
  let buildQueue: Promise<void> = Promise.resolve()

  const rules = rulesOf
  const notifier = notifierFor(ctx)
  /** Sends the notifications the violations just committed owe, in the background. */
  const notifyNow = () => {
    if (!stopped) notifier.deliver().catch((error: unknown) => console.error('Notifications failed', error))
  }

  /**
   * Whether a tag with no layers stands on an index: the catalogue shows the layers of the
   * index's linux/amd64 image (else its first), and has none while that image is not cached (an
   * arm64 client pulls only its own), which is not an image holding nothing.
   */
  const onUncachedIndex = async (versionId: string): Promise<boolean> => {
    const v = await store.versionToScan(versionId)
    if (!v) return false
    const containers = containerStore(ctx.sql)
    const digest = await containers.tagDigest(v.repo, v.name, v.version)
    const manifest = digest === undefined ? undefined : await containers.manifest(v.repo, v.name, digest)
    return manifest !== undefined && isIndexType(manifest.mediaType)
  }

  /**
   * Reads what a docker version's layers hold from the blob store and keeps it (or why it could
   * not), outside any transaction: a layer may be hundreds of megabytes. While some layer is not
   * stored (a remote caches the layers a client has pulled so far) nothing is kept, and the scan
   * waits for them: each layer's arrival tells the service again.
   */
  const readInventory = async (versionId: string): Promise<void> => {
    const digests = await store.layerDigestsOf(versionId)
    const dir = ctx.config && blobDirOf(ctx.config)
    const paths = digests.map((d) => (dir ? blobPathOf(dir, hexOf(d)) : ''))
    const waiting =
      paths.some((p) => !p || !existsSync(p)) || (digests.length === 0 && (await onUncachedIndex(versionId)))
    if (waiting) return store.dropInventory(versionId)
    let read: ImageInventory | { error: string }
    try {
      read = await readImageInventory(paths)
    } catch (error) {
      read = { error: `the layers could not be read: ${(error as Error).message}`.slice(0, 500) }
    }
    await store.putInventory(versionId, read, now())
  }

  /** Reads the layers of the docker versions among `ids` not read yet. */
  const prepareImages = async (ids: readonly string[]): Promise<void> => {
    for (const id of ids) {
      if (stopped) return
      if (!id.startsWith('docker://') || (await store.inventoryOf(id))) continue
      if ((await store.versionToScan(id))?.type === 'docker') await readInventory(id)
    }
  }

  /** Scans one version and evaluates it, on `s`; the caller may hold a transaction. */
  const scanOne = async (s: XrayStore, versionId: string, r: Rules, at: string): Promise<boolean> => {
    const v = await s.versionToScan(versionId)
    if (!v || !(await s.isIndexed(v.repo))) return false
    try {
      await s.putScan(v, await findingsFor(s, v, r.scanDependencies), at)
      await evaluateVersion(s, v, r, at)
    } catch (error) {
      // A conflict or a lost connection fails (or retries) the whole transaction; only the
      // scanner's own failure (a range it cannot read) is the version's.
      if (fromDatabase(error)) throw error
      // Not scanned yet, with why; never scanned at a time, nor failed.
      if (error instanceof WaitingForLayers) await s.markScan(v.id, 'not_scanned', null, error.message)
      else await s.markScan(v.id, 'failed', at, (error as Error).message.slice(0, 500))
    }
    return true
  }

  /**
   * Scans a batch of versions and evaluates them, on `s` (in the caller's transaction): the npm
   * versions' reads and writes made for all of them at once (server/xray/scanner.ts,
   * readsForScan; the store's putScans), an image one by one (its layers are its own). Answers
   * how many were scanned (or failed): those that stand in an indexed repository.
   */
  const scanBatch = async (s: XrayStore, ids: readonly string[], r: Rules, at: string): Promise<number> => {
    const versions = await s.versionsToScan(ids)
    const indexed = new Set(await s.indexedRepos())
    const standing = ids.flatMap((id) => {
      const v = versions.get(id)
      return v && indexed.has(v.repo) ? [v] : []
    })
    for (const v of standing) if (v.type === 'docker') await scanOne(s, v.id, r, at)
    const npm = standing.filter((v) => v.type !== 'docker')
    const reads = await readsForScan(s, npm, r.scanDependencies)
    const scanned: Array<{ v: VersionToScan; findings: Awaited<ReturnType<typeof findingsFor>> }> = []
    for (const v of npm)
      try {
        scanned.push({ v, findings: await findingsFor(reads, v, r.scanDependencies) })
      } catch (error) {
        // The scanner's own failure (a range it cannot read) is the version's, as in scanOne.
        if (fromDatabase(error)) throw error
        await s.markScan(v.id, 'failed', at, (error as Error).message.slice(0, 500))
      }
    await s.putScans(scanned, at)
    await evaluateVersions(
      s,
      scanned.map(({ v }) => v),
      r,
      at,
    )
    return standing.length
  }

  /** Every indexed version again, in batches; answers how many were scanned, telling `progress` after each batch. */
  const scanAllNow = async (
    evaluateOnly = false,
    progress: (scanned: number) => Promise<void> = async () => undefined,
  ): Promise<number> => {
    let after = ''
    let count = 0
    const r = await rules(store)
    const at = now()
    for (;;) {
      if (stopped) return count
      const ids = await store.indexedVersionIds(after, BATCH)
      if (ids.length === 0) break
      if (!evaluateOnly) await prepareImages(ids)
      // Counted from the answer: on PostgreSQL the work may run again after a conflict.
      count += await store.transaction(async (s) => {
        if (evaluateOnly) {
          // The batch's versions read, judged and written together: a few statements, not a few each.
          const versions = await s.versionsToScan(ids)
          const statuses = await s.scanStatusesOf(ids)
          const scanned = ids.flatMap((id) => {
            const v = versions.get(id)
            return v && statuses.get(id) === 'scanned' ? [v] : []
          })
          await evaluateVersions(s, scanned, r, at)
          return 0
        }
        return scanBatch(s, ids, r, at)
      })
      await progress(count)
      after = ids.at(-1)!
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (stopped) return count
    if (evaluateOnly) {
      // Git repositories' violations again from their last scans, under the same rules.
      const git = new GitScanStore(ctx.sql)
      for (const repo of await git.scanned()) {
        if (stopped) return count
        await evaluateGitRepository(git, repo, r, at)
      }
    } else {
      // Git repositories matched again, as versions are, from the manifests their last reads kept.
      await gitScannerFor(ctx).matchAll()
    }
    await store.transaction((s) => s.recordHistory(at))
    await store.refreshPlannerStatistics()
    // New advisories, or a watch or policy changed, may fail builds uploaded before.
    await failViolatingBuilds()
    notifyNow()
    return count
  }

  /**
   * Marks a run failed when it holds a version that violates a fail-build rule (in force, from a
   * watch over the version's repository or one naming the build); answers whether it did.
   */
  const failBuildIfViolating = async (name: string, number: string): Promise<boolean> => {
    const builds = buildStore(ctx.sql)
    const detail = await builds.detail(name, number)
    if (!detail) return false
    await judgeBuild(await rules(store), detail.id, name, versionsHeldBy(detail))
    const resource = buildResourceOf(name, number)
    if ((await service.buildViolations(name, versionsHeldBy(detail), resource)).length === 0) return false
    return builds.setStatus(name, number, 'failure')
  }

  /**
   * Stores what the watches naming a build find in the versions it holds, as a version's
   * violations are stored (listed, counted per watch, lifted by ignore rules, notified).
   */
  const judgeBuild = async (
    r: Rules,
    buildId: number,
    name: string,
    versionIds: readonly string[],
  ): Promise<void> => {
    const found = await buildWatchDrafts(r, name, versionIds)
    const owes = await store.transaction((s) => s.putBuildViolations(buildId, found, now()))
    if (owes) notifyNow()
  }

  /** What the watches naming `buildName` find in these versions, each with the version it was found in. */
  const buildWatchDrafts = async (
    r: Rules,
    buildName: string,
    versionIds: readonly string[],
  ): Promise<Array<{ versionId: string; draft: ViolationDraft }>> => {
    const buildWatches = r.watches
      .filter((w) => w.resources.kind === 'builds' && w.resources.builds.includes(buildName))
      .map((w) => ({ ...w, resources: { kind: 'all' as const } }))
    if (buildWatches.length === 0) return []
    const out: Array<{ versionId: string; draft: ViolationDraft }> = []
    for (const id of new Set(versionIds)) {
      const v = await store.versionToScan(id)
      if (!v) continue
      const findings = (await store.findingsOf(id)).map((f) => ({
        advisoryId: f.advisoryId,
        component: f.component,
        severity: f.severity,
        ...(f.cvssScore === null ? {} : { cvssScore: f.cvssScore }),
        fixedVersions: f.fixed,
      }))
      for (const draft of violationsOf(
        { repo: v.repo, component: v.name, findings, licences: v.licences },
        buildWatches,
        r.policies,
        r.expand,
      ))
        out.push({ versionId: id, draft })
    }
    return out
  }

  /**
   * Every build a watch names judged again (its violations stored), and the violations of those
   * no watch names any more dropped; answers when done.
   */
  const judgeBuilds = async (r: Rules): Promise<void> => {
    const named = new Set(r.watches.flatMap((w) => (w.resources.kind === 'builds' ? w.resources.builds : [])))
    const builds = buildStore(ctx.sql)
    await store.dropBuildViolationsExcept([...named])
    for (const run of await builds.list()) {
      if (stopped) return
      if (!named.has(run.name)) continue
      const detail = await builds.detail(run.name, run.number)
      if (detail) await judgeBuild(r, detail.id, run.name, versionsHeldBy(detail))
    }
  }

  /**
   * Judges again every run not failed already, after violations may have changed (a scan, an
   * import's rescan, a watch or policy saved): a violation found after a build-info was uploaded
   * fails the build as one found at its upload does. Only failing: a run is not made a success
   * again (its status may be its own CI's). Nothing is read while no watch holds a fail-build rule.
   */
  const failViolatingBuilds = async (): Promise<number> => {
    if (stopped) return 0
    const r = await rules(store)
    await judgeBuilds(r)
    if (stopped || !failsBuilds(r)) return 0
    let failed = 0
    for (const run of await buildStore(ctx.sql).list()) {
      if (stopped) break
      if (run.status !== 'failure' && (await failBuildIfViolating(run.name, run.number))) failed++
    }
    return failed
  }

  /**
   * Judges every build again behind the checks asked before, when `due` says so (read in the
   * queue): a version a build names arrived after its build-info, an ignore rule expired.
   */
  const checkBuildsLater = (due: () => Promise<boolean> = async () => true): Promise<void> => {
    buildQueue = buildQueue
      .then(async () => {
        if (!stopped && (await due())) await failViolatingBuilds()
      })
      .catch((error: unknown) => console.error('Builds judged again failed', error))
    return buildQueue
  }

  /**
   * The run that scans again for these imports, recording on each where it stands: running with
   * the versions scanned so far, then done, or failed with why (the node stopping included).
   */
  const reportedRun = async (imports: readonly number[], evaluateOnly?: boolean): Promise<number> => {
    if (imports.length === 0) return scanAllNow(evaluateOnly)
    let total: number | null = null
    let scanned = 0
    const stand = (status: ImportRescan['status'], error: string | null = null) =>
      store.setImportRescan(
        imports,
        { status, scanned, total, finished: status === 'done' || status === 'failed' ? now() : null, error },
        now(),
      )
    try {
      total = await store.indexedVersionCount()
      await stand('running')
      // A full scan: the new advisories are to be matched, not only the rules evaluated again.
      // After every batch, the heartbeat of this run's imports and of those waiting behind it.
      scanned = await scanAllNow(false, async (n) => {
        scanned = n
        await stand('running')
        await store.renewWaitingRescans(waitingImports, now())
      })
    } catch (error) {
      await stand('failed', (error as Error).message.slice(0, 500)).catch(() => undefined)
      throw error
    }
    await (stopped ? stand('failed', STOPPED_BEFORE_DONE) : stand('done'))
    return scanned
  }

  /**
   * One run at a time; a request during a run runs once more after it. `forImport` names the
   * import whose rescan the run is: the run that takes it records its progress there.
   */
  const rescanAll = (options: { evaluateOnly?: boolean; forImport?: number } = {}): Promise<number> => {
    if (options.forImport !== undefined) waitingImports.push(options.forImport)
    if (running) {
      pendingAgain = true
      return running
    }
    const imports = waitingImports
    waitingImports = []
    running = reportedRun(imports, options.evaluateOnly).finally(() => {
      running = undefined
      if (pendingAgain && !stopped) {
        pendingAgain = false
        rescanAll().catch((error: unknown) => console.error('Rescan failed', error))
      }
    })
    return running
  }

  /** Stores an export's advisories all or nothing and records the import, on `s` (in a transaction). */
  const storeExport = async (
    s: XrayStore,
    read: ReadExport,
    source: string,
    started: string,
    rescan: boolean,
  ): Promise<ImportRecord> => {
    const ok = read.problems.length === 0 && read.files > 0
    const report =
      read.files === 0 && read.problems.length === 0
        ? [{ file: source, reason: 'no JSON files' }]
        : read.problems
    const record = {
      source,
      started,
      finished: now(),
      ok,
      files: read.files,
      advisories: ok ? read.advisories.length : 0,
      report,
      rescan: ok && rescan ? WAITING : null,
    }
    if (ok)
      for (const a of read.advisories) {
        if (a.withdrawn) await s.removeAdvisory(a.id)
        else await s.putAdvisory(a)
      }
    return { id: await s.recordImport(record), ...record }
  }

  /**
   * A background scan of an image (a push, a layer stored). An image deleted while its layers
   * were read or it was scanned has nothing left to scan, and nothing failed: on PostgreSQL the
   * scan's write can still meet the deletion's commit (refused on the version's foreign key),
   * where SQLite's one writer puts one before the other.
   */
  const rescanUnlessDeleted = async (versionId: string): Promise<void> => {
    try {
      await service.rescan(versionId)
    } catch (error) {
      if (fromDatabase(error) && !(await store.versionToScan(versionId))) return
      throw error
    }
  }

  const service = {
    store,

    /**
     * Imports an export; when it succeeds every indexed version is rescanned and every git
     * repository matched again (awaited with `wait`), unless the scans settings say not to.
     */
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
      // Without a rescan (the scans settings) the new advisories reach versions as they arrive
      // or are rescanned one by one.
      const rescan = (await store.scanSettings()).rescanAfterImport
      const record = await store.transaction((s) => storeExport(s, read, sourceName(source), started, rescan))
      if (record.rescan) {
        const scan = rescanAll({ forImport: record.id })
        // Waiting, the answer comes after this import's own run (behind any run already going).
        if (options.wait) await scan.then(() => service.idle())
        else scan.catch(() => undefined)
      }
      return record
    },

    /**
     * Scans again for an import that was stored (an admin's Retry after its rescan failed);
     * answers the import as it then stands, or undefined for an import not stored.
     */
    async rescanImport(id: number): Promise<ImportRecord | undefined> {
      const record = await store.importById(id, now())
      if (!record?.ok) return undefined
      await store.setImportRescan([id], WAITING, now())
      rescanAll({ forImport: id }).catch(() => undefined)
      return store.importById(id, now())
    },

    /** The shipped advisories and a first scan, once per database (the first node to start does it). */
    async seedIfEmpty(): Promise<boolean> {
      const read = readExportPath(SHIPPED_ADVISORIES)
      // The first scan, below, is the shipped advisories' rescan: recorded on their import.
      const seeded = await store.transaction(async (s) => {
        if ((await s.imports(1, now())).length > 0) return undefined
        return (await storeExport(s, read, 'shipped advisories', now(), true)).id
      })
      if (seeded === undefined) return false
      for (let after = '', ids: string[]; (ids = await store.indexedVersionIds(after, BATCH)).length > 0;) {
        await prepareImages(ids)
        after = ids.at(-1)!
      }
      const at = now()
      await store.transaction(async (s) => {
        const r = await rules(s)
        let after = ''
        let scanned = 0
        for (;;) {
          const ids = await s.indexedVersionIds(after, BATCH)
          if (ids.length === 0) break
          scanned += await scanBatch(s, ids, r, at)
          after = ids.at(-1)!
        }
        await s.recordHistory(at)
        const done = { status: 'done', scanned, total: scanned, finished: now(), error: null } as const
        await s.setImportRescan([seeded], done, now())
      })
      await store.refreshPlannerStatistics()
      return true
    },

    rescanAll,
    /** After watches or policies change: violations again from the stored findings. */
    reevaluateAll: () => rescanAll({ evaluateOnly: true }),

    /** Scans one version now (the console's rescan); an image's layers are read again. */
    async rescan(versionId: string): Promise<boolean> {
      const v = await store.versionToScan(versionId)
      if (v?.type === 'docker' && (await store.isIndexed(v.repo))) await readInventory(versionId)
      const scanned = await store.transaction(async (s) => scanOne(s, versionId, await rules(s), now()))
      await failViolatingBuilds()
      notifyNow()
      return scanned
    },

    /**
     * The hook a tagged container image passes through (a push, a remote's cache): marked as
     * being scanned at once, then its layers read and matched in the background, one image at a
     * time, so the push is answered without waiting for layers to be read.
     */
    imageArrived(versionId: string): Promise<void> {
      const scan = async () => {
        const v = await store.versionToScan(versionId)
        if (stopped || !v || !(await store.isIndexed(v.repo))) return
        await rescanUnlessDeleted(versionId)
      }
      const marked = store.versionToScan(versionId).then(async (v) => {
        if (v && (await store.isIndexed(v.repo))) await store.markScan(versionId, 'scanning', null, null)
      })
      imageQueue = imageQueue
        .then(() => marked)
        .then(scan)
        .catch((error: unknown) => console.error(`Scan of ${versionId} failed`, error))
      return imageQueue
    },
    /**
     * The hook a container blob passes through once its bytes are stored (a push, a remote's
     * cache): the indexed images waiting for a layer of that digest are read and scanned again,
     * in the same queue, whichever repository or image the bytes were stored under (a client
     * that has a layer from another image does not pull it again).
     */
    layerStored(digest: string): Promise<void> {
      imageQueue = imageQueue
        .then(async () => {
          for (const id of await store.imagesWaitingFor(digest)) {
            if (stopped) return
            await rescanUnlessDeleted(id)
          }
        })
        .catch((error: unknown) => console.error(`Scan of the images waiting for ${digest} failed`, error))
      return imageQueue
    },
    /** Answers when the builds asked to be judged again so far have been (tests). */
    buildsChecked: (): Promise<void> => buildQueue,

    /**
     * Every `intervalMs` of the platform's clock, judges the builds again when an ignore rule
     * expired since the last look: the violations it lifted are in force again, and may fail a
     * build. Answers the function that stops it.
     */
    startIgnoreExpiry(intervalMs: number = IGNORE_EXPIRY_CHECK_MS): () => void {
      let since = now()
      return ctx.clock.every(intervalMs, () => {
        const from = since
        const to = now()
        since = to
        void checkBuildsLater(async () =>
          (await store.ignoreRules()).some(
            (i) => i.expires !== undefined && i.expires > from && i.expires <= to,
          ),
        )
      })
    },

    /** Answers when every image arrived so far has been scanned. */
    imagesScanned: (): Promise<void> => imageQueue,

    /**
     * The hook every stored npm version passes through (a publish, a remote repository's
     * cache), inside the transaction that stores it (`tx`): it is scanned and its violations
     * computed before anyone can download it; the notifications they owe go once it commits.
     */
    async versionArrived(versionId: string, tx: Sql): Promise<void> {
      const s = store.within(tx)
      const r = await rules(s)
      await scanOne(s, versionId, r, now())
      // A build-info may name it before it arrived (its checksum found only now): judged again once it commits.
      if (judgesBuilds(r)) tx.afterCommit(async () => void checkBuildsLater())
      // What its violations owe is sent once they are committed, not at the schedule's next turn.
      if (await s.owesNotifications(versionId)) tx.afterCommit(async () => notifyNow())
    },

    blockingViolation: (versionId: string) => store.blockingViolation(versionId, now()),

    failBuildIfViolating,
    failViolatingBuilds,

    /**
     * Refuses a version a watch's policy blocks to everyone, whichever way its file is asked for
     * (the npm registry, a file path under /artifactory/, the console's Download): a 403 naming
     * the policy, the watch and the advisory, and how to get an exception; code BLOCKED, and the
     * policy, watch and issue as fields of their own where the answer is the platform's shape.
     */
    async refuseBlocked(versionId: string | null | undefined): Promise<void> {
      const blocked = versionId ? await store.blockingViolation(versionId, now()) : undefined
      if (blocked)
        throw new HttpError(
          403,
          `${blocked.packageName}@${blocked.version} is blocked by policy "${blocked.policy}" of watch ` +
            `"${blocked.watch}": ${blocked.issue} (${blocked.severity}) in ${blocked.component}. ` +
            'Ask an administrator for an ignore rule to download it.',
          'BLOCKED',
          // What the console words the refusal with (its sentence is for clients that only print).
          { policy: blocked.policy, watch: blocked.watch, issue: blocked.issue },
        )
    },

    /**
     * Whether a watch over `repo` holds a policy with a rule that blocks downloads: a version a
     * remote fetches into `repo` is then served only once it is stored and scanned.
     */
    async mayBlockDownloadsIn(repo: string): Promise<boolean> {
      const r = await rules(store)
      return r.watches.some(
        (w) =>
          watchCovers(w, repo, r.expand) &&
          w.policies.some((name) => r.policies.get(name)?.rules.some((rule) => rule.actions.blockDownload)),
      )
    },

    /**
     * Sends the violation notifications due (server/xray/notifications.ts); answers how many it
     * ended. The node's schedule calls it, and scans after they commit.
     */
    deliverNotifications: () => notifier.deliver(),

    /**
     * What blocks a pull through `/v2/`, if anything. A tag's version is blocked only where the
     * catalogue's version is that repository's (another repository's tag of the same name may
     * hold other bytes). A manifest by tag is its tag's; by digest, blocked when a tag standing on
     * it is (the same bytes); a blob only when every tag standing on it is, so a base layer that
     * a clean image shares stays readable.
     */
    async imagePullBlocked(pull: ImagePull) {
      const at = now()
      const blockOf = async (tag: string) => {
        const blocked = await store.blockingViolation(versionIdOf(packageIdOf('docker', pull.image), tag), at)
        return blocked?.repo === pull.repo ? blocked : undefined
      }
      const tags = pull.tag
        ? [pull.tag]
        : await containerStore(ctx.sql).tagsReaching(pull.repo, pull.image, pull.digest)
      let first: Awaited<ReturnType<typeof blockOf>>
      for (const tag of tags) {
        const blocked = await blockOf(tag)
        if (pull.kind === 'manifest' && blocked) return blocked
        if (pull.kind === 'blob' && !blocked) return undefined
        first ??= blocked
      }
      return first
    },

    /** Answers when the rescans asked for so far (and the one more a request during them asks) are done (tests). */
    async idle(): Promise<void> {
      while (running) await running.catch(() => undefined)
    },

    /** Stops background scans (the node is closing); answers when the current batch is done. */
    async stop(): Promise<void> {
      stopped = true
      await running?.catch(() => undefined)
      // The rescans asked for that no run took: none will now.
      const untaken = waitingImports
      waitingImports = []
      if (untaken.length > 0)
        await store.setImportRescan(
          untaken,
          { ...WAITING, status: 'failed', finished: now(), error: STOPPED_BEFORE_DONE },
          now(),
        )
      await imageQueue
      await buildQueue
      await notifier.idle()
    },

    /**
     * What fails a build: violations in force with a fail-build action on the versions it holds,
     * from watches over their repositories and from watches naming the build itself.
     */
    async buildViolations(
      buildName: string,
      versionIds: readonly string[],
      buildResource?: string,
    ): Promise<ViolationDraft[]> {
      const at = now()
      const ignores = await store.ignoreRules()
      // An ignore rule scoped to the build (`build://name/number`) lifts its own violations too.
      const lifted = (d: ViolationDraft, versionId: string) =>
        ignores.some(
          (i) =>
            ignoreRuleMatches(i, { ...d, version: versionId }, at) ||
            (buildResource !== undefined && ignoreRuleMatches(i, { ...d, version: buildResource }, at)),
        )
      const byVersion = await buildWatchDrafts(await rules(store), buildName, versionIds)
      const out: ViolationDraft[] = []
      for (const id of new Set(versionIds)) {
        const drafts = [
          ...(await store.violations({ versionId: id, limit: 1000, offset: 0 }, at)).rows.map((x) => ({
            watch: x.watch,
            policy: x.policy,
            rule: x.rule,
            type: x.type,
            issue: x.issue,
            component: x.component,
            severity: x.severity,
            actions: { blockDownload: x.blockDownload, failBuild: x.failBuild, notify: x.notify },
          })),
          ...byVersion.filter((b) => b.versionId === id && !lifted(b.draft, id)).map((b) => b.draft),
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
export function xrayFor(ctx: XrayContext): XrayService {
  let s = services.get(ctx.sql)
  if (!s) {
    s = createXrayService(ctx)
    services.set(ctx.sql, s)
  }
  return s
}

/**
 * ADVISORIES_PATH and ADVISORIES_URL imported by one node of the platform, the holder of the
 * import's lease (server/ops/lease.ts): both when it takes the lease (at start, or when it takes
 * over from a node that died), then ADVISORIES_URL on its schedule. The others read the same
 * database. Answers the function that stops the schedule.
 */
export function startAdvisorySources(ctx: ServerContext, xray: XrayService): () => Promise<void> {
  const { advisoriesPath: path, advisoriesUrl: url } = ctx.config
  if (!path && !url) return async () => undefined
  const report = (what: string) => (r: ImportRecord) => {
    if (!r.ok) console.error(`Advisory import from ${what} refused: ${JSON.stringify(r.report.slice(0, 5))}`)
  }
  const schedule = leasedSchedule(ctx.sql, {
    name: 'advisory-import',
    holder: ctx.config.nodeId,
    clock: ctx.clock,
    intervalMs: ctx.config.advisoriesIntervalMs,
    job: (taken) => {
      if (taken && path) void xray.importFrom({ kind: 'path', path }).then(report(path))
      if (url) void xray.importFrom({ kind: 'url', url }).then(report(url))
    },
    onError: (error) => console.error(`Advisory import schedule: ${String(error)}`),
  })
  return () => schedule.stop()
}
