/**
 * Every Administration page's breadcrumbs, drawn by the chrome from the route (domain/admin's
 * adminTrail): pages no longer set a trail of their own, so none is missing or worded apart.
 */
import { adminTrail } from '../../domain/admin/breadcrumbs'
import { useQuery } from '../shared/appContext'
import { UI_BASE } from '../shared/busLocation'
import { Breadcrumbs } from '../shared/kit/Breadcrumbs'

export function AdminBreadcrumbs() {
  const { location } = useQuery({ type: 'navigation/State' })
  const trail = adminTrail(location.path)
  if (trail === undefined) return null
  return (
    <Breadcrumbs
      items={trail.map((c) => (c.href === undefined ? c : { ...c, href: `${UI_BASE}${c.href}` }))}
    />
  )
}
