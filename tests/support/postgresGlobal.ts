/**
 * Global set-up of the server projects: when they run on PostgreSQL (TEST_DATABASE=postgres,
 * `npm run test:postgres` and the server-postgres project), one cluster for the whole run, its
 * templates prepared before any file starts, handed to the workers in TEST_POSTGRES_CLUSTER
 * (tests/support/postgres.ts). Preparing them inside a file's first hook took most of that hook's
 * minute on a loaded machine; here no test's bound counts it.
 */
import type { TestProject } from 'vitest/node'
import { shareCluster, startPostgres } from './postgres'

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const engine = project.config.env?.TEST_DATABASE ?? process.env.TEST_DATABASE
  if (engine !== 'postgres' || process.env.TEST_POSTGRES_CLUSTER) return undefined
  const cluster = await startPostgres()
  process.env.TEST_POSTGRES_CLUSTER = JSON.stringify(await shareCluster(cluster))
  return async () => {
    delete process.env.TEST_POSTGRES_CLUSTER
    await cluster.stop()
  }
}
