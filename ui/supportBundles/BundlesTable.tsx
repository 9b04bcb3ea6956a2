// The list of support bundles with download and delete (delete asks first).
import { whatHappened } from '../shared/failureText'
import { useState } from 'react'
import type { SupportBundle } from '../../domain/supportBundles'
import { useDispatch, useQuery } from '../shared/appContext'
import { Download, LifeBuoy, Trash2 } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { Dialog } from '../shared/kit/Overlay'
import { Badge, EmptyState, Skeleton, type Tone } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import list from '../shared/kit/listTable.module.css'
import styles from './supportZone.module.css'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'

const STATUS_TONE: Readonly<Record<string, Tone>> = {
  'in progress': 'accent',
  success: 'success',
  failed: 'danger',
}

function size(bytes: number | null): string {
  if (bytes === null) return '—'
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

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

export function BundlesTable() {
  const s = useQuery({ type: 'supportBundles/Page' })
  const dispatch = useDispatch()
  const [confirming, setConfirming] = useState<SupportBundle | null>(null)
  const rows: ReadonlyArray<SupportBundle & { placeholder?: true }> = [
    ...s.placeholders.map((p) => ({ ...p, placeholder: true as const })),
    ...s.list.bundles,
  ]
  const reload = () => dispatch({ type: 'supportBundles/Reload' })
  return (
    <section aria-labelledby="bundles-title" className={styles.section}>
      <h2 id="bundles-title" className={styles.subtitle}>
        Support bundles
      </h2>
      {s.list.status === 'failed' && (
        <LoadFailure
          message={`The support bundles could not be loaded: ${whatHappened(s.list.failure ?? { kind: 'network', message: '' })}.`}
          onRetry={reload}
          retryLabel="Try again"
        />
      )}
      {s.actionFailure && (
        <FailureNote>
          The bundle could not be {s.actionFailure.op === 'delete' ? 'deleted' : 'downloaded'}:{' '}
          {whatHappened(s.actionFailure.failure)}.
        </FailureNote>
      )}
      {rows.length === 0 && (s.list.status === 'loading' || s.list.status === 'idle') && (
        <div role="status" className={styles.skeleton}>
          <span className={styles.srOnly}>Loading support bundles…</span>
          <Skeleton height="2.25rem" />
          <Skeleton height="1.75rem" />
          <Skeleton height="1.75rem" width="85%" />
        </div>
      )}
      {rows.length === 0 && s.list.status === 'loaded' && (
        <div className={styles.panel}>
          <EmptyState
            icon={<LifeBuoy size={28} />}
            title="No support bundles yet."
            hint="Create one above: it collects logs, configuration and thread dumps for support."
          />
        </div>
      )}
      {rows.length > 0 && (
        <div className={list.wrap}>
          <table className={list.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Service</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">Size</th>
                <th scope="col" className={list.actionsCell}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id}>
                  <th scope="row">{b.name}</th>
                  <td>{b.service}</td>
                  <td>
                    <RelativeTime iso={b.createdAt} />
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[b.status] ?? 'neutral'}>{b.status}</Badge>
                    {b.error !== null && <span className={styles.meta}> ({b.error})</span>}
                  </td>
                  <td className={styles.nowrap}>{size(b.size)}</td>
                  <td className={list.actionsCell}>
                    {!b.placeholder && (
                      <span className={styles.actions}>
                        <Button
                          size="sm"
                          icon={<Download size={16} aria-hidden />}
                          aria-label={`Download ${b.name}`}
                          busy={s.busy[b.id] === 'downloading'}
                          disabled={b.status !== 'success' || s.busy[b.id] !== undefined}
                          onClick={() => dispatch({ type: 'supportBundles/Download', id: b.id })}
                        >
                          {s.busy[b.id] === 'downloading' ? 'Downloading…' : 'Download'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          icon={<Trash2 size={16} aria-hidden />}
                          aria-label={`Delete ${b.name}`}
                          busy={s.busy[b.id] === 'deleting'}
                          disabled={s.busy[b.id] !== undefined}
                          onClick={() => setConfirming(b)}
                        >
                          {s.busy[b.id] === 'deleting' ? 'Deleting…' : 'Delete'}
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDelete bundle={confirming} onClose={() => setConfirming(null)} />
    </section>
  )
}
