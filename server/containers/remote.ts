/**
 * A remote docker repository's upstream: what the routes ask of it. Answers undefined when the
 * upstream is offline or does not have what was asked; a caller who may not fill the cache
 * (`cacheOnly`) is answered from the cache, and refused (a RemoteError) what it does not hold.
 */
import type { RepositoryRecord } from '../repositories/store'
import type { CacheOptions } from '../remote/npmRemote'
import type { ContainerStore, ManifestRecord } from './store'

export interface RemoteRegistry {
  blob(
    repo: RepositoryRecord,
    image: string,
    digest: string,
    store: ContainerStore,
    options: CacheOptions,
  ): Promise<{ size: number } | undefined>
  manifest(
    repo: RepositoryRecord,
    image: string,
    reference: string,
    store: ContainerStore,
    options: CacheOptions,
  ): Promise<{ record: ManifestRecord; path: string } | undefined>
  tags(
    repo: RepositoryRecord,
    image: string,
    store: ContainerStore,
    options: CacheOptions,
  ): Promise<string[] | undefined>
}
