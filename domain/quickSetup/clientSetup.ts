/**
 * Quick setup's "set up a client" form (ui/onboarding/ClientSetupForm.tsx), a validated form as a
 * type: the package type and repository the onboarding/SetUpClient command takes, or each field's
 * problem as a message key. No type chosen means the first offered with a repository; the repository is
 * one the platform has of that type (the one picked, else the first offered): a key made up from
 * the type (`npm-remote`) would give the client addresses that answer 404 where no such
 * repository exists.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Problems } from '../shared/messages'

export type ClientSetupMessage = { readonly key: 'choosePackageType' } | { readonly key: 'noRepository' }

export interface ClientSetupValues {
  readonly type: string
  readonly repo: string
}

export interface ClientSetup {
  readonly packageType: string
  readonly repo: string
  /** The platform's repositories of the type, the chosen one first (set-me-up offers them). */
  readonly availableRepos: ReadonlyArray<string>
}

/**
 * The package type the form shows as chosen: the one picked, else the first offered that the
 * platform has a repository of (the first offered, `alpine`, often has none), else the first.
 */
export const chosenPackageType = (
  values: ClientSetupValues,
  offered: ReadonlyArray<string>,
  reposOf: (packageType: string) => ReadonlyArray<string> = () => [],
): string => values.type || offered.find((t) => reposOf(t).length > 0) || offered[0] || ''

/** The repository the form shows as chosen: the one picked while it is one of the type's, else the first. */
export const chosenRepo = (values: ClientSetupValues, repos: ReadonlyArray<string>): string =>
  repos.includes(values.repo) ? values.repo : (repos[0] ?? '')

export const validateClientSetup =
  (offered: ReadonlyArray<string>, reposOf: (packageType: string) => ReadonlyArray<string>) =>
  (values: ClientSetupValues): Either<Problems<'type' | 'repo', ClientSetupMessage>, ClientSetup> => {
    const packageType = chosenPackageType(values, offered, reposOf)
    if (packageType === '') return left({ type: { key: 'choosePackageType' } })
    const repos = reposOf(packageType)
    const repo = chosenRepo(values, repos)
    if (repo === '') return left({ repo: { key: 'noRepository' } })
    return right({ packageType, repo, availableRepos: [repo, ...repos.filter((r) => r !== repo)] })
  }
