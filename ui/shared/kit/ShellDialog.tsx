/**
 * A modal dialog of the shell. Radix Dialog and its layers (~8 KB gzip) load with the first
 * dialog opened (ShellDialogFrame), not with the main layout; once loaded the dialog stays
 * mounted so closing returns focus as usual. A chunk that fails to load records a
 * ChunkLoadError and shows no dialog, never a broken shell.
 */
import { Suspense, createElement, useMemo, useState } from 'react'
import { useApp } from '../appContext'
import { lazyArea } from '../lazyArea'
import type { ShellDialogProps } from './ShellDialogFrame'

export function ShellDialog(props: ShellDialogProps) {
  const app = useApp()
  const [needed, setNeeded] = useState(props.open)
  if (props.open && !needed) setNeeded(true)
  const Frame = useMemo(
    () =>
      lazyArea(
        'layout',
        () => import('./ShellDialogFrame'),
        (command) => app.dispatch(command, 'ui'),
      ),
    [app],
  )
  if (!needed) return null
  // Made once per app (useMemo), like the routes' area chunks.
  return <Suspense fallback={null}>{createElement(Frame, props)}</Suspense>
}
