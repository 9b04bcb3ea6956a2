import * as t from 'io-ts'
import { isLeft, left, map, right } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { PathReporter } from 'io-ts/PathReporter'
import type { ArtifactsApi, Result } from '../ports'
import type { HttpClient } from './client'
import type { Failure } from '../../domain/shared/failure'
import { ArtifactInfo, TreeChild, TreeRepository } from '../../domain/artifacts/types'
import { ArtifactHits } from '../../domain/search/types'

const Repositories = t.type({ repositories: t.array(TreeRepository) })
const Children = t.type({ children: t.array(TreeChild), total: t.number })
/** What the platform answers a deploy (PUT /artifactory/<repo>/<path>), as the real one does. */
const Deployed = t.type({
  repo: t.string,
  path: t.string,
  size: t.string,
  checksums: t.type({ sha256: t.string }),
})

/** Sends the bytes and reports progress; the browser's uses XMLHttpRequest (fetch has no upload progress). */
export type Uploader = (
  url: string,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
) => Promise<{ readonly status: number; readonly body: string } | { readonly error: string }>

const xhrUpload: Uploader = (url, file, onProgress) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size)
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText })
    xhr.onerror = () => resolve({ error: 'the upload was cut off' })
    xhr.onabort = () => resolve({ error: 'the upload was cancelled' })
    xhr.send(file)
  })

const fetchUpload =
  (doFetch: typeof fetch): Uploader =>
  async (url, file, onProgress) => {
    try {
      const response = await doFetch(url, {
        method: 'PUT',
        body: file,
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/octet-stream' },
      })
      onProgress(file.size, file.size)
      return { status: response.status, body: await response.text() }
    } catch (error) {
      return { error: error instanceof Error ? error.message : 'network error' }
    }
  }

const refusal = (status: number, body: string): Failure => {
  let message = `refused with status ${status}`
  let code: string | undefined
  try {
    const json = JSON.parse(body) as {
      message?: unknown
      code?: unknown
      errors?: Array<{ message?: unknown }>
    }
    const text = json.message ?? json.errors?.[0]?.message
    if (typeof text === 'string') message = text
    if (typeof json.code === 'string') code = json.code
  } catch {
    // Not JSON: the status says enough.
  }
  return { kind: 'status', status, message, ...(code ? { code } : {}) }
}

/** The artifacts area's calls (see server/API.md, Repositories and Artifacts). */
export function createArtifactsApi(
  http: HttpClient,
  options: { readonly fetch?: typeof fetch; readonly origin?: string } = {},
): ArtifactsApi {
  const upload: Uploader =
    options.fetch || typeof XMLHttpRequest === 'undefined' ? fetchUpload(options.fetch ?? fetch) : xhrUpload
  const origin = options.origin ?? ''
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const artifactUrl = (repoKey: string, path: string) =>
    `${origin}/artifactory/${[repoKey, ...path.split('/')].map(encodeURIComponent).join('/')}`
  return {
    async repositories() {
      return pipe(
        await http.request('/repositories', Repositories),
        map((a) => a.repositories),
      )
    },
    children(repoKey, path, offset, limit) {
      return http.request('/ui/treebrowser', Children, { query: { repoKey, path, offset, limit } })
    },
    info(repoKey, path) {
      return http.request('/ui/artifact/info', ArtifactInfo, { query: { repoKey, path } })
    },
    search({ kind, name, repositories, path, checksum }, signal) {
      // `repo` repeats: the query is written here, the client's takes one value a key.
      const query = new URLSearchParams([
        ...(name !== '' ? [['name', name]] : []),
        ...(path !== undefined ? [['path', path]] : []),
        ...(checksum !== undefined ? [['checksum', checksum]] : []),
        ...repositories.map((r) => ['repo', r]),
      ])
      return http.request(
        `/ui/artifactsearch/${kind === 'Archive' ? 'archive' : 'quick'}?${query}`,
        ArtifactHits,
        {
          signal,
        },
      )
    },
    async remove(repoKey, path): Promise<Result<void>> {
      try {
        const res = await doFetch(artifactUrl(repoKey, path), {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
        if (!res.ok) return left(refusal(res.status, await res.text()))
        return right(undefined)
      } catch (error) {
        return left({ kind: 'network', message: error instanceof Error ? error.message : String(error) })
      }
    },
    removeImageManifest(repoKey, path) {
      return http.send('/containers/manifests', { method: 'DELETE', query: { repoKey, path } })
    },
    async deploy(
      repoKey,
      path,
      file,
      onProgress,
    ): Promise<Result<{ repoKey: string; path: string; sha256: string; size: number }>> {
      const answer = await upload(artifactUrl(repoKey, path), file, onProgress)
      if ('error' in answer) return left({ kind: 'network', message: answer.error })
      if (answer.status < 200 || answer.status >= 300) return left(refusal(answer.status, answer.body))
      let json: unknown
      try {
        json = JSON.parse(answer.body)
      } catch {
        return left({ kind: 'decode', message: 'The server answered with something that is not JSON' })
      }
      const decoded = Deployed.decode(json)
      if (isLeft(decoded))
        return left({
          kind: 'decode',
          message: `Unexpected deploy answer: ${PathReporter.report(decoded)[0] ?? ''}`,
        })
      const d = decoded.right
      return right({
        repoKey: d.repo,
        path: d.path.replace(/^\//, ''),
        sha256: d.checksums.sha256,
        size: Number(d.size),
      })
    },
  }
}
