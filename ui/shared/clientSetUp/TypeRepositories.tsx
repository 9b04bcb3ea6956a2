/**
 * The platform's repositories of a package type for a client set-up (quick setup's form and
 * set-me-up): loaded with the repositories list, and, while there are none to offer, why: still
 * loading, a failure with Retry, or none of the type yet (an admin creates them here).
 */
import { useEffect } from 'react'
import { Plus } from 'lucide-react'
import { REPOSITORY_PACKAGE_TYPES } from '../../../domain/repositories/rules'
import { canonicalPackageType } from '../../../domain/packageTypes'
import { setMeUpRepos } from '../../../domain/setMeUp/steps'
import type { Failure } from '../../../domain/shared/failure'
import { useDispatch, useQuery } from '../appContext'
import { whatHappened } from '../failureText'
import { Button } from '../kit/Button'
import { FailureNote, LoadFailure } from '../kit/LoadFailure'
import styles from './setUp.module.css'

export type TypeRepositories =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly failure: Failure }
  | { readonly status: 'loaded'; readonly repos: ReadonlyArray<string> }

/** Asks for the repositories list while it was never asked for; gives each type's repositories. */
export function useTypeRepositories(active: boolean): (packageType: string) => TypeRepositories {
  const dispatch = useDispatch()
  const { list } = useQuery({ type: 'repositories/State' })
  useEffect(() => {
    if (active && list.status === 'idle') dispatch({ type: 'repositories/LoadList' })
  }, [dispatch, active, list.status])
  return (packageType) => {
    // A reload keeps offering what was loaded before it.
    const data = list.status === 'loaded' ? list.data : list.status === 'loading' ? list.previous : undefined
    if (data !== undefined) return { status: 'loaded', repos: setMeUpRepos(packageType, data) }
    return list.status === 'failed' ? { status: 'failed', failure: list.failure } : { status: 'loading' }
  }
}

/** Why no repository of the type is offered; nothing when there are some. */
export function NoTypeRepository({
  packageType,
  repositories,
}: {
  readonly packageType: string
  readonly repositories: TypeRepositories
}) {
  const dispatch = useDispatch()
  const admin = useQuery({ type: 'session/IsAdmin' })
  const { quick } = useQuery({ type: 'repositories/State' })
  if (repositories.status === 'loading')
    return (
      <p role="status" className={styles.hint}>
        Loading the platform&apos;s {packageType} repositories…
      </p>
    )
  if (repositories.status === 'failed')
    return (
      <LoadFailure
        message={`Could not load the repositories: ${whatHappened(repositories.failure)}.`}
        onRetry={() => dispatch({ type: 'repositories/LoadList' })}
      />
    )
  if (repositories.repos.length > 0) return null
  const type = canonicalPackageType(packageType)
  const creatable = admin && (REPOSITORY_PACKAGE_TYPES as ReadonlyArray<string>).includes(type)
  return (
    <div className={styles.missing} role="region" aria-label={`No ${packageType} repository`}>
      <p>
        This platform has no {packageType} repository yet
        {creatable
          ? '.'
          : admin
            ? ', and none can be created for this type here.'
            : ': an administrator can create one.'}
      </p>
      {creatable && (
        <>
          {quick.status === 'failed' && (
            <FailureNote>The repositories could not be created: {whatHappened(quick.failure)}.</FailureNote>
          )}
          <Button
            size="sm"
            icon={<Plus size={16} aria-hidden />}
            busy={quick.status === 'pending'}
            onClick={() => dispatch({ type: 'repositories/CreateQuickly', packageTypes: [type] })}
          >
            Create {type} repositories
          </Button>
        </>
      )}
    </div>
  )
}
