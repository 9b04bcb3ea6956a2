import { useEffect, useId, type ReactNode } from 'react'
import type { AdminForm, AdminResource, Loadable, SaveState } from '../../domain/admin'
import { failureMessage } from '../../domain/shared/failure'
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './admin.module.css'

/** Loads a resource when the page opens (and when its key changes). */
export function useResource<R extends AdminResource>(resource: R, key?: string) {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'admin/State' })
  useEffect(() => {
    dispatch(key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key })
  }, [dispatch, resource, key])
  return state.resources[resource]
}

export function useForm(form: AdminForm): SaveState {
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'admin/ResetForm', form })
  }, [dispatch, form])
  return useQuery({ type: 'admin/State' }).forms[form]
}

/** Loading, error and empty states around a loaded list. */
export function Loaded<A>({
  loadable,
  what,
  empty,
  children,
}: {
  loadable: Loadable<ReadonlyArray<A>>
  what: string
  empty: string
  children: (items: ReadonlyArray<A>) => ReactNode
}) {
  if (loadable.status === 'idle' || loadable.status === 'loading') return <p role="status">Loading {what}…</p>
  if (loadable.status === 'failed')
    return (
      <p role="alert">
        The {what} could not be loaded: {failureMessage(loadable.failure, 'no answer')}.
      </p>
    )
  if (loadable.data.length === 0) return <p>{empty}</p>
  return <>{children(loadable.data)}</>
}

export function Field({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  multiline = false,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  type?: string
  autoComplete?: string
  multiline?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
}

/** The server's answer to a failed save, above the form (the form keeps what was typed). */
export function SaveError({ save }: { save: SaveState }) {
  if (save.status !== 'failed') return null
  return (
    <p role="alert" className={styles.error}>
      {failureMessage(save.failure, 'The changes could not be saved')}
    </p>
  )
}
