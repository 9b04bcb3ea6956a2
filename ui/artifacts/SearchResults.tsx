/**
 * The artifact search's results (the artifacts page, when its URL query holds a search): the
 * files the Quick search found by name, path or checksum, or the files inside archives the
 * Archive search found (by their name or path, or the archive's checksum), each linked to its
 * place in the tree. The query is the search, so a reload or a shared link
 * shows the same results; the search bar's Quick / Archive switch says which search ran.
 */
import { useEffect, useMemo } from 'react'
import { Link } from 'wouter'
import { FileArchive, FileSearch } from 'lucide-react'
import { useDispatch, useQuery } from '../shared/appContext'
import { whatHappened } from '../shared/failureText'
import { BreakAfter, EmptyState } from '../shared/kit/Surface'
import { Table, type Column, type TableState } from '../shared/kit/Table'
import { bytesText } from '../../domain/shared/bytes'
import { routeOfLocation } from '../../domain/artifacts/rules'
import {
  artifactHitsMessages,
  artifactSearchKey,
  artifactSearchOf,
  type ArtifactSearch,
} from '../../domain/search/artifactSearch'
import { searchModelFromQuery } from '../../domain/search/model'
import type { ArtifactHit } from '../../domain/search/types'
import { searchText } from './searchMessages'
import styles from './artifacts.module.css'

/** The results page's rows: the Quick search's files, or the Archive search's files and their archives. */
function columnsOf(search: ArtifactSearch): ReadonlyArray<Column<ArtifactHit>> {
  const where = (hit: ArtifactHit) => (
    <Link href={routeOfLocation({ repoKey: hit.repoKey, path: hit.path })} className={styles.hitPath}>
      <BreakAfter text={`${hit.repoKey}/${hit.path}`} after="/" />
    </Link>
  )
  const size: Column<ArtifactHit> = {
    id: 'size',
    header: 'Size',
    align: 'end',
    width: '7rem',
    cell: (hit) => bytesText(hit.size),
  }
  if (search.kind === 'Archive')
    return [
      {
        id: 'entry',
        header: 'File inside',
        rowHeader: true,
        cell: (hit) => (
          <span className={styles.hitPath}>
            <BreakAfter text={hit.entryPath ?? ''} after="/" />
          </span>
        ),
      },
      { id: 'archive', header: 'Archive', cell: where },
      size,
    ]
  return [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      width: '28%',
      cell: (hit) => <span className={styles.hitPath}>{hit.path.slice(hit.path.lastIndexOf('/') + 1)}</span>,
    },
    { id: 'path', header: 'Repository and path', cell: where },
    size,
  ]
}

export function SearchResults({ query }: { readonly query: string }) {
  const dispatch = useDispatch()
  const viewer = useQuery({ type: 'search/Viewer' })
  const archiveEnabled = viewer.features.archiveSearch === true
  const model = useMemo(() => searchModelFromQuery(query), [query])
  const search = useMemo(() => artifactSearchOf(model, archiveEnabled), [model, archiveEnabled])
  const key = search === null ? null : artifactSearchKey(search)
  const { artifactHits, artifactSearchAsked } = useQuery({ type: 'search/Bar' })

  useEffect(() => {
    if (key !== null) dispatch({ type: 'search/FindArtifacts', query })
    // `key` stands for the search the query makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key])

  if (search === null)
    return (
      <section aria-label="Artifact search results" className={styles.results}>
        <EmptyState
          boxed
          icon={<FileSearch size={32} />}
          title={searchText({ key: 'artifactSearchInviteTitle' })}
          hint={searchText({ key: 'artifactSearchInvite', archiveEnabled })}
        />
      </section>
    )

  // Until this search's answer, rows of another search stay off the page.
  const mine = artifactSearchAsked === key
  const hits = mine && artifactHits.status === 'loaded' ? artifactHits.data : undefined
  const state: TableState<ArtifactHit> =
    mine && artifactHits.status === 'failed'
      ? {
          status: 'error',
          message: searchText({ key: 'artifactSearchFailed', detail: whatHappened(artifactHits.failure) }),
          onRetry: () => dispatch({ type: 'search/FindArtifacts', query }),
        }
      : hits
        ? { status: 'loaded', rows: hits.results }
        : { status: 'loading' }
  const [summary, ...more] = hits ? artifactHitsMessages(search, hits) : []
  const title = searchText({ key: 'artifactSearchTitle', kind: search.kind })
  return (
    <section aria-labelledby="artifact-results-title" className={styles.results}>
      <header className={styles.resultsHeader}>
        <h2 id="artifact-results-title" className={styles.resultsTitle}>
          {title}
        </h2>
        {summary && summary.key === 'artifactSearchCount' && (
          <p aria-live="polite" className={styles.resultsCount}>
            {searchText(summary)}
          </p>
        )}
        <Link href="/artifacts/browse" className={styles.resultsBack}>
          {searchText({ key: 'artifactSearchBrowseTree' })}
        </Link>
      </header>
      {more.map((m) => (
        <p key={m.key} role="note" className={styles.resultsNote}>
          {searchText(m)}
        </p>
      ))}
      <Table
        label={title}
        columns={columnsOf(search)}
        state={state}
        rowKey={(hit) => `${hit.repoKey}/${hit.path}!${hit.entryPath ?? ''}`}
        empty={
          <EmptyState
            icon={search.kind === 'Archive' ? <FileArchive size={32} /> : <FileSearch size={32} />}
            title={summary ? searchText(summary) : ''}
            hint={searchText({ key: 'artifactSearchPatternHint' })}
          />
        }
      />
    </section>
  )
}
