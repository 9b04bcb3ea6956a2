/** Contact us over the main layout (ui/ChromeOverlays.tsx): the area's form, loaded when it opens. */
import { Suspense, createElement, useMemo, useState } from 'react'
import { useApp, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'

/** The contact-us form (the contact area's), loaded the first time the dialog opens. */
export function ContactUsDialog() {
  const app = useApp()
  const open = useQuery({ type: 'navigation/State' }).openModals.includes('contactUs')
  const [needed, setNeeded] = useState(open)
  if (open && !needed) setNeeded(true)
  const Dialog = useMemo(
    () =>
      lazyArea(
        'contact',
        () => import('./ContactUsDialog'),
        (command) => app.dispatch(command, 'ui'),
      ),
    [app],
  )
  if (!needed) return null
  return <Suspense fallback={null}>{createElement(Dialog)}</Suspense>
}
