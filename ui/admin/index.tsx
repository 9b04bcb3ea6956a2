// Entry of the admin area's screens: a lazily loaded chunk, mounted by ui/routes.tsx.
import { useQuery } from '../shared/appContext'

export default function AdminArea() {
  const match = useQuery({ type: 'navigation/Route' })
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{match?.route.title ?? 'Administration'}</h1>
    </section>
  )
}
