// Pages of the shell that are not a feature area of their own (getting started, teasers, placeholders
// for areas this console does not build yet): a lazily loaded chunk, mounted by ui/routes.tsx.
import { ArrowRight, Construction, Network, ShieldCheck, Workflow, type LucideIcon } from 'lucide-react'
import styles from './shellPages.module.css'
import { Suspense } from 'react'
import { Link } from 'wouter'
import { useQuery } from '../shared/appContext'
import { Part } from '../shared/parts'
import { EmptyState, Hero, PageHeader, PageSkeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import { buttonClass } from '../shared/kit/Button'

interface TeaserPage {
  readonly heading: string
  readonly text: string
  readonly icon: LucideIcon
  /** Capability cards: what the product does, each a label and a description. */
  readonly cards: ReadonlyArray<{ readonly label: string; readonly description: string }>
}

const TEASERS: Readonly<Record<string, TeaserPage>> = {
  topologyTeaser: {
    heading: 'Topology',
    text: 'See every service and node of your platform, their state and uptime, in one place.',
    icon: Network,
    cards: [
      { label: 'Every node', description: 'Health, state and uptime of each node of each service.' },
      { label: 'Live logs', description: 'Open a node’s log as it is written.' },
      { label: 'Support bundles', description: 'Collect what support needs in one download.' },
    ],
  },
  securityAndComplianceTeaser: {
    heading: 'Security and Compliance',
    text: 'Scan your packages and builds for vulnerabilities and licence violations, and block what breaks your policies.',
    icon: ShieldCheck,
    cards: [
      { label: 'Vulnerabilities', description: 'Every package version scanned against known advisories.' },
      { label: 'Licence compliance', description: 'Find the licences your policies do not allow.' },
      { label: 'Policies and watches', description: 'Block downloads and fail builds that break the rules.' },
    ],
  },
  pipelinesTeaser: {
    heading: 'Pipelines',
    text: 'Automate your builds and releases with pipelines that run next to your artifacts.',
    icon: Workflow,
    cards: [
      { label: 'Pipelines as code', description: 'Steps and triggers kept with your sources.' },
      {
        label: 'Next to your artifacts',
        description: 'Builds read and publish without leaving the platform.',
      },
      { label: 'Release flows', description: 'Promote what passed from one stage to the next.' },
    ],
  },
}

const TRIAL_URL = 'https://jfrog.com/start-free/'

/** A teaser for a product this instance does not have: what it does, as capability cards, and a trial. */
function Teaser({ teaser }: { teaser: TeaserPage }) {
  const Icon = teaser.icon
  return (
    <Hero icon={<Icon size={28} />} title={teaser.heading} titleId="page-title" lead={teaser.text}>
      <ul className={styles.cards} aria-label="Capabilities">
        {teaser.cards.map((c) => (
          <li key={c.label} className={styles.card}>
            <strong>{c.label}</strong>
            <span>{c.description}</span>
          </li>
        ))}
      </ul>
      <a className={buttonClass('primary')} href={TRIAL_URL} target="_blank" rel="noopener noreferrer">
        Start a free trial
        <ArrowRight size={16} aria-hidden />
      </a>
    </Hero>
  )
}

// Quick setup and getting started are their areas' pages, lent through their manifests: chunks of
// their own, so the teasers and placeholders do not carry their forms and dialogs.
function LentPage({ name, label }: { name: 'shell/quickSetup' | 'shell/gettingStarted'; label: string }) {
  return (
    <Suspense fallback={<PageSkeleton label={label} />}>
      <Part name={name} />
    </Suspense>
  )
}

export default function ShellPages() {
  const match = useQuery({ type: 'navigation/Route' })
  const name = match?.route.name ?? ''
  const title = match?.route.title ?? 'Page'
  const teaser = TEASERS[name]
  if (teaser) return <Teaser teaser={teaser} />
  if (name === 'quickSetup') return <LentPage name="shell/quickSetup" label="Loading quick setup" />
  if (name === 'getStarted' || name === 'tourGetStarted')
    return <LentPage name="shell/gettingStarted" label="Loading getting started" />
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader title={title} />
      <div className={kit.panel}>
        <EmptyState
          icon={<Construction size={28} />}
          title="This area is not available in this console yet"
          hint="The platform has it; a later version of the console will show it here."
          action={
            <Link href="/packages" className={buttonClass()}>
              Browse packages
            </Link>
          }
        />
      </div>
    </section>
  )
}
