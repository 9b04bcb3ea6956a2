/**
 * The deploy dialog's form (ui/artifacts/DeployDialog.tsx), a validated form as a type: the
 * repository, the chosen file and the target path the artifacts/Deploy command takes, or each
 * field's problem as a message key. The path's problem carries the platform's own words for it
 * (artifactPathProblem, which the reference server answers with too).
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Problems } from '../shared/messages'
import { artifactPathProblem } from './rules'

export type DeployMessage =
  | { readonly key: 'chooseDeployTarget' }
  | { readonly key: 'chooseDeployFile' }
  | { readonly key: 'artifactPath'; readonly detail: string }

export interface DeployValues<F> {
  readonly repoKey: string
  readonly file: F | null
  readonly path: string
}

export interface DeployRequest<F> {
  readonly repoKey: string
  readonly file: F
  readonly path: string
}

export function validateDeploy<F>(
  values: DeployValues<F>,
): Either<Problems<'repoKey' | 'file' | 'path', DeployMessage>, DeployRequest<F>> {
  const problems: Problems<'repoKey' | 'file' | 'path', DeployMessage> = {}
  if (values.repoKey === '') problems.repoKey = { key: 'chooseDeployTarget' }
  if (values.file === null) problems.file = { key: 'chooseDeployFile' }
  const path = artifactPathProblem(values.path)
  if (path !== undefined) problems.path = { key: 'artifactPath', detail: path }
  return values.file !== null && Object.keys(problems).length === 0
    ? right({ repoKey: values.repoKey, file: values.file, path: values.path })
    : left(problems)
}

/**
 * The target path once a file is chosen: the default for the file while the user has not typed
 * a path of their own (or has emptied it), else what they typed.
 */
export const pathAfterChoosing = (current: string, typed: boolean, defaultPath: string): string =>
  current === '' || !typed ? defaultPath : current
