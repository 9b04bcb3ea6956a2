// Entry of the artifacts area's screens (a lazily loaded chunk, mounted by ui/routes.tsx): the
// artifact browser at /artifacts/browse/<repo>/<path> (and the lightweight landing's
// /repos/tree/General/…): the tree, the selected file's information, and the deploy dialog.
import { useEffect, useRef } from 'react'
import { RefreshCw, Upload } from 'lucide-react'
import { locationOfRoute, routeOfLocation, sameLocation } from '../../domain/artifacts/rules'
import type { TreeLocation } from '../../domain/artifacts/types'
import { useDispatch, useQuery } from '../shared/appContext'
import { useNavigate } from '../shared/busLocation'
import { whatHappened } from '../shared/failureText'
import { Button } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import { Tree } from './Tree'
import { InfoPanel } from './InfoPanel'
import { DeployDialog, useDeployDialog } from './DeployDialog'
import { isReadOnlyMode } from '../../domain/platform'
import { holdsSearch } from '../../domain/search/artifactSearch'
import { SearchResults } from './SearchResults'
import { messageText } from '../shared/messages'
import kit from '../shared/kit/page.module.css'
import styles from './artifacts.module.css'

export default function ArtifactsBrowser() {
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const state = useQuery({ type: 'artifacts/State' })
  const { path: fullPath, query } = useQuery({ type: 'navigation/Location' })
  const { base, at } = locationOfRoute(fullPath)
  const deploy = useDeployDialog()
  // Read-only mode (a platform setting) blocks deploying, and says so beside the button.
  const readOnly = isReadOnlyMode(useQuery({ type: 'platform/State' }))

  useEffect(() => {
    dispatch({ type: 'artifacts/LoadRepositories' })
  }, [dispatch])

  // The address bar names the selection: open it when it changes (a deep link, back, forward).
  const urlKey = at ? `${at.repoKey}/${at.path}` : ''
  useEffect(() => {
    if (at) dispatch({ type: 'artifacts/Open', repoKey: at.repoKey, path: at.path })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the location's text
  }, [urlKey, dispatch])

  // And the selection names the address: a row chosen, a file just deployed. Only when the
  // selection moves (not when the address does, which the effect above follows).
  const selected = state.selected
  const selectedKey = selected ? `${selected.repoKey}/${selected.path}` : ''
  const shown = useRef(selectedKey)
  useEffect(() => {
    if (shown.current === selectedKey) return
    shown.current = selectedKey
    if (selected && !sameLocation(at, selected)) navigate(routeOfLocation(selected, base), { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the selection's text
  }, [selectedKey])

  const select = (next: TreeLocation, folder: boolean) =>
    dispatch({ type: 'artifacts/Select', repoKey: next.repoKey, path: next.path, folder })

  const repositories = state.repositories
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <PageHeader
        title="Artifacts"
        description="Every repository's folders and files; choose a file to see its checksums and where it came from."
        actions={
          <>
            <Button
              icon={<RefreshCw size={16} aria-hidden />}
              onClick={() => dispatch({ type: 'artifacts/LoadRepositories' })}
            >
              Refresh
            </Button>
            {readOnly && (
              <span id="deploy-blocked" className={styles.blocked}>
                {messageText({ key: 'readOnlyMode' })}
              </span>
            )}
            <Button
              variant="primary"
              icon={<Upload size={16} aria-hidden />}
              onClick={deploy.open}
              disabled={readOnly}
              aria-describedby={readOnly ? 'deploy-blocked' : undefined}
            >
              Deploy
            </Button>
          </>
        }
      />
      {/* A search from the bar (its query in the URL) shows its results in the tree's place. */}
      {holdsSearch(query) ? (
        <SearchResults query={query} />
      ) : repositories.status === 'failed' ? (
        <LoadFailure
          message={`The repositories could not be loaded: ${whatHappened(repositories.failure)}.`}
          onRetry={() => dispatch({ type: 'artifacts/LoadRepositories' })}
        />
      ) : repositories.status === 'idle' || (repositories.status === 'loading' && !repositories.previous) ? (
        // The tree's box with its rows, and the details' box beside it.
        <div className={styles.split} role="status" aria-label="Loading repositories">
          <div className={styles.treeSkeleton}>
            {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
              <Skeleton key={i} height="1.25rem" width={`${55 + ((i * 17) % 35)}%`} />
            ))}
          </div>
          <Skeleton height="10rem" radius="var(--radius-lg)" />
        </div>
      ) : repositories.status === 'loaded' && repositories.data.length === 0 ? (
        <EmptyState title="No repositories yet" hint="Create a repository, then deploy or publish into it." />
      ) : (
        <div className={styles.split}>
          <Tree state={state} onSelect={select} />
          <InfoPanel state={state} />
        </div>
      )}
      <DeployDialog control={deploy} state={state} />
    </section>
  )
}
