/**
 * Git repository scanning: the repositories chosen for each git integration the scanner is
 * connected to are read through the vendor's API (package.json, and package-lock.json when there
 * is one) and matched against the advisory database. Scans run in the background, one at a time
 * per node; a request while one runs makes one more run after it.
 */
import { isoNow } from '../clock'
import type { ServerContext } from '../context'
import { GitStore } from '../integrations/gitStore'
import { vendorOf } from '../integrations/vendors'
import { repositoryFile } from './gitFiles'
import { gitFindings, manifestDependencies } from './gitManifest'
import { GitScanStore, type GitRepositoryToScan } from './gitScanStore'
import { evaluateGitRepository, rulesOf } from './scanner'
import { xrayStore } from './store'

export function createGitScanner(ctx: ServerContext) {
  const store = new GitScanStore(ctx.sql)
  const integrations = new GitStore(ctx.sql, ctx.clock)
  const now = () => isoNow(ctx.clock)
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const scanOne = async (r: GitRepositoryToScan) => {
    await store.markScanning(r.integrationKey, r.repository)
    try {
      const vendor = vendorOf(r.vendorName)
      const token = await integrations.tokenOf(r.integrationKey)
      if (!vendor || !token) throw new Error('the integration has no vendor or token')
      const read = (path: string) => repositoryFile(vendor, r.url, token, r.repository, path)
      const manifest = await read('package.json')
      if (manifest === undefined) throw new Error('the repository has no package.json at its root')
      const lock = await read('package-lock.json')
      const deps = manifestDependencies(manifest, lock)
      const advisories = await store.advisoriesOf([...new Set(deps.map((d) => d.name))])
      const findings = gitFindings(deps, (name) => advisories.get(name) ?? [])
      await store.putScan(r.integrationKey, r.repository, now(), {
        lockfile: lock !== undefined,
        dependencies: deps.length,
        findings,
      })
      await evaluateGitRepository(store, r, await rulesOf(xrayStore(ctx.sql)), now())
    } catch (error) {
      await store.fail(r.integrationKey, r.repository, now(), (error as Error).message.slice(0, 500))
    }
  }

  const runNow = async (): Promise<void> => {
    await store.forgetUnchosen()
    for (const r of await store.toScan()) {
      if (stopped) return
      await scanOne(r)
    }
  }

  const scanAll = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = runNow()
      .catch((error: unknown) => console.error('Git repository scan failed', error))
      .finally(() => {
        running = undefined
        if (again && !stopped) {
          again = false
          void scanAll()
        }
      })
    return running
  }

  return {
    store,
    /** Every chosen repository of the connected integrations, in the background. */
    scanAll,
    /** Answers when the scans asked for so far are done (tests). */
    async idle(): Promise<void> {
      while (running) await running
    },
    async stop(): Promise<void> {
      stopped = true
      await running
    },
  }
}

export type GitScanner = ReturnType<typeof createGitScanner>

const nodes = new WeakMap<object, GitScanner>()

/** The node's one git scanner (its routes, the integrations' and tests share it). */
export function gitScannerFor(ctx: ServerContext): GitScanner {
  let s = nodes.get(ctx.sql)
  if (!s) {
    s = createGitScanner(ctx)
    nodes.set(ctx.sql, s)
  }
  return s
}
