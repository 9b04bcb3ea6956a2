/**
 * Quick setup's "set up a client" form (ui/onboarding/ClientSetupForm.tsx), a validated form as a
 * type: the package type and repository key the onboarding/SetUpClient command takes, or each
 * field's problem as a message key. No type chosen means the first the platform offers; no
 * repository typed means that type's default remote repository.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Problems } from '../shared/messages'
import { defaultRepoFor, isRepoKey } from './relaunch'

export type ClientSetupMessage = { readonly key: 'choosePackageType' } | { readonly key: 'invalidName' }

export interface ClientSetupValues {
  readonly type: string
  readonly repo: string
}

export interface ClientSetup {
  readonly packageType: string
  readonly repo: string
}

/** The package type the form shows as chosen: the one picked, else the first offered. */
export const chosenPackageType = (values: ClientSetupValues, offered: ReadonlyArray<string>): string =>
  values.type || offered[0] || ''

export const validateClientSetup =
  (offered: ReadonlyArray<string>) =>
  (values: ClientSetupValues): Either<Problems<'type' | 'repo', ClientSetupMessage>, ClientSetup> => {
    const packageType = chosenPackageType(values, offered)
    if (packageType === '') return left({ type: { key: 'choosePackageType' } })
    const repo = values.repo.trim() === '' ? defaultRepoFor(packageType) : values.repo.trim()
    return isRepoKey(repo) ? right({ packageType, repo }) : left({ repo: { key: 'invalidName' } })
  }
