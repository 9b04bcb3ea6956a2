/**
 * The quick setup page (one of the shell's pages, lent through this area's manifest): set up a
 * client for one of the platform's repositories, and for admins the start of their first project.
 */
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { ClientSetupForm } from './ClientSetupForm'

/** Admins start the getting-started questionnaire from quick setup: it ends with their first project. */
function FirstProject() {
  const admin = useQuery({ type: 'session/IsAdmin' })
  const dispatch = useDispatch()
  if (!admin) return null
  return (
    <p>
      <Button variant="primary" onClick={() => dispatch({ type: 'gettingStarted/OpenQuestionnaire' })}>
        Create your first project
      </Button>
    </p>
  )
}

export default function QuickSetupPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Quick Setup</h1>
      <FirstProject />
      <p>Set up a client for one of your repositories.</p>
      <ClientSetupForm />
    </section>
  )
}
