import { Children, useEffect, useId, useState, type ReactNode } from 'react'
import {
  PASSWORD_LOST,
  type AdminForm,
  type AdminResource,
  type Loadable,
  type SaveState,
} from '../../domain/admin'
import { failureMessage } from '../../domain/shared/failure'
import { adminText } from './messages'
import { whatHappened } from '../shared/failureText'
import { useDispatch, useQuery } from '../shared/appContext'
import { Trash2, Inbox } from 'lucide-react'
import { Button, IconButton } from '../shared/kit/Button'
import { Checkbox as KitCheckbox } from '../shared/kit/Checkbox'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import styles from './admin.module.css'

// Its own module, so a screen that only needs a field (the support zone's form) loads only that.
export { Field } from '../shared/kit/TextField'

/** Loads a resource when the page opens (and when its key changes). */
export function useResource<R extends AdminResource>(resource: R, key?: string) {
  const dispatch = useDispatch()
  const state = useQuery({ type: 'admin/State' })
  useEffect(() => {
    dispatch(key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key })
  }, [dispatch, resource, key])
  return state.resources[resource]
}

/** Asks for a resource again (the Retry of its error state). */
export function useResourceRetry(resource: AdminResource, key?: string): () => void {
  const dispatch = useDispatch()
  return () =>
    dispatch(key === undefined ? { type: 'admin/Load', resource } : { type: 'admin/Load', resource, key })
}

/** A form's submission state, reset when the page opens (a new page starts clean). */
export function useSaveState(form: AdminForm): SaveState {
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'admin/ResetForm', form })
  }, [dispatch, form])
  return useQuery({ type: 'admin/State' }).forms[form]
}

/** Loading and error states around loaded data; `children` gets the data once it is there. */
export function Ready<A>({
  loadable,
  what,
  retry,
  children,
}: {
  loadable: Loadable<A>
  what: string
  /** Shown as a Retry button in the error state. */
  retry?: (() => void) | undefined
  children: (data: A) => ReactNode
}) {
  if (loadable.status === 'loading' && loadable.previous !== undefined)
    return <>{children(loadable.previous)}</>
  if (loadable.status === 'idle' || loadable.status === 'loading')
    return (
      <div className={kit.skeleton}>
        <span role="status" className={kit.srOnly}>
          Loading {what}…
        </span>
        <Skeleton height="2.25rem" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="1.75rem" width={i % 2 ? '85%' : '100%'} />
        ))}
      </div>
    )
  if (loadable.status === 'failed')
    return (
      <LoadFailure
        message={`The ${what} could not be loaded: ${whatHappened(loadable.failure)}.`}
        onRetry={retry}
      />
    )
  return <>{children(loadable.data)}</>
}

/** Loading, error and empty states around a loaded list. */
export function Loaded<A>({
  loadable,
  what,
  empty,
  emptyAction,
  retry,
  children,
}: {
  loadable: Loadable<ReadonlyArray<A>>
  what: string
  empty: string
  /** The way on from an empty list (creating its first item). */
  emptyAction?: ReactNode
  retry?: (() => void) | undefined
  children: (items: ReadonlyArray<A>) => ReactNode
}) {
  return (
    <Ready loadable={loadable} what={what} retry={retry}>
      {(items) =>
        items.length === 0 ? (
          <div className={kit.panel}>
            <EmptyState icon={<Inbox size={28} />} title={empty} action={emptyAction} />
          </div>
        ) : (
          children(items)
        )
      }
    </Ready>
  )
}

/** The server's answer to a failed save, above the form (the form keeps what was typed). */
export function SaveError({ save }: { save: SaveState }) {
  if (save.status !== 'failed') return null
  return (
    <FailureNote>
      {save.failure.code === PASSWORD_LOST
        ? adminText({ key: 'passwordLost' })
        : failureMessage(save.failure, 'The changes could not be saved')}
    </FailureNote>
  )
}

export function Checkbox({
  label,
  value,
  onChange,
}: {
  label: string
  value: boolean
  onChange: (value: boolean) => void
}) {
  return <KitCheckbox label={label} checked={value} onCheckedChange={onChange} />
}

/** A set of names chosen from the options (a user's groups, a group's members). */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  empty,
}: {
  legend: string
  options: ReadonlyArray<string>
  value: ReadonlyArray<string>
  onChange: (value: ReadonlyArray<string>) => void
  empty: string
}) {
  const chosen = new Set(value)
  // Chosen names the options no longer list stay visible, so saving does not drop them silently.
  const all = [...options, ...value.filter((v) => !options.includes(v))]
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {all.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <div className={styles.choiceGrid}>
          {all.map((option) => (
            <Checkbox
              key={option}
              label={option}
              value={chosen.has(option)}
              onChange={(on) => onChange(on ? [...value, option] : value.filter((v) => v !== option))}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

/**
 * Delete with a confirmation in place: the first click asks, the second one deletes. Its icon
 * alone, named for assistive technology and on hover: worded, it took 90 px of each list's
 * row beside names of 100 to 170 px at 1024 px (Users, Groups, Permissions, Repositories).
 */
export function DeleteButton({
  what,
  name,
  disabled,
  onConfirm,
}: {
  what: string
  name: string
  disabled?: boolean
  onConfirm: () => void
}) {
  const [asking, setAsking] = useState(false)
  const id = useId()
  if (!asking)
    return (
      <IconButton
        size="sm"
        icon={<Trash2 size={16} aria-hidden />}
        label={`Delete ${what} ${name}`}
        disabled={disabled}
        onClick={() => setAsking(true)}
      />
    )
  return (
    <span role="alertdialog" aria-labelledby={id} className={styles.confirm}>
      <span id={id}>
        Delete {what} {name}?
      </span>
      <Button
        variant="danger"
        size="sm"
        onClick={() => {
          setAsking(false)
          onConfirm()
        }}
      >
        Delete
      </Button>
      <Button size="sm" autoFocus onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  )
}

/** An admin page's header with its actions (links to create): the kit's PageHeader, its h1 the
 * title the page's section is labelled by. */
export function Toolbar({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: ReactNode
}) {
  // Nothing to show (a developer's repositories: each action is false) is no actions box.
  const actions = Children.toArray(children).length > 0 ? children : undefined
  return <PageHeader title={title} description={description} actions={actions} />
}

/** An editor's item, found by name in its loaded list, with the loading, error and unknown-name states. */
export function Existing<A>({
  loadable,
  what,
  name,
  find,
  children,
}: {
  loadable: Loadable<ReadonlyArray<A>>
  what: string
  name: string
  find: (item: A) => boolean
  children: (item: A) => ReactNode
}) {
  return (
    <Ready loadable={loadable} what={what}>
      {(items) => {
        const item = items.find(find)
        return item === undefined ? (
          <FailureNote>
            There is no {what} named {name}.
          </FailureNote>
        ) : (
          children(item)
        )
      }}
    </Ready>
  )
}

/**
 * An editor page: the choices the form offers (groups, users) are loaded first; to change an
 * item, the item too. `form` gets the choices and, when changing, the item.
 */
export function EditorPage<A, C>({
  title,
  create,
  choices,
  choicesWhat,
  items,
  what,
  name,
  find,
  form,
}: {
  title: string
  create: boolean
  choices: Loadable<C>
  choicesWhat: string
  items: Loadable<ReadonlyArray<A>>
  what: string
  name: string
  find: (item: A) => boolean
  form: (choices: C, initial?: A) => ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={title} />
      <Ready loadable={choices} what={choicesWhat}>
        {(c) =>
          create ? (
            form(c)
          ) : (
            <Existing loadable={items} what={what} name={name} find={find}>
              {(item) => form(c, item)}
            </Existing>
          )
        }
      </Ready>
    </section>
  )
}
