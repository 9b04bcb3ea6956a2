// A remote repository's upstream on its form and in the list: Test connection with the
// platform's real answer, the offline switch, the metadata period, time-outs and write-only
// credentials; and the upstream's state (online, offline, failing since when and why).
import { useEffect, type ReactNode } from 'react'
import {
  remoteListHealth,
  type ConnectionState,
  type RemoteForm,
  type RemoteSettings,
  type RemoteStatus,
} from '../../domain/repositories'
import { failureMessage } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import { Badge } from '../shared/kit/Surface'
import { Button } from '../shared/kit/Button'
import { PasswordField, TextField } from '../shared/kit/Field'
import { Switch } from '../shared/kit/Switch'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Skeleton } from '../shared/kit/Skeleton'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Checkbox } from '../shared/kit/Checkbox'
import { SAMPLE_CATALOGUE_TEXT, connectionText, healthText } from './messages'
import forms from '../shared/forms.module.css'
import styles from './repositories.module.css'

/** The remote part of the form as typed: the secrets stay here until the submit puts them in the vault. */
export interface TypedRemote extends Omit<RemoteForm, 'passwordRef' | 'tokenRef'> {
  readonly password: string
  readonly token: string
}

export const typedRemote = (form: RemoteForm): TypedRemote => ({ ...form, password: '', token: '' })

/** The form's fields under the URL: offline switch, periods, credentials. */
export function RemoteFields({
  value,
  onChange,
  problems,
  hasCredentials,
}: {
  value: TypedRemote
  onChange: (patch: Partial<TypedRemote>) => void
  problems: Readonly<Record<string, string>>
  hasCredentials: boolean
}) {
  return (
    <fieldset className={forms.choices}>
      <legend>Upstream</legend>
      <Switch
        label="Offline (serve only what is cached)"
        checked={value.offline}
        onCheckedChange={(offline) => onChange({ offline })}
      />
      <TextField
        label="Metadata retrieval period (seconds)"
        inputMode="numeric"
        hint="How long a package document is served from the cache before it is asked again."
        value={value.metadataTtlSeconds}
        error={problems.metadataTtlSeconds}
        onChange={(e) => onChange({ metadataTtlSeconds: e.target.value })}
      />
      <div className={styles.row}>
        <TextField
          label="Connect time-out (ms)"
          inputMode="numeric"
          value={value.connectTimeoutMs}
          error={problems.connectTimeoutMs}
          onChange={(e) => onChange({ connectTimeoutMs: e.target.value })}
        />
        <TextField
          label="Read time-out (ms)"
          inputMode="numeric"
          value={value.readTimeoutMs}
          error={problems.readTimeoutMs}
          onChange={(e) => onChange({ readTimeoutMs: e.target.value })}
        />
      </div>
      <p className={styles.note}>
        {hasCredentials
          ? 'Credentials are saved (never shown). Type new ones to replace them.'
          : 'No credentials: the upstream is asked anonymously.'}
      </p>
      <div className={styles.row}>
        <TextField
          label="Username"
          autoComplete="off"
          value={value.userName}
          error={problems.userName}
          onChange={(e) => onChange({ userName: e.target.value })}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={value.password}
          onChange={(e) => onChange({ password: e.target.value })}
        />
      </div>
      <PasswordField
        label="Token"
        autoComplete="off"
        hint="Sent as a bearer token instead of a username and password."
        value={value.token}
        error={problems.token}
        onChange={(e) => onChange({ token: e.target.value })}
      />
      {hasCredentials && (
        <Checkbox
          label="Remove the saved credentials"
          checked={value.removeCredentials}
          onCheckedChange={(removeCredentials) => onChange({ removeCredentials })}
        />
      )}
    </fieldset>
  )
}

/** Test connection's button and the platform's answer (announced when it comes). */
export function ConnectionTest({ onTest }: { onTest: () => void }) {
  const connection = useQuery({ type: 'repositories/State' }).connection
  return (
    <div className={styles.test}>
      <Button onClick={onTest} busy={connection?.status === 'pending'}>
        Test connection
      </Button>
      <div role="status" aria-label="Connection test" className={styles.testResult}>
        {connection && <ConnectionOutcome connection={connection} />}
      </div>
    </div>
  )
}

function ConnectionOutcome({ connection }: { connection: ConnectionState }) {
  if (connection.status === 'pending') return <span>Asking the upstream…</span>
  if (connection.status === 'failed')
    return (
      <Badge tone="danger">
        The test could not be run: {failureMessage(connection.failure, 'no answer')}
      </Badge>
    )
  const { result, url, status } = connection.answer
  return (
    <>
      <Badge tone={result === 'reachable' ? 'success' : 'danger'} dot>
        {connectionText(result, status)}
      </Badge>
      <span className={styles.asked}>{url}</span>
    </>
  )
}

/** A saved remote's settings, loaded for its form: a skeleton, an error with Retry, then the form. */
export function RemoteSettingsGate({
  repoKey,
  children,
}: {
  repoKey: string
  children: (settings: RemoteSettings) => ReactNode
}) {
  const dispatch = useDispatch()
  const remote = useQuery({ type: 'repositories/State' }).remote
  useEffect(() => {
    dispatch({ type: 'repositories/LoadRemote', key: repoKey })
  }, [dispatch, repoKey])
  const settings = remote?.key === repoKey ? remote.settings : undefined
  if (settings?.status === 'failed')
    return (
      <LoadFailure
        message={`The upstream settings of ${repoKey} could not be loaded: ${failureMessage(settings.failure, 'no answer')}.`}
        onRetry={() => dispatch({ type: 'repositories/LoadRemote', key: repoKey })}
      />
    )
  if (settings?.status !== 'loaded')
    return (
      <div role="status" aria-label="Loading the upstream settings">
        <Skeleton height="12rem" />
      </div>
    )
  return <>{children(settings.data)}</>
}

/**
 * The list's cell: the upstream's state, for a failing one when and why, and for one never
 * contacted that holds packages, that they are the sample catalogue.
 */
export function RemoteHealthCell({ status, packageCount }: { status: RemoteStatus; packageCount: number }) {
  const health = remoteListHealth(status, packageCount)
  const tone = health === 'online' ? 'success' : health === 'failing' ? 'danger' : 'neutral'
  return (
    <span className={styles.health}>
      <Badge tone={tone} dot>
        {healthText(health)}
      </Badge>
      {health === 'failing' && status.lastFailureAt && (
        <span className={styles.description}>
          <RelativeTime iso={status.lastFailureAt} />: {status.lastFailure}
        </span>
      )}
      {health === 'sampleCatalogue' && <span className={styles.description}>{SAMPLE_CATALOGUE_TEXT}</span>}
    </span>
  )
}
