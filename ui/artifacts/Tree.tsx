// The artifact tree: a virtual list of the rows domain/artifacts/rules.ts says are visible
// (repositories, the folders and files of the open folders, and a status row where a folder's
// loaded children end). A folder's next page is asked for when its "more" row scrolls into view.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ChevronDown, ChevronRight, Database, File, Folder, FolderOpen } from 'lucide-react'
import { visibleRows, type TreeRow } from '../../domain/artifacts/rules'
import type { ArtifactsState, TreeLocation } from '../../domain/artifacts/types'
import { useDispatch } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { Skeleton } from '../shared/kit/Surface'
import { MiddleCut } from '../shared/kit/MiddleCut'
import { formatBytes } from '../shared/sizes'
import { typeName } from '../shared/typeMarks/typeName'
import styles from './artifacts.module.css'

export const ROW_HEIGHT = 32

const rowLocation = (row: TreeRow): TreeLocation | undefined =>
  row.kind === 'repository'
    ? { repoKey: row.repository.key, path: '' }
    : row.kind === 'node'
      ? { repoKey: row.repoKey, path: row.child.path }
      : undefined

const isFolderRow = (row: TreeRow) => row.kind === 'repository' || (row.kind === 'node' && row.child.folder)

export function Tree({
  state,
  onSelect,
}: {
  readonly state: ArtifactsState
  readonly onSelect: (at: TreeLocation, folder: boolean) => void
}) {
  const dispatch = useDispatch()
  const rows = useMemo(() => visibleRows(state), [state])
  const parent = useRef<HTMLDivElement>(null)
  const selectedId = state.selected ? `${state.selected.repoKey}/${state.selected.path}` : undefined
  const selectedIndex = rows.findIndex((r) => r.id === selectedId)
  const [active, setActive] = useState(0)
  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0))
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 400, height: 600 },
  })
  const items = virtualizer.getVirtualItems()

  // The "more" rows on screen: their folders' next pages.
  const wanted = items
    .map((i) => rows[i.index])
    .filter((r): r is Extract<TreeRow, { kind: 'status' }> => r?.kind === 'status' && r.status === 'more')
    .map((r) => `${r.repoKey}\n${r.path}`)
    .join('\t')
  useEffect(() => {
    if (wanted === '') return
    for (const key of wanted.split('\t')) {
      const [repoKey = '', path = ''] = key.split('\n')
      dispatch({ type: 'artifacts/LoadMore', repoKey, path })
    }
  }, [wanted, dispatch])

  // Keep the active row on the selection when it changes from outside (the address bar).
  useEffect(() => {
    if (selectedIndex >= 0) {
      setActive(selectedIndex)
      virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection moves
  }, [selectedIndex])

  const move = (to: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, to))
    setActive(next)
    virtualizer.scrollToIndex(next, { align: 'auto' })
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const row = rows[activeIndex]
    if (!row) return
    const at = rowLocation(row)
    const expanded = row.kind !== 'status' && row.expanded
    switch (e.key) {
      case 'ArrowDown':
        move(activeIndex + 1)
        break
      case 'ArrowUp':
        move(activeIndex - 1)
        break
      case 'Home':
        move(0)
        break
      case 'End':
        move(rows.length - 1)
        break
      case 'ArrowRight':
        if (at && isFolderRow(row) && !expanded) dispatch({ type: 'artifacts/Toggle', ...at })
        else move(activeIndex + 1)
        break
      case 'ArrowLeft':
        if (at && isFolderRow(row) && expanded) dispatch({ type: 'artifacts/Toggle', ...at })
        else {
          // To the row of the folder above.
          const up = rows
            .slice(0, activeIndex)
            .findLastIndex((r) => r.depth < row.depth && r.kind !== 'status')
          if (up >= 0) move(up)
        }
        break
      case 'Enter':
      case ' ':
        if (at) onSelect(at, isFolderRow(row))
        break
      default:
        return
    }
    e.preventDefault()
  }

  return (
    <div
      ref={parent}
      className={styles.tree}
      role="tree"
      aria-label="Repositories and their files"
      tabIndex={0}
      aria-activedescendant={rows[activeIndex] ? domId(rows[activeIndex]!.id) : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]!
          return (
            <div
              key={row.id}
              className={styles.rowSlot}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
            >
              <Row
                row={row}
                active={item.index === activeIndex}
                selected={row.id === selectedId}
                onSelect={(at, folder) => {
                  setActive(item.index)
                  onSelect(at, folder)
                }}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}

/** An element id for a row (ids of nodes hold slashes and any character a path may). */
const domId = (id: string) => `tree-${Array.from(id, (c) => c.charCodeAt(0).toString(36)).join('-')}`

function Row({
  row,
  active,
  selected,
  onSelect,
}: {
  readonly row: TreeRow
  readonly active: boolean
  readonly selected: boolean
  readonly onSelect: (at: TreeLocation, folder: boolean) => void
}) {
  const dispatch = useDispatch()
  const indent = { paddingInlineStart: `calc(${row.depth} * 1.25rem + var(--space-2))` }
  if (row.kind === 'status') {
    const at = { repoKey: row.repoKey, path: row.path }
    return (
      <div className={styles.statusRow} style={indent} id={domId(row.id)}>
        {row.status === 'loading' && (
          <span role="status" aria-label="Loading" className={styles.statusLoading}>
            <Skeleton width="10rem" />
          </span>
        )}
        {row.status === 'empty' && <span className={styles.muted}>Empty folder</span>}
        {row.status === 'failed' && (
          <span role="alert" className={styles.failed}>
            Could not be loaded.{' '}
            <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'artifacts/LoadMore', ...at })}>
              Retry
            </Button>
          </span>
        )}
        {row.status === 'more' && (
          <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'artifacts/LoadMore', ...at })}>
            Load more
          </Button>
        )}
      </div>
    )
  }
  const at = rowLocation(row)!
  const folder = isFolderRow(row)
  const name = row.kind === 'repository' ? row.repository.key : row.child.name
  const meta =
    row.kind === 'repository'
      ? typeName(row.repository.packageType)
      : !row.child.folder
        ? formatBytes(row.child.size)
        : undefined
  const Icon =
    row.kind === 'repository' ? Database : row.child.folder ? (row.expanded ? FolderOpen : Folder) : File
  return (
    <div
      id={domId(row.id)}
      role="treeitem"
      // The name holds every word the row shows (WCAG 2.5.3, label in name): 'react, npm'.
      aria-label={meta ? `${name}, ${meta}` : name}
      aria-level={row.depth + 1}
      aria-selected={selected}
      aria-expanded={folder ? row.expanded : undefined}
      className={styles.row}
      data-active={active || undefined}
      data-selected={selected || undefined}
      style={indent}
      onClick={() => onSelect(at, folder)}
    >
      {folder ? (
        <button
          type="button"
          tabIndex={-1}
          className={styles.chevron}
          aria-label={row.expanded ? `Close ${name}` : `Open ${name}`}
          onClick={(e) => {
            e.stopPropagation()
            dispatch({ type: 'artifacts/Toggle', ...at })
          }}
        >
          {row.expanded ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
        </button>
      ) : (
        <span className={styles.chevron} aria-hidden="true" />
      )}
      <Icon size={16} aria-hidden className={styles.icon} />
      <MiddleCut text={name} className={styles.name} />
      {/* A space between the words, so the row's text reads as its name does. */}
      {meta && (
        <>
          {' '}
          <span className={styles.meta}>{meta}</span>
        </>
      )}
    </div>
  )
}
