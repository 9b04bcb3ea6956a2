/** Quick setup as the overlay wizard (where the platform has no /quick-setup landing). */
import { useDispatch, useQuery } from '../shared/appContext'
import { ShellDialog } from '../shared/kit/ShellDialog'
import { ClientSetupForm } from './ClientSetupForm'

export function QuickSetupOverlay() {
  const visible = useQuery({ type: 'quickSetup/Wizard' }).visible
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={visible}
      onClose={() => dispatch({ type: 'quickSetup/Close' })}
      title="Quick Setup"
      description="Create your first repositories in a few steps."
    >
      <ClientSetupForm />
    </ShellDialog>
  )
}
