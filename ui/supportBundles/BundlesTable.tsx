// The list of support bundles with download and delete (delete asks first), in a card titled as
// the creation form's is.
import { whatHappened } from '../shared/failureText'
import { useState } from 'react'
import { SUPPORT_BUNDLE_SERVICES, shownBundles, type SupportBundle } from '../../domain/supportBundles'
import { useDispatch, useQuery } from '../shared/appContext'
import { Download, History, LifeBuoy, Trash2 } from 'lucide-react'
import { Button, IconButton } from '../shared/kit/Button'
import { Dialog } from '../shared/kit/Overlay'
import { Badge, Card, EmptyState, type Tone } from '../shared/kit/Surface'
import { Table } from '../shared/kit/Table'
import { RelativeTime } from '../shared/kit/RelativeTime'
import styles from './supportZone.module.css'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { formatSize } from './SessionChoice'
import { counted } from '../../domain/shared/plural'

const STATUS_TONE: Readonly<Record<string, Tone>> = {
  'in progress': 'accent',
  success: 'success',
  failed: 'danger',
}

// The platform's status words, as the rest of the console writes a status (a capital first).
const STATUS_TEXT: Readonly<Record<string, string>> = {
  'in progress': 'In progress',
  success: 'Success',
  failed: 'Failed',
}

/** A service as the creation form names it (Mission Control, not mission_control). */
const serviceLabel = (name: string): string =>
  SUPPORT_BUNDLE_SERVICES.find((s) => s.name === name)?.label ?? name

const size = (bytes: number | null): string => (bytes === null ? '—' : formatSize(bytes))

const ACTION_TEXT = { delete: 'deleted', download: 'downloaded' } as const

function ConfirmDelete({ bundle, onClose }: { bundle: SupportBundle | null; onClose: () => void }) {
  const dispatch = useDispatch()
  return (
    <Dialog
      open={bundle !== null}
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title="Delete support bundle"
      description={`Delete ${bundle?.name ?? ''}? This cannot be undone.`}
      footer={
        <>
          <Button autoFocus onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (bundle) dispatch({ type: 'supportBundles/Delete', id: bundle.id })
              onClose()
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  )
}

type Row = SupportBundle & { readonly placeholder?: true }

export function BundlesTable() {
  const s = useQuery({ type: 'supportBundles/Page' })
  const dispatch = useDispatch()
  const [confirming, setConfirming] = useState<SupportBundle | null>(null)
  const rows: ReadonlyArray<Row> = [
    ...s.placeholders.map((p) => ({ ...p, placeholder: true as const })),
    ...(shownBundles(s.list) ?? []),
  ]
  const reload = () => dispatch({ type: 'supportBundles/Reload' })
  return (
    <Card title="Support bundles">
      <div className={styles.section}>
        {s.list.status === 'failed' && (
          <LoadFailure
            message={`The support bundles could not be loaded: ${whatHappened(s.list.failure)}.`}
            onRetry={reload}
          />
        )}
        {s.actionFailure && (
          <FailureNote>
            {s.actionFailure.op === 'open'
              ? 'The session could not be opened'
              : `The bundle could not be ${ACTION_TEXT[s.actionFailure.op]}`}
            : {whatHappened(s.actionFailure.failure)}.
          </FailureNote>
        )}
        {!(s.list.status === 'failed' && rows.length === 0) && (
          <Table<Row>
            label="Support bundles"
            columns={[
              // The service under the name, as a list's second line: a column of its own left
              // the row wider than the table at 1024 px.
              {
                id: 'name',
                header: 'Name',
                cell: (b) => (
                  <span className={styles.nameCell}>
                    <span className={styles.name}>{b.name}</span>
                    <span className={styles.meta}>{serviceLabel(b.service)}</span>
                  </span>
                ),
              },
              { id: 'created', header: 'Created', cell: (b) => <RelativeTime iso={b.createdAt} /> },
              {
                id: 'status',
                header: 'Status',
                cell: (b) => (
                  <>
                    <Badge tone={STATUS_TONE[b.status] ?? 'neutral'}>
                      {STATUS_TEXT[b.status] ?? b.status}
                    </Badge>
                    {b.error !== null && <span className={styles.meta}> ({b.error})</span>}
                  </>
                ),
              },
              {
                id: 'size',
                header: 'Size',
                align: 'end',
                cell: (b) => <span className={styles.oneLine}>{size(b.size)}</span>,
              },
              {
                id: 'session',
                header: 'Session',
                cell: (b) =>
                  b.sessionEvents ? (
                    <span className={styles.oneLine}>
                      {counted(b.sessionEvents, { one: 'event', other: 'events' })}
                    </span>
                  ) : (
                    <span className={styles.meta}>—</span>
                  ),
              },
            ]}
            state={
              rows.length === 0 && (s.list.status === 'loading' || s.list.status === 'idle')
                ? { status: 'loading' }
                : { status: 'loaded', rows }
            }
            rowKey={(b) => b.id}
            rowActions={(b) =>
              !b.placeholder && (
                // Icons alone, named for assistive technology and on hover, as the other lists'
                // actions: worded, they ran past the table's edge at 1024 px.
                <span className={styles.actions}>
                  {b.sessionEvents !== undefined && b.sessionEvents > 0 && (
                    <IconButton
                      size="sm"
                      icon={<History size={16} aria-hidden />}
                      label={`Replay the session of ${b.name}`}
                      busy={s.busy[b.id] === 'opening'}
                      disabled={s.busy[b.id] !== undefined}
                      onClick={() => dispatch({ type: 'supportBundles/OpenSession', id: b.id })}
                    />
                  )}
                  <IconButton
                    size="sm"
                    icon={<Download size={16} aria-hidden />}
                    label={`Download ${b.name}`}
                    busy={s.busy[b.id] === 'downloading'}
                    disabled={b.status !== 'success' || s.busy[b.id] !== undefined}
                    onClick={() => dispatch({ type: 'supportBundles/Download', id: b.id })}
                  />
                  <IconButton
                    size="sm"
                    icon={<Trash2 size={16} aria-hidden />}
                    label={`Delete ${b.name}`}
                    busy={s.busy[b.id] === 'deleting'}
                    disabled={s.busy[b.id] !== undefined}
                    onClick={() => setConfirming(b)}
                  />
                </span>
              )
            }
            empty={
              <EmptyState
                icon={<LifeBuoy size={28} />}
                title="No support bundles yet"
                hint="Create one above: it collects logs, configuration and thread dumps for support."
              />
            }
            skeletonRows={3}
          />
        )}
      </div>
      <ConfirmDelete bundle={confirming} onClose={() => setConfirming(null)} />
    </Card>
  )
}
