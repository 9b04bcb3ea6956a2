/**
 * Where a catalogue version comes from: deployed to a local repository, cached from a remote's
 * upstream (when), or a remote's record whose file is not in its cache yet, with what the
 * remote last heard from its upstream, so the console can say whether installing it can work.
 */
import type { Sql } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { repositoryStore } from '../repositories/store'
import { shownUrl } from '../upstream/fetch'
import { answerKey, remoteStore, type VersionSource } from './store'

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

  /** The provenance of each of one repository's versions `vs`, in their order. */
  const ofRepository = async (
    key: string,
    vs: ReadonlyArray<VersionSource>,
  ): Promise<Array<Provenance | null>> => {
    const repo = await repos.find(key)
    if (!repo) return vs.map(() => null)
    if (repo.kind !== 'remote') return vs.map(() => ({ kind: 'local', repository: repo.key }))
    // Credentials never travel in the address, but an address may carry a user: not shown.
    const upstream = repo.url ? shownUrl(repo.url) : ''
    const cached = await remotes.cachedAt(
      repo.key,
      vs.flatMap((v) => [npmTarballPath(v.packageName, v.version), v.leadFilePath]),
    )
    const cachedAtOf = (v: VersionSource) =>
      cached.get(npmTarballPath(v.packageName, v.version)) ?? cached.get(v.leadFilePath)
    const notCached = vs.filter((v) => cachedAtOf(v) === undefined)
    if (notCached.length === 0)
      return vs.map((v) => ({ kind: 'cached', repository: repo.key, upstream, cachedAt: cachedAtOf(v)! }))
    const { lastFailure, lastFailureAt, lastSuccessAt } = await remotes.health(repo.key)
    const settings = await remotes.settings(repo.key)
    const answers = await remotes.upstreamAnswers(repo.key, [...new Set(notCached.map((v) => v.packageName))])
    return vs.map((v): Provenance => {
      const cachedAt = cachedAtOf(v)
      if (cachedAt !== undefined) return { kind: 'cached', repository: repo.key, upstream, cachedAt }
      // The upstream's answer holds as long as a document it sent would: asked again after that.
      const answer = answers.get(answerKey(v.packageName, v.version))
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
    })
  }

  /**
   * The provenance of each of `vs`, in their order: a few queries per repository they are in,
   * however many versions (a page of 100 versions of a remote asked 7 queries for each).
   */
  const many = async (vs: ReadonlyArray<VersionSource>): Promise<Array<Provenance | null>> => {
    const byRepository = new Map<string, number[]>()
    vs.forEach((v, i) => {
      const at = byRepository.get(v.repo)
      if (at) at.push(i)
      else byRepository.set(v.repo, [i])
    })
    const out: Array<Provenance | null> = vs.map(() => null)
    for (const [key, at] of byRepository) {
      const found = await ofRepository(
        key,
        at.map((i) => vs[i]!),
      )
      at.forEach((i, j) => (out[i] = found[j]!))
    }
    return out
  }

  /** One version's provenance (null: its repository is gone). */
  const one = async (v: VersionSource): Promise<Provenance | null> => (await many([v]))[0]!
  return Object.assign(one, { many })
}

export type ProvenanceReader = ReturnType<typeof provenanceReader>
