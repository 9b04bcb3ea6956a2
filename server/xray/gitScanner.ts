/**
 * Git repository scanning: the repositories chosen for each git integration the scanner is
 * connected to are read through the vendor's API (package.json, and package-lock.json when there
 * is one) and matched against the advisory database. What a read found of the manifests is kept,
 * so an advisory import matches every repository again without asking the vendor. Runs are in
 * the background, one at a time per node; requests during a run make one more run after it, which
 * reads the integrations any of them named (choosing an integration's repositories or connecting
 * to it reads that integration's alone) and matches the rest again if any asked for a match. What a repository's new
 * violations owe is sent as soon as they are committed, not at the notifier's next turn.
 */
import { isoNow } from '../clock'
import type { ServerContext } from '../context'
import { GitStore } from '../integrations/gitStore'
import { vendorOf } from '../integrations/vendors'
import { repositoryFile } from './gitFiles'
import { gitFindings, readManifests, type Manifests } from './gitManifest'
import { GitScanStore, type GitRepositoryToScan } from './gitScanStore'
import { notifierFor } from './notifications'
import { evaluateGitRepository, rulesOf } from './scanner'
import { xrayStore } from './store'

/** A run of the scanner: see `queued`. */
interface Run {
  read: 'all' | Set<string>
  match: boolean
  run: Promise<void>
}

type Repository = Pick<GitRepositoryToScan, 'integrationKey' | 'integrationName' | 'repository'>

export function createGitScanner(ctx: Pick<ServerContext, 'sql' | 'clock'>) {
  const store = new GitScanStore(ctx.sql)
  const integrations = new GitStore(ctx.sql, ctx.clock)
  const now = () => isoNow(ctx.clock)
  const notifier = notifierFor(ctx)
  let tail: Promise<void> = Promise.resolve()
  // The run asked for and not started yet: later requests join it. `read` is the integrations
  // whose repositories it reads ('all': every connected one); `match` asks it to match every
  // other scanned repository again from what its last read kept.
  let queued: Run | undefined
  let stopped = false

  /** The repository's violations under the rules now; what they owe is sent once committed. */
  const evaluate = async (r: Repository) => {
    const owed = await evaluateGitRepository(store, r, await rulesOf(xrayStore(ctx.sql)), now())
    if (owed && !stopped)
      notifier.deliver().catch((error: unknown) => console.error('Notifications failed', error))
  }

  /** Findings of the manifests against the advisories now, then the violations they make. */
  const match = async (r: Repository, lockfile: boolean, manifests: Manifests) => {
    const deps = manifests.dependencies
    const advisories = await store.advisoriesOf([...new Set(deps.map((d) => d.name))])
    const findings = gitFindings(deps, (name) => advisories.get(name) ?? [])
    await store.putScan(r.integrationKey, r.repository, now(), { lockfile, manifests, findings })
    await evaluate(r)
  }

  const readOne = async (r: GitRepositoryToScan) => {
    await store.markScanning(r.integrationKey, r.repository)
    try {
      const vendor = vendorOf(r.vendorName)
      const token = await integrations.tokenOf(r.integrationKey)
      if (!vendor || !token) throw new Error('the integration has no vendor or token')
      const read = (path: string) => repositoryFile(vendor, r.url, token, r.repository, path)
      const manifest = await read('package.json')
      if (manifest === undefined) throw new Error('the repository has no package.json at its root')
      const lock = await read('package-lock.json')
      await match(r, lock !== undefined, readManifests(manifest, lock))
    } catch (error) {
      await store.fail(r.integrationKey, r.repository, now(), (error as Error).message.slice(0, 500))
    }
  }

  const runNow = async (read: 'all' | Set<string>, matchOthers: boolean): Promise<void> => {
    await store.forgetUnchosen()
    const toRead =
      read === 'all'
        ? await store.toScan()
        : (await Promise.all([...read].map((k) => store.toScan(k)))).flat()
    const readNow = new Set<string>()
    for (const r of toRead) {
      if (stopped) return
      await readOne(r)
      readNow.add(JSON.stringify([r.integrationKey, r.repository]))
    }
    if (!matchOthers) return
    for (const r of await store.scanned()) {
      if (stopped) return
      // A read matches too.
      if (readNow.has(JSON.stringify([r.integrationKey, r.repository]))) continue
      const kept = await store.manifestsOf(r.integrationKey, r.repository)
      // A scan from before the manifests were kept is matched again at its next read.
      if (kept) await match(r, kept.lockfile, kept.manifests)
      else await evaluate(r)
    }
  }

  /**
   * A run after the ones before it, reading the repositories of `read`'s integrations and (with
   * `match`) matching every other one again; answers when the run that covers it is done.
   */
  const request = (read: 'all' | readonly string[], match: boolean): Promise<void> => {
    if (stopped) return tail
    if (queued) {
      if (read === 'all') queued.read = 'all'
      else if (queued.read !== 'all') for (const key of read) queued.read.add(key)
      queued.match ||= match
      return queued.run
    }
    const entry: Run = {
      read: read === 'all' ? 'all' : new Set(read),
      match,
      run: tail,
    }
    entry.run = tail.then(async () => {
      queued = undefined
      if (stopped) return
      await runNow(entry.read, entry.match).catch((error: unknown) =>
        console.error('Git repository scan failed', error),
      )
    })
    queued = entry
    tail = entry.run
    return entry.run
  }

  return {
    store,
    /** Every chosen repository of the connected integrations read again, in the background. */
    scanAll: () => request('all', false),
    /**
     * The chosen repositories of one integration read again (when it is connected), in the
     * background: after its choice changes or the scanner connects to it; the others are not
     * asked for again.
     */
    scanIntegration: (integrationKey: string) => request([integrationKey], false),
    /** Every scanned repository matched again from what its last read kept (after an advisory import). */
    matchAll: () => request([], true),
    /** Answers when the scans asked for so far are done (tests). */
    async idle(): Promise<void> {
      for (let t = tail; ; t = tail) {
        await t
        if (t === tail) return
      }
    },
    async stop(): Promise<void> {
      stopped = true
      await tail
      await notifier.idle()
    },
  }
}

export type GitScanner = ReturnType<typeof createGitScanner>

const nodes = new WeakMap<object, GitScanner>()

/** The node's one git scanner (its routes, the integrations', the advisory imports' and tests share it). */
export function gitScannerFor(ctx: Pick<ServerContext, 'sql' | 'clock'>): GitScanner {
  let s = nodes.get(ctx.sql)
  if (!s) {
    s = createGitScanner(ctx)
    nodes.set(ctx.sql, s)
  }
  return s
}
