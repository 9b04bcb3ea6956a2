/** A repository as the platform lists it, for the repositories area's tests. */
import type { RepositorySummary } from '../../domain/repositories'

export const repositorySummary = (
  key: string,
  kind: RepositorySummary['kind'],
  packageType = 'npm',
): RepositorySummary => ({
  key,
  packageType,
  kind,
  description: '',
  includesPattern: '**/*',
  excludesPattern: '',
  url: kind === 'remote' ? 'https://registry.npmjs.org' : null,
  members: [],
  defaultDeploymentRepo: null,
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  packageCount: 3,
  artifactCount: 4,
  size: 2048,
})
