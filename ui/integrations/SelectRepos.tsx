/**
 * The select-repositories screen of repository scanning (spec 001, gitRepoScan.selectRepos):
 * the repositories the platform reads from the vendor with the integration's token, each with a
 * checkbox, and Save to keep the choice. The URL carries vcsType and integrationId.
 */
import {
  allChosenState,
  selectionChanged,
  selectionToSave,
  withRepo,
} from '../../domain/integrations/repoSelection'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { FolderGit2, Lock } from 'lucide-react'
import { GIT_VENDORS } from '../../domain/integrations'
import { useDispatch, useQuery } from '../shared/appContext'
import { Button, buttonClass } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Checkbox } from '../shared/kit/Checkbox'
import { Badge, EmptyState, PageHeader, Skeleton } from '../shared/kit/Surface'
import { whatHappened } from '../shared/failureText'
import kit from '../shared/kit/page.module.css'
import styles from './integrations.module.css'
import { counted } from '../../domain/shared/plural'

export function SelectRepos({ integrationKey, vcsType }: { integrationKey: string; vcsType: string }) {
  const dispatch = useDispatch()
  const vendor = GIT_VENDORS.find((v) => v.name === vcsType)
  const { repos, reposSave } = useQuery({ type: 'integrations/State' })
  useEffect(() => {
    if (integrationKey !== '') dispatch({ type: 'integrations/LoadRepos', integrationKey })
  }, [dispatch, integrationKey])
  const loaded = repos.status === 'loaded' ? repos.data : null
  const saved = useMemo(() => new Set(loaded?.filter((r) => r.selected).map((r) => r.name) ?? []), [loaded])
  // The user's changes apply to the list they were made on: a new load or a save starts again
  // from what the platform has chosen.
  const [edit, setEdit] = useState<{ readonly on: typeof loaded; readonly chosen: ReadonlySet<string> }>({
    on: null,
    chosen: new Set(),
  })
  const chosen = edit.on === loaded ? edit.chosen : saved
  const setChosen = (next: (c: ReadonlySet<string>) => ReadonlySet<string>) =>
    setEdit({ on: loaded, chosen: next(chosen) })
  const changed = selectionChanged(saved, chosen)

  const crumbs = [
    { label: 'Integrations', href: '/ui/integrations' },
    ...(vendor ? [{ label: vendor.displayName, href: `/ui/integrations/vendors/${vendor.name}` }] : []),
    { label: 'Select repositories' },
  ]
  const header = (
    <PageHeader
      title="Select repositories to scan"
      breadcrumbs={crumbs}
      description={
        integrationKey
          ? `The repositories the integration ${integrationKey} can reach, as the vendor lists them.`
          : undefined
      }
    />
  )
  if (integrationKey === '')
    return (
      <div className={kit.page}>
        {header}
        <EmptyState
          boxed
          icon={<FolderGit2 size={32} />}
          title="Choose a git integration first"
          hint="The repositories to scan are those a GitHub, GitLab or Bitbucket integration can reach: open one and select its repositories there."
          action={
            <Link href="/integrations" className={buttonClass()}>
              Go to Integrations
            </Link>
          }
        />
      </div>
    )

  let body
  if (repos.status === 'failed')
    body = (
      <LoadFailure
        message={`The repositories could not be loaded: ${whatHappened(repos.failure)}`}
        onRetry={() => dispatch({ type: 'integrations/LoadRepos', integrationKey })}
      />
    )
  else if (!loaded)
    body = (
      <ul className={styles.repoList} role="status" aria-label="Loading repositories">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.repo}>
            <Skeleton width="40%" />
          </li>
        ))}
      </ul>
    )
  else if (loaded.length === 0)
    body = (
      <EmptyState
        icon={<FolderGit2 size={32} />}
        title="No repositories"
        hint="The integration's token reaches no repository: give it access to some at the vendor, then load again."
        action={
          <Button onClick={() => dispatch({ type: 'integrations/LoadRepos', integrationKey })}>
            Load again
          </Button>
        }
      />
    )
  else
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault()
          dispatch({
            type: 'integrations/SaveRepoSelection',
            integrationKey,
            selected: selectionToSave(chosen),
          })
        }}
      >
        <div className={styles.repoToolbar}>
          <Checkbox
            label="All repositories"
            checked={allChosenState(chosen, loaded.length)}
            onCheckedChange={(all) => setChosen(() => new Set(all ? loaded.map((r) => r.name) : []))}
          />
          <span className={styles.muted}>
            {chosen.size} of {loaded.length} chosen
          </span>
        </div>
        <ul className={styles.repoList} aria-label="Repositories">
          {loaded.map((r) => (
            <li key={r.name} className={styles.repo}>
              <Checkbox
                label={r.name}
                checked={chosen.has(r.name)}
                onCheckedChange={(on) => setChosen((c) => withRepo(c, r.name, on))}
              />
              {r.private && (
                <Badge tone="neutral">
                  <Lock size={12} aria-hidden /> Private
                </Badge>
              )}
            </li>
          ))}
        </ul>
        <div className={styles.repoFooter}>
          {reposSave.status === 'saved' && !changed && (
            <p role="status" className={styles.tested}>
              Saved: {counted(saved.size, { one: 'repository', other: 'repositories' })} will be scanned.
            </p>
          )}
          {reposSave.status === 'failed' && (
            <p role="alert" className={styles.formFailure}>
              The choice could not be saved. Try again.
            </p>
          )}
          <Button variant="primary" type="submit" busy={reposSave.status === 'saving'} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
    )

  return (
    <div className={kit.page}>
      {header}
      {body}
    </div>
  )
}
