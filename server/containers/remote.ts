/**
 * A remote docker repository's upstream: what the routes ask of it. Answers undefined when the
 * upstream is offline or does not have what was asked.
 */
import type { RepositoryRecord } from '../repositories/store'
import type { ContainerStore, ManifestRecord } from './store'

export interface RemoteRegistry {
  blob(
    repo: RepositoryRecord,
    image: string,
    digest: string,
    store: ContainerStore,
  ): Promise<{ size: number } | undefined>
  manifest(
    repo: RepositoryRecord,
    image: string,
    reference: string,
    store: ContainerStore,
  ): Promise<{ record: ManifestRecord; path: string } | undefined>
  tags(repo: RepositoryRecord, image: string): Promise<string[] | undefined>
}
