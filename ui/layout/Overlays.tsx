/** Dialogs the shell owns: the quick-setup overlay wizard and contact us (the onboarding area's form). */
import { Suspense, createElement, useMemo, useState } from 'react'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'
import { ClientSetupForm } from '../navigation/ClientSetupForm'
import { ShellDialog } from './ShellDialog'

export function QuickSetupOverlay() {
  const visible = useQuery({ type: 'onboarding/QuickSetup' }).visible
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={visible}
      onClose={() => dispatch({ type: 'onboarding/CloseQuickSetup' })}
      title="Quick Setup"
      description="Create your first repositories in a few steps."
    >
      <ClientSetupForm />
    </ShellDialog>
  )
}

/** The contact-us form (the onboarding area's), loaded the first time the dialog opens. */
export function ContactUsDialog() {
  const app = useApp()
  const open = useQuery({ type: 'navigation/State' }).openModals.includes('contactUs')
  const [needed, setNeeded] = useState(open)
  if (open && !needed) setNeeded(true)
  const Dialog = useMemo(
    () =>
      lazyArea(
        'onboarding',
        () => import('../onboarding/ContactUsDialog'),
        (command) => app.dispatch(command, 'ui'),
      ),
    [app],
  )
  if (!needed) return null
  return <Suspense fallback={null}>{createElement(Dialog)}</Suspense>
}
