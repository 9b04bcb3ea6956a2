import { Children, useEffect, type ReactNode } from 'react'
import type { AdminForm, AdminResource, Loadable, SaveState } from '../../domain/admin'
import { whatHappened } from '../shared/failureText'
import { useDispatch, useQuery } from '../shared/appContext'
import { Inbox } from 'lucide-react'
import { Checkbox as KitCheckbox } from '../shared/kit/Checkbox'
import { FailureNote, LoadFailure } from '../shared/kit/LoadFailure'
import { EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import forms from '../shared/forms.module.css'
import styles from './admin.module.css'

// Its own module, so a screen that only needs a field (the support zone's form) loads only that.
export { Field } from '../shared/kit/TextField'
// The repository form's too, so they live in ui/shared; the admin pages take them from here.
export { SaveError } from '../shared/SaveError'
export { DeleteButton } from '../shared/DeleteButton'

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
    <fieldset className={forms.choices}>
      <legend>{legend}</legend>
      {all.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <div className={forms.choiceGrid}>
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
