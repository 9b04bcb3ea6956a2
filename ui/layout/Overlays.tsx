/** Panels and dialogs the shell owns: set-me-up, the quick-setup overlay wizard and contact us. */
import { useDispatch, useQuery } from '../shared/appContext'
import { useNavigate } from '../navigation/busLocation'
import { ShellDialog } from './ShellDialog'
import styles from './layout.module.css'

export function SetMeUpPanel() {
  const setMeUp = useQuery({ type: 'navigation/State' }).setMeUp
  const dispatch = useDispatch()
  if (!setMeUp.visible) return null
  return (
    <aside className={styles.panel} aria-labelledby="set-me-up-title">
      <h2 id="set-me-up-title">Set Me Up</h2>
      <p>
        {setMeUp.packageType
          ? `Configure your ${setMeUp.packageType} client to work with the platform.`
          : 'Choose a package type to configure your client to work with the platform.'}
      </p>
      {setMeUp.availableRepos.length > 0 ? (
        <ul aria-label="Repositories">
          {setMeUp.availableRepos.map((repo) => (
            <li key={repo}>{repo}</li>
          ))}
        </ul>
      ) : (
        <p>No repositories to choose from yet.</p>
      )}
      <button type="button" onClick={() => dispatch({ type: 'navigation/HideSetMeUp' })}>
        Close Set Me Up
      </button>
    </aside>
  )
}

export function QuickSetupOverlay() {
  const visible = useQuery({ type: 'navigation/State' }).quickSetupVisible
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={visible}
      onClose={() => dispatch({ type: 'navigation/CloseQuickSetup' })}
      title="Quick Setup"
      description="Create your first repositories in a few steps."
    />
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
