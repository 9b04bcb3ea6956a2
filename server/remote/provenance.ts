/**
 * Where a catalogue version comes from: deployed to a local repository, cached from a remote's
 * upstream (when), or a remote's record whose file is not in its cache yet, with what the
 * remote last heard from its upstream, so the console can say whether installing it can work.
 */
import type { Sql } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { repositoryStore } from '../repositories/store'
import { shownUrl } from '../upstream/fetch'
import { remoteStore, type VersionSource } from './store'

export type Provenance =
  | { readonly kind: 'local'; readonly repository: string }
  | {
      readonly kind: 'cached'
      readonly repository: string
      readonly upstream: string
      readonly cachedAt: string
    }
  | {
      readonly kind: 'notCached'
      readonly repository: string
      readonly upstream: string
      readonly offline: boolean
      readonly lastFailure: string | null
      readonly lastFailureAt: string | null
      readonly lastSuccessAt: string | null
      /**
       * What the upstream said of this version when asked within the remote's metadata
       * retrieval period (absent: not asked, not since, or it could not say).
       */
      readonly inUpstream?: boolean
    }

/** The path npm asks a registry for a version's tarball (`@scope/name` → `@scope/name/-/name-1.0.0.tgz`). */
export const npmTarballPath = (name: string, version: string) =>
  `${name}/-/${name.split('/').pop()}-${version}.tgz`

export function provenanceReader(sql: Sql, clock: Clock = systemClock) {
  const repos = repositoryStore(sql)
  const remotes = remoteStore(sql)

  return async (v: VersionSource): Promise<Provenance | null> => {
    const repo = await repos.find(v.repo)
    if (!repo) return null
    if (repo.kind !== 'remote') return { kind: 'local', repository: repo.key }
    // Credentials never travel in the address, but an address may carry a user: not shown.
    const upstream = repo.url ? shownUrl(repo.url) : ''
    const file =
      (await remotes.file(repo.key, npmTarballPath(v.packageName, v.version))) ??
      (await remotes.file(repo.key, v.leadFilePath))
    if (file) return { kind: 'cached', repository: repo.key, upstream, cachedAt: file.fetchedAt }
    const { lastFailure, lastFailureAt, lastSuccessAt } = await remotes.state(repo.key)
    const settings = await remotes.settings(repo.key)
    // The upstream's answer holds as long as a document it sent would: asked again after that.
    const answer = await remotes.upstreamAnswer(repo.key, v.packageName, v.version)
    const fresh = answer && clock.now() - Date.parse(answer.askedAt) < settings.metadataTtlSeconds * 1000
    return {
      kind: 'notCached',
      repository: repo.key,
      upstream,
      offline: settings.offline,
      lastFailure,
      lastFailureAt,
      lastSuccessAt,
      ...(fresh ? { inUpstream: answer.inUpstream } : {}),
    }
  }
}

export type ProvenanceReader = ReturnType<typeof provenanceReader>
