/**
 * The packages area's calls to the platform (see server/API.md): package metadata through
 * the GraphQL client, supporting calls through the HTTP client, decoded at the boundary.
 */
import * as t from 'io-ts'
import { isRight, left, map, right, type Either } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { DownloadFailure, PackagesApi } from '../ports'
import { API_BASE, type HttpClient } from './client'
import { saveThroughLink, type SaveFile } from './saveFile'
import { createMetadataClient, type MetadataClient } from '../graphql/client'
import { createPackageQueries } from '../graphql/packages'
import { Build, Dependency, DockerLayer, Property, Provenance } from '../../domain/packages/types'

const Readme = t.type({ readme: t.string })
const Builds = t.type({ builds: t.array(Build) })
// Platforms are this platform's addition to the specification's answer: absent means none known.
const Layers = t.intersection([
  t.type({ layers: t.array(DockerLayer) }),
  t.partial({ platforms: t.array(t.string) }),
])
const Dependencies = t.type({ dependencies: t.array(Dependency) })
const Properties = t.type({ properties: t.array(Property) })

export interface PackagesApiOptions {
  readonly metadata?: MetadataClient
  /** Hands a fetched file to the user; the browser's default saves it through a link. */
  readonly saveFile?: SaveFile
  /** The browser's (answering from the page first: adapters/browser/pageAnswers.ts), for the metadata client too. */
  readonly fetch?: typeof fetch
  /** The platform's origin, for the metadata client ('' or absent: the page's). */
  readonly origin?: string
}

export function createPackagesApi(http: HttpClient, options: PackagesApiOptions = {}): PackagesApi {
  const metadata =
    options.metadata ??
    createMetadataClient({
      fetch: options.fetch,
      ...(options.origin ? { base: `${options.origin}${API_BASE}` } : {}),
    })
  const queries = createPackageQueries(metadata)
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const save = options.saveFile ?? saveThroughLink
  return {
    searchPackages: (query, page, signal) => queries.packages(query, page.first, page.after, signal),
    countPackages: (query) => queries.count(query),
    getPackage: (id) => queries.package(id),
    listVersions: (filter, page) => queries.versions(filter, page.first, page.after),
    getVersion: (packageId, name) => queries.version(packageId, name),
    async getReadme(versionId, path) {
      const answer = await http.request(
        `/ui/v1/native/versions/${encodeURIComponent(versionId)}/readme`,
        Readme,
        {
          query: { path },
        },
      )
      return pipe(
        answer,
        map((a) => a.readme),
      )
    },
    async getBuilds(repoKey, path) {
      const answer = await http.request('/ui/artifactbuilds', Builds, { query: { path, repoKey } })
      return pipe(
        answer,
        map((a) => a.builds),
      )
    },
    async getDockerLayers(repoKey, path) {
      const answer = await http.request('/ui/views/dockerv2', Layers, { query: { path, repoKey } })
      return pipe(
        answer,
        map((a) => ({ layers: a.layers, platforms: a.platforms ?? [] })),
      )
    },
    async getNpmDependencies(path) {
      const answer = await http.request('/ui/v1/native/versions/npm/dependencies', Dependencies, {
        query: { path },
      })
      return pipe(
        answer,
        map((a) => a.dependencies),
      )
    },
    async getNpmProperties(path) {
      const answer = await http.request('/ui/v1/native/versions/npm/props', Properties, { query: { path } })
      return pipe(
        answer,
        map((a) => a.properties),
      )
    },
    checkUpstream: (versionId) =>
      http.request('/remote/versions/check', Provenance, { method: 'POST', body: { versionId } }),
    async download(repoKey, path): Promise<Either<DownloadFailure, void>> {
      const url = http.url('/download', { repoKey, path })
      let response: Response
      try {
        response = await doFetch(url, {
          credentials: 'same-origin',
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
      } catch (error) {
        return left({ kind: 'network', message: error instanceof Error ? error.message : 'network error' })
      }
      if (!response.ok) return left(await downloadFailureOf(response))
      const blob = await response.blob()
      save(blob, path.split('/').pop() || 'download')
      return right(undefined)
    },
  }
}

/**
 * The platform's refusal of a download, in its error shape: a message, a code, and for a version
 * a watch's policy blocks (`BLOCKED`) the policy and the watch. Any other body (none, not JSON,
 * another shape) leaves the status line.
 */
const DownloadRefusal = t.partial({ message: t.string, code: t.string, policy: t.string, watch: t.string })

async function downloadFailureOf(response: Response): Promise<DownloadFailure> {
  const statusLine: DownloadFailure = {
    kind: 'status',
    status: response.status,
    message: response.statusText,
  }
  const body: unknown = await response.json().catch(() => undefined)
  const refusal = DownloadRefusal.decode(body)
  if (!isRight(refusal)) return statusLine
  const { message, code, policy, watch } = refusal.right
  return {
    ...statusLine,
    ...(message !== undefined && message.trim() !== '' ? { message } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(code === 'BLOCKED' && policy !== undefined ? { policy } : {}),
    ...(code === 'BLOCKED' && watch !== undefined ? { watch } : {}),
  }
}
