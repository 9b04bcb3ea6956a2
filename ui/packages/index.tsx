// Entry of the packages area's screens: a lazily loaded chunk, mounted by ui/routes.tsx on
// /packages/:packageId?/:versionId?. The route parameters choose the level.
import { useParams } from 'wouter'
import { decodeParam } from './common'
import { PackagesList } from './PackagesList'
import { PackageDetails } from './PackageDetails'
import { VersionDetails } from './VersionDetails'

export default function PackagesArea() {
  const params = useParams<{ packageId?: string; versionId?: string }>()
  const packageId = decodeParam(params.packageId)
  const versionId = decodeParam(params.versionId)
  if (packageId && versionId) return <VersionDetails packageId={packageId} versionId={versionId} />
  if (packageId) return <PackageDetails packageId={packageId} />
  return <PackagesList />
}
