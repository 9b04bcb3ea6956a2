/**
 * The getting-started page (get_started, tour_get_started): personalization onboarding while
 * it is still to do (a card that opens the step-based dialog; hidden once the choices are
 * sent), the education center's videos, and the first steps on the platform.
 */
import { Suspense, useEffect } from 'react'
import { Link } from 'wouter'
import {
  Database,
  FolderKanban,
  GraduationCap,
  PackageSearch,
  Sparkles,
  Terminal,
  UserPlus,
} from 'lucide-react'
import { PERSONALIZATION_STEPS } from '../../domain/personalization'
import { useDispatch, useQuery } from '../shared/appContext'
import { Part } from '../shared/parts'
import { Button, buttonClass } from '../shared/kit/Button'
import { Card, PageHeader } from '../shared/kit/Surface'
import { NextSteps, type NextStep } from '../shared/kit/NextSteps'
import kit from '../shared/kit/page.module.css'
import styles from './gettingStarted.module.css'

function Personalization() {
  const dispatch = useDispatch()
  const signedIn = useQuery({ type: 'navigation/Context' }).signedIn
  const p = useQuery({ type: 'personalization/Card' })
  useEffect(() => {
    if (signedIn) dispatch({ type: 'personalization/Load' })
  }, [dispatch, signedIn])
  if (p?.status !== 'shown') return null
  const done = PERSONALIZATION_STEPS.filter((s) => p.data.steps[s].isCompleted).length
  return (
    <Card
      title={
        <span className={styles.cardTitle}>
          <Sparkles size={18} aria-hidden /> Personalize your console
        </span>
      }
    >
      <p className={styles.cardText}>
        Tell us which technologies you use and what you want to do first: the console puts it in front.
        {done > 0 && ` ${done} of ${PERSONALIZATION_STEPS.length} steps done.`}
      </p>
      <div>
        <Button variant="primary" onClick={() => dispatch({ type: 'personalization/Open' })}>
          {done > 0 ? 'Continue personalizing' : 'Personalize'}
        </Button>
      </div>
      {p.open && (
        <Suspense fallback={null}>
          {/* The personalization area's dialog (Radix dialog, checkboxes, radios), lent through
              its manifest: a chunk of its own, loaded when it opens. */}
          <Part name="gettingStarted/personalization" />
        </Suspense>
      )}
    </Card>
  )
}

export default function GettingStartedPage() {
  const dispatch = useDispatch()
  const admin = useQuery({ type: 'session/IsAdmin' })
  // Quick setup is a place only where the platform offers it (the sidebar's rule): elsewhere the
  // link led to the not-authorized notice.
  const quickSetup = useQuery({ type: 'navigation/Sidebars' }).items.application.some(
    (i) => i.id === 'quickSetup' && !i.disabled,
  )
  return (
    <section aria-labelledby="page-title" className={`${kit.page} ${kit.roomy}`}>
      <PageHeader
        title="Getting Started"
        description="Set up your first repositories, connect a client and find your packages."
      />
      <div className={`${kit.cards} ${styles.startCards}`}>
        <Personalization />
        <Card
          title={
            <span className={styles.cardTitle}>
              <GraduationCap size={18} aria-hidden /> Education Center
            </span>
          }
        >
          <p className={styles.cardText}>Short videos and guides on the platform&apos;s first steps.</p>
          <div>
            <Button onClick={() => dispatch({ type: 'education/Open', module: 'gettingStarted' })}>
              Watch the getting-started videos
            </Button>
          </div>
        </Card>
      </div>
      <NextSteps
        title="First steps"
        description="From an empty platform to packages your team installs, in this order."
        steps={firstSteps({ admin, quickSetup, dispatch })}
      />
    </section>
  )
}

// A step's link drawn as the small button the other steps take: two buttons among three
// underlined links read as two kinds of step where there is one.
const STEP_ACTION = buttonClass('secondary', 'sm')

/**
 * The first steps, each with what takes it: an admin creates repositories, users and projects;
 * every user connects a client and finds packages. (The card of one link this replaces left the
 * page mostly empty space.)
 */
function firstSteps({
  admin,
  quickSetup,
  dispatch,
}: {
  readonly admin: boolean
  readonly quickSetup: boolean
  readonly dispatch: ReturnType<typeof useDispatch>
}): ReadonlyArray<NextStep> {
  // Quick setup wherever the platform offers it (the sidebar's rule), else an admin's new
  // repository form, else the repositories a user may use.
  const repository: NextStep =
    quickSetup || admin
      ? {
          icon: <Database size={18} />,
          title: 'Create a repository',
          text: 'A local repository holds what your team publishes; a remote one caches a public registry.',
          action: quickSetup ? (
            <Link href="/quick-setup" className={STEP_ACTION}>
              Quick setup
            </Link>
          ) : (
            <Link href="/admin/repositories/local/new" className={STEP_ACTION}>
              New local repository
            </Link>
          ),
        }
      : {
          icon: <Database size={18} />,
          title: 'Pick a repository',
          text: 'Your administrator creates repositories; the list shows those you can use.',
          action: (
            <Link href="/repos" className={STEP_ACTION}>
              Repositories
            </Link>
          ),
        }
  return [
    repository,
    {
      icon: <Terminal size={18} />,
      title: 'Connect your client',
      text: 'Set Me Up gives the commands for npm, Docker, Maven and more, with a token of your own.',
      action: (
        <Button size="sm" onClick={() => dispatch({ type: 'setMeUp/Show' })}>
          Set Me Up
        </Button>
      ),
    },
    {
      icon: <PackageSearch size={18} />,
      title: 'Find your packages',
      text: 'Search by name, type or checksum; each package shows its versions, files and findings.',
      action: (
        <Link href="/packages" className={STEP_ACTION}>
          Browse packages
        </Link>
      ),
    },
    ...(admin
      ? [
          {
            icon: <UserPlus size={18} />,
            title: 'Invite your team',
            text: 'Add users, put them in groups, and grant each group the repositories it needs.',
            action: (
              <Link href="/admin/management/users/new" className={STEP_ACTION}>
                New user
              </Link>
            ),
          },
          {
            icon: <FolderKanban size={18} />,
            title: 'Create your first project',
            text: 'A project brings together repositories and the members who work on them.',
            action: (
              <Button size="sm" onClick={() => dispatch({ type: 'gettingStarted/OpenQuestionnaire' })}>
                Create your first project
              </Button>
            ),
          },
        ]
      : []),
  ]
}
