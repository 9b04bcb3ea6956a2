/**
 * The education center (spec 001 sections 2-3): a panel of learning modules opened from Help
 * and from the getting-started page. Getting started has short videos the platform serves,
 * played with the kit's buttons (no browser controls); a video played to its end is
 * remembered for the user on the platform. Each module ends with a feedback control.
 */
import { useRef, useState } from 'react'
import { CheckCircle2, Pause, Play } from 'lucide-react'
import {
  EDUCATION_MODULES,
  EDUCATION_VIDEOS,
  educationVideoPath,
  FEEDBACK_COMMENT_MAX,
  validateFeedback,
  type EducationCenterState,
  type EducationModule,
  type EducationVideoId,
} from '../../domain/education'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { RadioGroup } from '../shared/kit/Choice'
import { formActionsClass, Textarea } from '../shared/kit/Field'
import { Dialog } from '../shared/kit/Overlay'
import { Badge } from '../shared/kit/Surface'
import { Tabs } from '../shared/kit/Tabs'
import { whatHappened } from '../shared/failureText'
import { messageText } from '../shared/messages'
import { useValidatedForm } from '../shared/forms'
import kitField from '../shared/kit/field.module.css'
import styles from './education.module.css'

const API_BASE = '/ui/api/v1'

const MODULE_TITLES: Readonly<Record<EducationModule, string>> = {
  gettingStarted: 'Getting started',
  repositories: 'Repositories',
  security: 'Security',
  automation: 'Automation',
}

const GUIDES: Readonly<Record<Exclude<EducationModule, 'gettingStarted'>, ReadonlyArray<[string, string]>>> =
  {
    repositories: [
      [
        'Local, remote and virtual',
        'Keep your own packages, cache public registries, and serve both from one address.',
      ],
      ['Quick Repository Creation', 'Create the three repositories of a package type in one step.'],
      ['Set Me Up', 'Copy the client configuration for a repository, with a token.'],
    ],
    security: [
      ['Vulnerabilities', 'Every package version is scanned against known advisories.'],
      ['Policies and watches', 'Block downloads and fail builds that break your rules.'],
      ['Read-only mode', 'Freeze the content of the platform while you investigate.'],
    ],
    automation: [
      ['Builds', 'Record what a CI run produced and used, and trace it back.'],
      ['Release bundles', 'Group the versions you ship and distribute them together.'],
      ['Integrations', 'Connect your source control and CI tools.'],
    ],
  }

function Video({ id, title, played }: { id: EducationVideoId; title: string; played: boolean }) {
  const dispatch = useDispatch()
  const ref = useRef<HTMLVideoElement>(null)
  const [playing, setPlaying] = useState(false)
  const toggle = () => {
    const video = ref.current
    if (!video) return
    if (video.paused) void video.play().catch(() => setPlaying(false))
    else video.pause()
  }
  return (
    <li className={styles.video}>
      <video
        ref={ref}
        src={`${API_BASE}${educationVideoPath(id)}`}
        preload="metadata"
        muted
        playsInline
        aria-label={title}
        className={styles.videoFrame}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false)
          dispatch({ type: 'education/MarkVideoPlayed', video: id })
        }}
      />
      <div className={styles.videoInfo}>
        <span className={styles.videoTitle}>{title}</span>
        {played && (
          <Badge tone="success">
            <CheckCircle2 size={14} aria-hidden /> Played
          </Badge>
        )}
        <Button
          size="sm"
          icon={playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
          aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
          onClick={toggle}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
      </div>
    </li>
  )
}

function Videos({ center }: { center: EducationCenterState }) {
  const played = center.progress.status === 'loaded' ? center.progress.played : []
  return (
    <>
      <p className={styles.cardText} role="status">
        {center.progress.status === 'failed'
          ? `Which videos you played could not be loaded: ${whatHappened(center.progress.failure)}.`
          : `${EDUCATION_VIDEOS.filter((v) => played.includes(v.id)).length} of ${EDUCATION_VIDEOS.length} videos played`}
      </p>
      <ul className={styles.videos} aria-label="Getting-started videos">
        {EDUCATION_VIDEOS.map((v) => (
          <Video key={v.id} id={v.id} title={v.title} played={played.includes(v.id)} />
        ))}
      </ul>
    </>
  )
}

function Guides({ module }: { module: Exclude<EducationModule, 'gettingStarted'> }) {
  return (
    <ul className={styles.guides} aria-label={`${MODULE_TITLES[module]} guides`}>
      {GUIDES[module].map(([title, text]) => (
        <li key={title}>
          <strong>{title}</strong>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  )
}

function Feedback({ center }: { center: EducationCenterState }) {
  const dispatch = useDispatch()
  const form = useValidatedForm(
    { helpful: '' as 'yes' | 'no' | '', comment: '' },
    validateFeedback,
    messageText,
  )
  if (center.feedback.status === 'given')
    return (
      <p role="status" className={styles.thanks}>
        {messageText({ key: 'feedbackThanks' })}
      </p>
    )
  const submit = form.submit(({ helpful, comment }) =>
    dispatch({ type: 'education/SendFeedback', helpful, comment }),
  )
  const sending = center.feedback.status === 'sending'
  return (
    <form aria-label="Feedback" className={styles.feedback} onSubmit={submit} noValidate>
      {/* The question, its choices and its error together, set apart from the comment below. */}
      <div className={styles.question}>
        <p className={`${kitField.label} ${styles.groupLabel}`}>Was this helpful?</p>
        <RadioGroup<'yes' | 'no'>
          label="Was this helpful?"
          orientation="horizontal"
          value={form.values.helpful as 'yes' | 'no'}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          onValueChange={(helpful) => form.set({ helpful })}
        />
        {form.errorOf('helpful') && (
          <p className={styles.error} role="alert">
            {form.errorOf('helpful')}
          </p>
        )}
      </div>
      <Textarea
        label="Comment (optional)"
        value={form.values.comment}
        rows={2}
        maxLength={FEEDBACK_COMMENT_MAX + 50}
        error={form.errorOf('comment')}
        onChange={(e) => form.set({ comment: e.target.value })}
      />
      {center.feedback.status === 'failed' && (
        <p className={styles.error} role="alert">
          {messageText({ key: 'feedbackNotSent', detail: whatHappened(center.feedback.failure) })}
        </p>
      )}
      <div className={formActionsClass}>
        <Button type="submit" busy={sending}>
          Send feedback
        </Button>
      </div>
    </form>
  )
}

export default function EducationCenter() {
  const dispatch = useDispatch()
  const center = useQuery({ type: 'education/Center' })
  if (!center) return null
  return (
    <Dialog
      open={center.open}
      onOpenChange={(o) => !o && dispatch({ type: 'education/Close' })}
      title="Education Center"
      description="Short videos and guides on the platform's first steps."
      size="lg"
    >
      <Tabs<EducationModule>
        label="Modules"
        value={center.module}
        onValueChange={(module) => dispatch({ type: 'education/ShowModule', module })}
        tabs={EDUCATION_MODULES.map((m) => ({
          value: m,
          label: MODULE_TITLES[m],
          content: m === 'gettingStarted' ? <Videos center={center} /> : <Guides module={m} />,
        }))}
      />
      <Feedback center={center} />
    </Dialog>
  )
}
