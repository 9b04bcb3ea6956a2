/**
 * The toast viewport, loaded with the first notification: Radix Toast and its layers are ~10 KB
 * gzip that the login page does not need until something goes wrong. Once loaded it stays
 * mounted. A chunk that fails to load records a ChunkLoadError and shows no toasts (the state
 * still holds them), never a broken shell.
 */
import { Suspense, createElement, useMemo, useState } from 'react'
import { useApp, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'

export function Toasts() {
  const app = useApp()
  const pending = useQuery({ type: 'notifications/Toasts' }).length > 0
  const [needed, setNeeded] = useState(pending)
  if (pending && !needed) setNeeded(true)
  const Toaster = useMemo(
    () =>
      lazyArea(
        'notifications',
        () => import('./Toaster'),
        (command) => app.dispatch(command, 'ui'),
      ),
    [app],
  )
  if (!needed) return null
  // Made once per app (useMemo), like the routes' area chunks.
  return <Suspense fallback={null}>{createElement(Toaster)}</Suspense>
}
