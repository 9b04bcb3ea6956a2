/**
 * The getting-started page (get_started, tour_get_started): personalization onboarding while
 * it is still to do (a card that opens the step-based dialog; hidden once the choices are
 * sent), the education center's videos, and the first steps on the platform.
 */
import { lazy, Suspense, useEffect } from 'react'
import { Link } from 'wouter'
import { GraduationCap, ListChecks, Sparkles } from 'lucide-react'
import { PERSONALIZATION_STEPS } from '../../domain/onboarding'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { Card, PageHeader } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import styles from './onboarding.module.css'

// The dialog (Radix dialog, checkboxes, radios) is a chunk of its own, loaded when it opens:
// statically it took the pages' chunk from under 30 KB gzip to 67 KB (tests/unit/budget.test.ts).
// A chunk that fails to load is shown by the area's error boundary, as for admin's ContactRequests.
const PersonalizationDialog = lazy(() =>
  import('./PersonalizationDialog').then((m) => ({ default: m.PersonalizationDialog })),
)

function Personalization() {
  const dispatch = useDispatch()
  const signedIn = useQuery({ type: 'navigation/Context' }).signedIn
  const p = useQuery({ type: 'onboarding/Personalization' })
  useEffect(() => {
    if (signedIn) dispatch({ type: 'onboarding/LoadPersonalization' })
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
        <Button variant="primary" onClick={() => dispatch({ type: 'onboarding/OpenPersonalization' })}>
          {done > 0 ? 'Continue personalizing' : 'Personalize'}
        </Button>
      </div>
      {p.open && (
        <Suspense fallback={null}>
          <PersonalizationDialog open={p.open} data={p.data} sending={p.sending} failure={p.failure} />
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
            <Button
              onClick={() => dispatch({ type: 'onboarding/OpenEducationCenter', module: 'gettingStarted' })}
            >
              Watch the getting-started videos
            </Button>
          </div>
        </Card>
        {/* With its icon, as its neighbours' titles (it was the one card without). */}
        <Card
          title={
            <span className={styles.cardTitle}>
              <ListChecks size={18} aria-hidden /> First steps
            </span>
          }
        >
          <ul className={styles.links}>
            <li>
              <Link href="/packages">Browse packages</Link>
            </li>
            {quickSetup && (
              <li>
                <Link href="/quick-setup">Quick setup</Link>
              </li>
            )}
          </ul>
          {/* An action, not a place: a button under the links (as a ghost button in the list it
              read as unstyled text, indented past the links). */}
          {admin && (
            <div>
              <Button onClick={() => dispatch({ type: 'onboarding/OpenQuestionnaire' })}>
                Create your first project
              </Button>
            </div>
          )}
        </Card>
      </div>
    </section>
  )
}
