// Entry of the packages area's screens: a lazily loaded chunk, mounted by ui/routes.tsx on
// /packages/:packageId?/:versionId?. The route parameters choose the level. The list is the
// landing page and loads with the area; the details levels (tabs, panels, README) load when
// first opened, so each chunk stays within its size budget.
import { lazy, Suspense, useRef } from 'react'
import { useParams } from 'wouter'
import { DetailsSkeleton, decodeParam } from './common'
import { PackagesList } from './PackagesList'

const loadPackageDetails = () => import('./PackageDetails')
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
const PackageDetails = lazy(
  afterThisTask(() => loadPackageDetails().then((m) => ({ default: m.PackageDetails }))),
)
const VersionDetails = lazy(
  afterThisTask(() => import('./VersionDetails').then((m) => ({ default: m.VersionDetails }))),
)

export default function PackagesArea() {
  const params = useParams<{ packageId?: string; versionId?: string }>()
  const packageId = decodeParam(params.packageId)
  const versionId = decodeParam(params.versionId)
  // The same words the screens use while their data loads: one message from click to content.
  if (packageId && versionId)
    return (
      <Suspense fallback={<DetailsSkeleton label="Loading version…" />}>
        <VersionDetails packageId={packageId} versionId={versionId} />
      </Suspense>
    )
  if (packageId)
    return (
      <Suspense fallback={<DetailsSkeleton label="Loading package…" />}>
        <PackageDetails packageId={packageId} />
      </Suspense>
    )
  return <ListLevel />
}

/**
 * The list, and the package page's code fetched as soon as the user points at or moves focus
 * into the list: a click on a package then waits for its data only, not for a chunk first (the
 * page's request could not start until the chunk had loaded and mounted). Not on idle: a user who
 * only searches would download the package page's nine files on every first load.
 */
function ListLevel() {
  // A ref, not state: asking must not render the list again.
  const asked = useRef(false)
  const prefetch = () => {
    if (asked.current) return
    asked.current = true
    void loadPackageDetails()
  }
  return (
    // No box of its own (a style sheet for one rule would be one more request on the landing).
    <div style={{ display: 'contents' }} onPointerOver={prefetch} onFocus={prefetch}>
      <PackagesList />
    </div>
  )
}
