// Pages of the shell that are not a feature area of their own (getting started, teasers, placeholders
// for areas this console does not build yet): a lazily loaded chunk, mounted by ui/routes.tsx.
import { Link } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import { ClientSetupForm } from './ClientSetupForm'

const TEASERS: Readonly<Record<string, { heading: string; text: string }>> = {
  topologyTeaser: {
    heading: 'Topology',
    text: 'See every service and node of your platform, their state and uptime, in one place.',
  },
  securityAndComplianceTeaser: {
    heading: 'Security and Compliance',
    text: 'Scan your packages and builds for vulnerabilities and licence violations, and block what breaks your policies.',
  },
  pipelinesTeaser: {
    heading: 'Pipelines',
    text: 'Automate your builds and releases with pipelines that run next to your artifacts.',
  },
}

/** Admins start the onboarding questionnaire from quick setup: it ends with their first project. */
function FirstProject() {
  const admin = useQuery({ type: 'session/IsAdmin' })
  const dispatch = useDispatch()
  if (!admin) return null
  return (
    <p>
      <button type="button" onClick={() => dispatch({ type: 'onboarding/OpenQuestionnaire' })}>
        Create your first project
      </button>
    </p>
  )
}

export default function ShellPages() {
  const match = useQuery({ type: 'navigation/Route' })
  const name = match?.route.name ?? ''
  const title = match?.route.title ?? 'Page'
  const teaser = TEASERS[name]
  if (teaser)
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{teaser.heading}</h1>
        <p>{teaser.text}</p>
        <a href="https://jfrog.com/start-free/" target="_blank" rel="noopener noreferrer">
          Start a free trial
        </a>
      </section>
    )
  if (name === 'quickSetup')
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">Quick Setup</h1>
        <FirstProject />
        <p>Set up a client for one of your repositories.</p>
        <ClientSetupForm />
      </section>
    )
  if (name === 'getStarted' || name === 'tourGetStarted')
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">Getting Started</h1>
        <p>Set up your first repositories, connect a client and find your packages.</p>
        <ul>
          <li>
            <Link href="/packages">Browse packages</Link>
          </li>
          <li>
            <Link href="/quick-setup">Quick setup</Link>
          </li>
        </ul>
      </section>
    )
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>This area is not available in this console yet.</p>
    </section>
  )
}
