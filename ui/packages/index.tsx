// Entry of the packages area's screens: a lazily loaded chunk, mounted by ui/routes.tsx on
// /packages/:packageId?/:versionId?. The route parameters choose the level. The list is the
// landing page and loads with the area; the details levels (tabs, panels, README) load when
// first opened, so each chunk stays within its size budget.
import { lazy, Suspense, useEffect } from 'react'
import { useParams } from 'wouter'
import { DetailsSkeleton, decodeParam } from './common'
import { PackagesList } from './PackagesList'

const loadPackageDetails = () => import('./PackageDetails')
const PackageDetails = lazy(() => loadPackageDetails().then((m) => ({ default: m.PackageDetails })))
const VersionDetails = lazy(() => import('./VersionDetails').then((m) => ({ default: m.VersionDetails })))

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
 * The list, and the package page's code fetched once the browser is idle: a click on a package
 * then waits for its data only, not for a chunk first (the page's request could not start until
 * the chunk had loaded and mounted).
 */
function ListLevel() {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return
    const id = requestIdleCallback(() => void loadPackageDetails(), { timeout: 2_000 })
    return () => cancelIdleCallback(id)
  }, [])
  return <PackagesList />
}
