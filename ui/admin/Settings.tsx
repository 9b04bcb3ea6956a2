// Platform settings pages: general settings, licences and peers.
import { validateGeneralConfig, type GeneralConfig } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { Field, SaveError, useResource, useSaveState } from './shared'
import { ListPage, NamedTable } from './ListPage'
import styles from './admin.module.css'

export function GeneralSettings() {
  const config = useResource('generalConfig')
  return (
    <section aria-labelledby="page-title">
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>Platform Configurations</li>
          <li>Platform Management</li>
          <li aria-current="page">General Settings</li>
        </ol>
      </nav>
      <h1 id="page-title">General Settings</h1>
      {config.status === 'loaded' ? (
        <GeneralForm initial={config.data} />
      ) : config.status === 'failed' ? (
        <p role="alert">The settings could not be loaded.</p>
      ) : (
        <p role="status">Loading settings…</p>
      )}
    </section>
  )
}

function GeneralForm({ initial }: { initial: GeneralConfig }) {
  const dispatch = useDispatch()
  const save = useSaveState('generalConfig')
  const { bind, submit } = useForm(initial, validateGeneralConfig)
  return (
    <form
      className={styles.form}
      onSubmit={submit((config) =>
        dispatch({ type: 'admin/Save', form: 'generalConfig', op: { kind: 'saveGeneralConfig', config } }),
      )}
      noValidate
      aria-label="General settings"
    >
      <SaveError save={save} />
      <Field label="Server Name" {...bind('serverName')} />
      <Field label="Base URL" {...bind('baseUrl')} />
      <Field label="Custom Message" multiline {...bind('customMessage')} />
      <button type="submit" disabled={save.status === 'pending'}>
        Save
      </button>
      {save.status === 'done' && <p role="status">Saved.</p>}
    </form>
  )
}

export function Licenses() {
  const licenses = useResource('licenses')
  return (
    <ListPage title="Licenses" loadable={licenses} what="licences" empty="No licence is installed.">
      {(items) => (
        <NamedTable
          items={items}
          nameHeader="Node"
          name={(l) => l.nodeId}
          columns={[
            { header: 'Type', cell: (l) => l.type },
            { header: 'Valid through', cell: (l) => l.validThrough },
            { header: 'Licensed to', cell: (l) => l.licensedTo },
          ]}
        />
      )}
    </ListPage>
  )
}

export function Peers() {
  const peers = useResource('peers')
  return (
    <ListPage title="Peers" loadable={peers} what="peers" empty="No peers have reported yet.">
      {(items) => (
        <NamedTable
          items={items}
          nameHeader="Peer"
          name={(p) => p.id}
          columns={[
            { header: 'Host', cell: (p) => p.host },
            { header: 'Status', cell: (p) => p.status },
            { header: 'Last heartbeat', cell: (p) => p.lastHeartbeat },
            { header: 'Services', cell: (p) => p.services.join(', ') },
          ]}
        />
      )}
    </ListPage>
  )
}
