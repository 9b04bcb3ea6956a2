/** Dialogs the shell owns: the quick-setup overlay wizard and contact us. */
import { useDispatch, useQuery } from '../shared/appContext'
import { ClientSetupForm } from '../navigation/ClientSetupForm'
import { useNavigate } from '../navigation/busLocation'
import { ShellDialog } from './ShellDialog'

export function QuickSetupOverlay() {
  const visible = useQuery({ type: 'navigation/State' }).quickSetupVisible
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={visible}
      onClose={() => dispatch({ type: 'navigation/CloseQuickSetup' })}
      title="Quick Setup"
      description="Create your first repositories in a few steps."
    >
      <ClientSetupForm />
    </ShellDialog>
  )
}

export function ContactUsDialog() {
  const nav = useQuery({ type: 'navigation/State' })
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const open = nav.openModals.includes('contactUs')
  const close = () => {
    dispatch({ type: 'navigation/CloseModal', modal: 'contactUs' })
    // Closing the dialog clears the query that opened it.
    const params = new URLSearchParams(nav.location.query)
    if (params.has('contactUsContext')) {
      params.delete('contactUsContext')
      const rest = params.toString()
      navigate(`${nav.location.path}${rest ? `?${rest}` : ''}`, { replace: true })
    }
  }
  return (
    <ShellDialog
      open={open}
      onClose={close}
      title="Contact Us"
      description="Our team will get back to you about your trial."
    />
  )
}
