// Entry of the packages area's screens: a lazily loaded chunk, mounted by ui/routes.tsx on
// /packages/:packageId?/:versionId?. The route parameters choose the level. The list is the
// landing page and loads with the area; the details levels (tabs, panels, README) load when
// first opened, so each chunk stays within its size budget.
import { useRef } from 'react'
import { useParams } from 'wouter'
import type { App } from '../../commands/bus'
import { useApp } from '../shared/appContext'
import { lazyArea, useChunkReady, type LazyArea } from '../shared/lazyArea'
import { DetailsSkeleton, decodeParam } from './common'
import { PackagesList } from './PackagesList'
import type { PackageDetails as PackagePage } from './PackageDetails'
import type { VersionDetails as VersionPage } from './VersionDetails'

/**
 * A page's code asked for a task after its route rendered: the route's own requests (its first
 * intent, sent in the microtasks after that render) then go out first. Asked in the render, the
 * package page's seven files took the browser's six connections and its two GraphQL requests
 * waited behind them (the page's resource timing after a click in the list).
 */
const afterThisTask =
  <T,>(load: () => Promise<T>) =>
  () =>
    new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load)

interface DetailsChunks {
  readonly PackageDetails: LazyArea<Parameters<typeof PackagePage>[0]>
  readonly VersionDetails: LazyArea<Parameters<typeof VersionPage>[0]>
}

/**
 * The package and version pages' code, one loader per app (kept across visits, so a page whose
 * chunk is in draws at once). A chunk that fails shows its failure and Retry in the page's place
 * and is recorded (lazyArea), rather than throwing to the error page.
 */
const detailsChunks = new WeakMap<App, DetailsChunks>()
function useDetailsChunks(): DetailsChunks {
  const app = useApp()
  let chunks = detailsChunks.get(app)
  if (!chunks) {
    const report = (command: Parameters<App['dispatch']>[0]) => app.dispatch(command, 'ui')
    chunks = {
      PackageDetails: lazyArea(
        'packages',
        afterThisTask(() => import('./PackageDetails').then((m) => ({ default: m.PackageDetails }))),
        report,
      ),
      VersionDetails: lazyArea(
        'packages',
        afterThisTask(() => import('./VersionDetails').then((m) => ({ default: m.VersionDetails }))),
        report,
      ),
    }
    detailsChunks.set(app, chunks)
  }
  return chunks
}

export default function PackagesArea() {
  const params = useParams<{ packageId?: string; versionId?: string }>()
  const packageId = decodeParam(params.packageId)
  const versionId = decodeParam(params.versionId)
  if (packageId && versionId) return <VersionLevel packageId={packageId} versionId={versionId} />
  if (packageId) return <PackageLevel packageId={packageId} />
  return <ListLevel />
}

// While a page's chunk loads, the skeleton with the words the page itself shows while its data
// loads (one message from click to content), drawn as content and not as a Suspense fallback:
// React holds back what a fallback gave way to for up to 300 ms after the fallback was drawn,
// and a click in the list showed the package's versions by that timer (~340 ms) although its
// code and data were in by ~210 ms (the page's resource timing).
function PackageLevel({ packageId }: { packageId: string }) {
  const { PackageDetails } = useDetailsChunks()
  if (!useChunkReady(PackageDetails)) return <DetailsSkeleton label="Loading package…" />
  return <PackageDetails packageId={packageId} />
}

function VersionLevel({ packageId, versionId }: { packageId: string; versionId: string }) {
  const { VersionDetails } = useDetailsChunks()
  if (!useChunkReady(VersionDetails)) return <DetailsSkeleton label="Loading version…" />
  return <VersionDetails packageId={packageId} versionId={versionId} />
}

/**
 * The list, and the package page's code fetched as soon as the user points at or moves focus
 * into the list: a click on a package then waits for its data only, not for a chunk first (the
 * page's request could not start until the chunk had loaded and mounted). Not on idle: a user who
 * only searches would download the package page's nine files on every first load.
 */
function ListLevel() {
  const { PackageDetails } = useDetailsChunks()
  // A ref, not state: asking must not render the list again.
  const asked = useRef(false)
  const prefetch = () => {
    if (asked.current) return
    asked.current = true
    // Through the page's loader: once in, the page draws at once, without a skeleton first.
    void PackageDetails.preload()
  }
  return (
    // No box of its own (a style sheet for one rule would be one more request on the landing).
    <div style={{ display: 'contents' }} onPointerOver={prefetch} onFocus={prefetch}>
      <PackagesList />
    </div>
  )
}
