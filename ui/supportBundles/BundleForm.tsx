// The creation form of a support bundle (spec 001 sections 3 and 7): what was typed stays
// after a refused submit, and every field says what is wrong with it.
import { whatHappened } from '../shared/failureText'
import { failureMessage } from '../../domain/shared/failure'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import {
  bundleServicesFor,
  defaultBundleForm,
  validateBundleForm,
  type BundleForm as Form,
  type BundleFormErrors,
  anyBundleBuilding,
} from '../../domain/supportBundles'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Field } from '../shared/kit/TextField'
import { PackagePlus } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { Field as KitField, formActionsClass } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import styles from './supportZone.module.css'
import { FailureNote } from '../shared/kit/LoadFailure'
import { bundleText } from './messages'
import { SessionChoice, type ChosenSession } from './SessionChoice'
import { MAX_SESSION_BYTES } from '../../domain/supportBundles'

export function BundleForm() {
  const app = useApp()
  const dispatch = useDispatch()
  const page = useQuery({ type: 'supportBundles/Page' })
  const create = page.create
  const building = anyBundleBuilding(page.placeholders, page.list)
  const platform = useQuery({ type: 'platform/State' })
  // Mission Control is offered once its service-enabled check and ping said it takes bundles.
  useEffect(() => dispatch({ type: 'supportBundles/CheckMissionControl' }), [dispatch])
  const missionControl = page.missionControl?.status === 'available'
  const services = useMemo(
    () =>
      bundleServicesFor(
        platform.microservices
          .filter((m) => m.enabled && (m.key !== 'jfmc' || missionControl))
          .map((m) => m.key),
      ),
    [platform.microservices, missionControl],
  )
  const [form, setForm] = useState<Form>(defaultBundleForm)
  const [errors, setErrors] = useState<BundleFormErrors>({})
  const [session, setSession] = useState<ChosenSession | null>(null)
  const [preparingSession, setPreparingSession] = useState(false)
  const errorOf = (key: keyof Form) => {
    const problem = errors[key]
    return problem === undefined ? undefined : bundleText(problem)
  }
  // An invalid submit is the latest news: the success of an earlier creation is not shown over it.
  const [refused, setRefused] = useState(false)
  // The creation this form sent: when it is accepted the form is cleared for the next one.
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (sent.current !== null && create.status === 'created' && create.requestId !== sent.current) {
      sent.current = null
      setForm(defaultBundleForm)
      setSession(null)
    }
  }, [create])
  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }))
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }))
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (preparingSession) return
    const valid = validateBundleForm(form)
    setRefused(valid._tag === 'Left')
    if (valid._tag === 'Left') return setErrors(valid.left)
    setErrors({})
    sent.current = create.requestId
    // What the preview showed is what is sent: the log taken when the box was ticked.
    const attach = session !== null && session.bytes <= MAX_SESSION_BYTES
    const request = attach
      ? {
          ...valid.right,
          session: {
            fileRef: app.stashFile(new Blob([session.redacted.text], { type: 'application/x-ndjson' })),
            events: session.redacted.events,
          },
        }
      : valid.right
    dispatch({ type: 'supportBundles/Create', request })
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create a support bundle">
      <Field label="Name" value={form.name} onChange={set('name')} error={errorOf('name')} />
      <KitField label="Service">
        <Select
          value={form.service}
          onValueChange={set('service')}
          options={services.map((s) => ({ value: s.name, label: s.label }))}
          wide
        />
      </KitField>
      <Field
        label="Description"
        value={form.description}
        onChange={set('description')}
        error={errorOf('description')}
        multiline
      />
      <div className={styles.row}>
        <Field
          label="Thread dumps"
          value={form.threadDumpCount}
          onChange={set('threadDumpCount')}
          error={errorOf('threadDumpCount')}
        />
        <Field
          label="Interval between thread dumps (seconds)"
          value={form.threadDumpInterval}
          onChange={set('threadDumpInterval')}
          error={errorOf('threadDumpInterval')}
        />
      </div>
      <SessionChoice
        threadDumps={form.threadDumpCount}
        session={session}
        preparing={preparingSession}
        onPreparing={setPreparingSession}
        onChange={setSession}
      />
      {create.status === 'failed' && create.failure && (
        <FailureNote>
          The support bundle could not be created:{' '}
          {failureMessage(create.failure, whatHappened(create.failure))}.
        </FailureNote>
      )}
      {create.status === 'created' && !refused && building && (
        <p role="status" className={styles.done}>
          The support bundle is being created.
        </p>
      )}
      <div className={`${formActionsClass} ${styles.formActions}`}>
        <Button
          type="submit"
          variant="primary"
          icon={<PackagePlus size={16} aria-hidden />}
          busy={create.status === 'submitting'}
          disabled={preparingSession}
        >
          Create bundle
        </Button>
      </div>
    </form>
  )
}
