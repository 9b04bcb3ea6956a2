/**
 * A data table: sticky header, sortable columns (aria-sort, a button in the header), row
 * actions, and the loading (skeleton rows), empty and error (with Retry) states as rows of the
 * table itself, so the header stays put whatever the state.
 */
import type { ReactNode } from 'react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { Button } from './Button'
import { kitText } from './messages'
import { Skeleton } from './Surface'
import page from './page.module.css'
import list from './listTable.module.css'
import styles from './table.module.css'

export interface Column<R> {
  readonly id: string
  readonly header: ReactNode
  readonly cell: (row: R) => ReactNode
  readonly sortable?: boolean
  readonly align?: 'start' | 'end'
  /** A CSS width (e.g. '8rem'); the others share what is left. */
  readonly width?: string
  /** The column that names the row (a row header: screen readers announce it with each cell). */
  readonly rowHeader?: boolean
}

export interface Sort {
  readonly column: string
  readonly direction: 'asc' | 'desc'
}

export type TableState<R> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: ReactNode; readonly onRetry: () => void }
  | { readonly status: 'loaded'; readonly rows: ReadonlyArray<R> }

export interface TableProps<R> {
  /** The table's accessible name. */
  readonly label: string
  readonly columns: ReadonlyArray<Column<R>>
  readonly state: TableState<R>
  readonly rowKey: (row: R) => string
  readonly sort?: Sort
  readonly onSort?: (sort: Sort) => void
  /** Buttons or a menu for a row, in a last column. */
  readonly rowActions?: (row: R) => ReactNode
  /** What an empty result shows (an EmptyState). */
  readonly empty: ReactNode
  readonly skeletonRows?: number
}

export function Table<R>({
  label,
  columns,
  state,
  rowKey,
  sort,
  onSort,
  rowActions,
  empty,
  skeletonRows = 5,
}: TableProps<R>) {
  const span = columns.length + (rowActions ? 1 : 0)
  return (
    <div className={list.wrap}>
      <table
        className={`${list.table} ${styles.sticky}`}
        aria-label={label}
        aria-busy={state.status === 'loading' || undefined}
      >
        <thead>
          <tr>
            {columns.map((c) => {
              const sorted = sort?.column === c.id ? sort.direction : undefined
              return (
                <th
                  key={c.id}
                  scope="col"
                  style={c.width ? { width: c.width } : undefined}
                  data-align={c.align}
                  aria-sort={
                    sorted === 'asc'
                      ? 'ascending'
                      : sorted === 'desc'
                        ? 'descending'
                        : c.sortable
                          ? 'none'
                          : undefined
                  }
                >
                  {c.sortable && onSort ? (
                    <button
                      type="button"
                      className={styles.sort}
                      onClick={() => onSort({ column: c.id, direction: sorted === 'asc' ? 'desc' : 'asc' })}
                    >
                      {c.header}
                      {sorted === 'asc' ? (
                        <ArrowUp size={14} aria-hidden />
                      ) : sorted === 'desc' ? (
                        <ArrowDown size={14} aria-hidden />
                      ) : (
                        <ArrowUpDown size={14} aria-hidden className={styles.idle} />
                      )}
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
            {rowActions && (
              <th scope="col" className={list.actionsCell}>
                <span className={page.srOnly}>{kitText({ key: 'actions' })}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {state.status === 'loading' &&
            Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i} aria-hidden="true">
                {Array.from({ length: span }, (_, j) => (
                  <td key={j} data-align={columns[j]?.align}>
                    <Skeleton width={j === 0 ? '60%' : '40%'} />
                  </td>
                ))}
              </tr>
            ))}
          {state.status === 'error' && (
            <tr>
              <td colSpan={span}>
                <div role="alert" className={styles.message}>
                  <span>{state.message}</span>
                  <Button size="sm" onClick={state.onRetry}>
                    {kitText({ key: 'retry' })}
                  </Button>
                </div>
              </td>
            </tr>
          )}
          {state.status === 'loaded' && state.rows.length === 0 && (
            <tr>
              <td colSpan={span}>{empty}</td>
            </tr>
          )}
          {state.status === 'loaded' &&
            state.rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.id} scope="row" data-align={c.align}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.id} data-align={c.align}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
                {rowActions && <td className={list.actionsCell}>{rowActions(row)}</td>}
              </tr>
            ))}
        </tbody>
      </table>
      {state.status === 'loading' && (
        <p role="status" className={page.srOnly}>
          {kitText({ key: 'loadingNamed', name: label })}
        </p>
      )}
    </div>
  )
}
