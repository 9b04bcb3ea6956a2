// The frame every admin list shares: heading with its create link, the deletion's refusal,
// loading/error/empty states, and a table whose rows are headed by the item's name.
import type { ReactNode } from 'react'
import { Plus } from 'lucide-react'
import { Link } from 'wouter'
import type { AdminForm, Loadable, SaveOp, SaveState } from '../../domain/admin'
import { useDispatch } from '../shared/appContext'
import { DeleteButton, Loaded, SaveError, Toolbar, useSaveState } from './shared'
import { ManagementNav } from '../shared/ManagementNav'
import { Table } from '../shared/kit/Table'
import { buttonClass } from '../shared/kit/Button'
import kit from '../shared/kit/page.module.css'
import styles from './admin.module.css'

export interface Deletion {
  /** What is deleted, in words (`user`): the buttons say `Delete user bob`. */
  readonly what: string
  readonly save: SaveState
  readonly remove: (name: string) => void
}

/** Deleting from a list: one form per list, so its refusal shows above that list. */
export function useDeletion(what: string, form: AdminForm, op: (name: string) => SaveOp): Deletion {
  const dispatch = useDispatch()
  const save = useSaveState(form)
  return { what, save, remove: (name) => dispatch({ type: 'admin/Save', form, op: op(name) }) }
}

export function ListPage<A>({
  title,
  description,
  create,
  nav,
  deletion,
  loadable,
  what,
  empty,
  tools,
  footer,
  retry,
  children,
}: {
  title: string
  /** What the page holds, in a line under its title (so an empty list's state needs no hint). */
  description?: string
  /** The create link in the heading; `first` names it again in an empty list's state. */
  create?: { readonly label: string; readonly href: string; readonly first: string }
  nav?: Parameters<typeof ManagementNav>[0]['current']
  deletion?: Deletion
  loadable: Loadable<ReadonlyArray<A>>
  what: string
  empty: string
  /** Controls between the heading and the list (a filter box). */
  tools?: ReactNode
  footer?: ReactNode
  /** Asks for the list again after a failure. */
  retry?: () => void
  children: (items: ReadonlyArray<A>) => ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={title} description={description}>
        {create && (
          <Link href={create.href} className={buttonClass('primary')}>
            <Plus size={16} aria-hidden />
            {create.label}
          </Link>
        )}
      </Toolbar>
      {nav && <ManagementNav current={nav} />}
      {deletion && <SaveError save={deletion.save} />}
      {tools && <div className={styles.tools}>{tools}</div>}
      <Loaded
        loadable={loadable}
        what={what}
        empty={empty}
        emptyAction={
          create && (
            <Link href={create.href} className={buttonClass()}>
              <Plus size={16} aria-hidden />
              {create.first}
            </Link>
          )
        }
        retry={retry}
      >
        {children}
      </Loaded>
      {footer}
    </section>
  )
}

export interface Column<A> {
  readonly header: string
  readonly cell: (item: A) => ReactNode
}

/** An admin list: the kit's Table, each row headed by the item's name (a link to its editor). */
export function NamedTable<A>({
  label,
  items,
  nameHeader = 'Name',
  name,
  href,
  columns,
  deletion,
  mark,
  detail,
}: {
  /** The table's accessible name (the list's title). */
  label: string
  items: ReadonlyArray<A>
  nameHeader?: string
  name: (item: A) => string
  /** Where the name links to (the item's editor), if anywhere. */
  href?: (item: A) => string
  /** A state shown beside the name (a badge), if any: no column of its own to widen the table. */
  mark?: (item: A) => ReactNode
  /**
   * A line under the name (a user's address), never wrapped: cut with an ellipsis where the
   * column is narrow, whole in its title and to screen readers.
   */
  detail?: (item: A) => string
  columns: ReadonlyArray<Column<A>>
  deletion?: Deletion
}) {
  return (
    <Table<A>
      label={label}
      columns={[
        {
          id: 'name',
          header: nameHeader,
          rowHeader: true,
          cell: (item) => {
            const shown = mark?.(item)
            const named = (
              <>
                {href ? <Link href={href(item)}>{name(item)}</Link> : name(item)}
                {shown ? <> {shown}</> : null}
              </>
            )
            const line = detail?.(item)
            return line === undefined ? (
              named
            ) : (
              <span className={styles.nameStack}>
                <span>{named}</span>{' '}
                <span className={styles.nameDetail} title={line}>
                  {line}
                </span>
              </span>
            )
          },
        },
        ...columns.map((c, i) => ({ id: `c${i}`, header: c.header, cell: c.cell })),
      ]}
      state={{ status: 'loaded', rows: items }}
      rowKey={name}
      rowActions={
        deletion &&
        ((item) => (
          <DeleteButton
            what={deletion.what}
            name={name(item)}
            disabled={deletion.save.status === 'pending'}
            onConfirm={() => deletion.remove(name(item))}
          />
        ))
      }
      // The list page shows the empty state (Loaded) before the table.
      empty={null}
    />
  )
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
/** The editor's path for an item of a list at `base`. */
export const editPath = (base: string, name: string) => `${base}/edit/${encodeURIComponent(name)}`
