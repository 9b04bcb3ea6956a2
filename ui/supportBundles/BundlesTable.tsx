// The list of support bundles with download and delete (delete asks first).
import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { failureMessage } from '../../domain/shared/failure'
import type { SupportBundle } from '../../domain/supportBundles'
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './supportZone.module.css'

const STATUS_CLASS: Readonly<Record<string, string | undefined>> = {
  'in progress': styles.building,
  success: styles.success,
  failed: styles.failed,
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
    <Dialog.Root open={bundle !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title>Delete support bundle</Dialog.Title>
          <Dialog.Description>Delete {bundle?.name}? This cannot be undone.</Dialog.Description>
          <div className={styles.actions}>
            <button
              type="button"
              onClick={() => {
                if (bundle) dispatch({ type: 'supportBundles/Delete', id: bundle.id })
                onClose()
              }}
            >
              Delete
            </button>
            <Dialog.Close asChild>
              <button type="button">Cancel</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
    <section aria-labelledby="bundles-title">
      <h2 id="bundles-title">Support bundles</h2>
      {s.list.status === 'failed' && (
        <div role="alert">
          <p>
            The support bundles could not be loaded:{' '}
            {failureMessage(
              s.list.failure ?? { kind: 'network', message: '' },
              'the platform did not answer',
            )}
            .
          </p>
          <button type="button" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {s.actionFailure && (
        <p role="alert">
          The bundle could not be {s.actionFailure.op === 'delete' ? 'deleted' : 'downloaded'}:{' '}
          {failureMessage(s.actionFailure.failure, 'the platform did not answer')}.
        </p>
      )}
      {rows.length === 0 && (s.list.status === 'loading' || s.list.status === 'idle') && (
        <p role="status">Loading support bundles…</p>
      )}
      {rows.length === 0 && s.list.status === 'loaded' && <p>No support bundles yet.</p>}
      {rows.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Service</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Size</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.name}</th>
                <td>{b.service}</td>
                <td>{new Date(b.createdAt).toLocaleString()}</td>
                <td>
                  <span className={STATUS_CLASS[b.status]}>{b.status}</span>
                  {b.error !== null && <span className={styles.meta}> ({b.error})</span>}
                </td>
                <td>{size(b.size)}</td>
                <td className={styles.actions}>
                  {!b.placeholder && (
                    <>
                      <button
                        type="button"
                        aria-label={`Download ${b.name}`}
                        disabled={b.status !== 'success' || s.busy[b.id] !== undefined}
                        onClick={() => dispatch({ type: 'supportBundles/Download', id: b.id })}
                      >
                        {s.busy[b.id] === 'downloading' ? 'Downloading…' : 'Download'}
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${b.name}`}
                        disabled={s.busy[b.id] !== undefined}
                        onClick={() => setConfirming(b)}
                      >
                        {s.busy[b.id] === 'deleting' ? 'Deleting…' : 'Delete'}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDelete bundle={confirming} onClose={() => setConfirming(null)} />
    </section>
  )
}
