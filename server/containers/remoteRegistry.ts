/**
 * A remote docker repository fetching through from its upstream registry: a manifest by tag is
 * asked of the upstream each time (tags move) and served from the cache when the upstream
 * cannot answer; a manifest by digest and a blob are fetched once, checked against their
 * digest, and kept under the remote's key like pushed ones (so the hourly collection and the
 * virtual repository see them). An offline remote serves its cache alone.
 *
 * The remote's address is the upstream registry's base; a path in it is the prefix of the
 * upstream's image names (`http://host/docker-local` asks `http://host/v2/docker-local/<image>/…`,
 * which is how one platform proxies another). Docker Hub's one-segment names get `library/`.
 * An upstream that challenges with a Bearer realm gets the remote's credentials there (only on
 * its own origin or over https) for a pull token.
 *
 * A caller who may not fill the cache (no deploy on the remote) is served what is cached, tags
 * included, and told when something is not; so is everyone while the remote is offline. The
 * tags of an image are the upstream's while it answers, the cache's when it cannot.
 */
import { createHash } from 'node:crypto'
import type { ServerContext } from '../context'
import { isoNow } from '../clock'
import type { RepositoryRecord } from '../repositories/store'
import type { BlobStore } from '../repositories/blobs'
import { readAll, type UpstreamResponse } from '../upstream/fetch'
import { RemoteError, type RemoteUpstream } from '../remote/upstream'
import { notAllowedProblem } from '../remote/rules'
import type { RemoteStore } from '../remote/store'
import type { RemoteRegistry } from './remote'
import type { ContainerStore } from './store'
import { recordTaggedImage } from './catalogue'
import { hexOf, isDigest, isIndexType, MANIFEST_TYPES, parseManifest } from './rules'
import { BLOB_LIMIT, MANIFEST_LIMIT } from './routes'

const DOCKER_HUB = 'registry-1.docker.io'

/** The upstream's name of an image and the base of its `/v2/` calls. */
export function upstreamName(url: string, image: string): { base: string; name: string } {
  const u = new URL(url)
  const prefix = u.pathname.replace(/^\/+|\/+$/g, '')
  const name = prefix
    ? `${prefix}/${image}`
    : u.host === DOCKER_HUB && !image.includes('/')
      ? `library/${image}`
      : image
  return { base: `${u.protocol}//${u.host}`, name }
}

/** The parts of a `WWW-Authenticate: Bearer realm="…",service="…",scope="…"` challenge. */
export function bearerChallenge(header: string | undefined): Record<string, string> | undefined {
  if (!header || !/^bearer\s/i.test(header)) return undefined
  const parts: Record<string, string> = {}
  for (const m of header.slice(7).matchAll(/(\w+)="([^"]*)"/g)) parts[m[1]!.toLowerCase()] = m[2]!
  return parts.realm ? parts : undefined
}

const sha256Of = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`

export function remoteRegistry(
  ctx: ServerContext,
  deps: {
    readonly upstream: RemoteUpstream
    readonly remoteStore: RemoteStore
    readonly blobs: BlobStore
    /** Told of each tag recorded in the catalogue (its version id), to be scanned. */
    readonly imageTagged?: (versionId: string) => unknown
    /** Told of each blob cached (its digest), and awaited: an image elsewhere may show or wait for that layer. */
    readonly blobStored?: (digest: string) => unknown
  },
): RemoteRegistry {
  const { upstream, remoteStore, blobs } = deps
  const tokens = new Map<string, string>()
  const blobsInFlight = new Map<string, Promise<{ size: number } | undefined>>()
  const now = () => isoNow(ctx.clock)

  /** A pull token from the upstream's realm, for the scope its challenge named. */
  const tokenFor = async (repo: RepositoryRecord, challenge: Record<string, string>) => {
    const realm = new URL(challenge.realm!)
    if (challenge.service) realm.searchParams.set('service', challenge.service)
    if (challenge.scope) realm.searchParams.set('scope', challenge.scope)
    const ownOrigin = repo.url !== null && new URL(repo.url).origin === realm.origin
    const credentials =
      ownOrigin || realm.protocol === 'https:' ? await remoteStore.credentials(repo.key) : undefined
    const res = await upstream.request(repo, { url: realm.toString() }, 'a pull token', {
      maxBytes: 64 * 1024,
      ...(credentials?.kind === 'basic'
        ? {
            headers: {
              authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`,
            },
          }
        : {}),
    })
    const body = await readAll(res)
    if (res.status !== 200) return undefined
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { token?: unknown; access_token?: unknown }
      const token = parsed.token ?? parsed.access_token
      return typeof token === 'string' ? token : undefined
    } catch {
      return undefined
    }
  }

  /** GET on the upstream, answering a Bearer challenge once; undefined when not found. */
  const get = async (
    repo: RepositoryRecord,
    image: string,
    path: string,
    what: string,
    options: { accept?: string; maxBytes: number },
  ): Promise<UpstreamResponse | undefined> => {
    const { base, name } = upstreamName(repo.url ?? '', image)
    const url = `${base}/v2/${name}/${path}`
    const ask = (token?: string) =>
      upstream.request(repo, { url }, what, {
        maxBytes: options.maxBytes,
        headers: {
          ...(options.accept ? { accept: options.accept } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      })
    const key = `${repo.key} ${name}`
    let res = await ask(tokens.get(key))
    if (res.status === 401) {
      res.body.destroy()
      const challenge = bearerChallenge(res.headers['www-authenticate'] as string | undefined)
      const token = challenge && (await tokenFor(repo, challenge))
      if (!token) throw await upstream.failure(repo, unauthorised(repo, what))
      tokens.set(key, token)
      res = await ask(token)
    }
    if (res.status === 404) {
      res.body.destroy()
      return undefined
    }
    if (res.status !== 200) {
      res.body.destroy()
      throw await upstream.failure(repo, {
        status: 502,
        code: 'UPSTREAM_STATUS',
        message: `${repo.key}: the upstream answered ${res.status} for ${what}`,
      })
    }
    return res
  }

  const unauthorised = (repo: RepositoryRecord, what: string) => ({
    status: 502,
    code: 'UPSTREAM_UNAUTHORIZED',
    message: `${repo.key}: the upstream refused ${what} (check the remote's credentials)`,
  })

  /** What the cache holds of a manifest, by digest. */
  const cachedManifest = async (store: ContainerStore, repo: string, image: string, digest: string) => {
    const record = await store.manifest(repo, image, digest)
    return record && blobs.has(hexOf(digest)) ? { record, path: blobs.pathOf(hexOf(digest)) } : undefined
  }

  /**
   * The catalogue's view of cached tags, so the console shows the remote's cache: a tag when its
   * manifest arrives, and again as each part it names arrives (the files, layers and platform
   * come from those parts).
   */
  const showCached = async (
    repo: RepositoryRecord,
    image: string,
    store: ContainerStore,
    what: { tag: string; digest: string } | { naming: string },
  ) => {
    const tags = 'tag' in what ? [what] : await store.tagsNaming(repo.key, image, what.naming)
    for (const t of tags)
      await recordTaggedImage(
        { store, blobs, tagged: deps.imageTagged },
        {
          repo: repo.key,
          image,
          tag: t.tag,
          digest: t.digest,
          now: now(),
          deployedBy: repo.key,
          cached: true,
        },
      )
  }

  const fetchManifest = async (
    repo: RepositoryRecord,
    image: string,
    reference: string,
    store: ContainerStore,
  ) => {
    const res = await get(repo, image, `manifests/${reference}`, `the manifest ${image}:${reference}`, {
      accept: MANIFEST_TYPES.join(', '),
      maxBytes: MANIFEST_LIMIT,
    })
    if (!res) return undefined
    const bytes = await readAll(res)
    const digest = sha256Of(bytes)
    const declared = res.headers['docker-content-digest']
    // A manifest whose bytes are not what was asked for (or what the upstream says they are) is not kept.
    if (
      (isDigest(reference) && reference !== digest) ||
      (typeof declared === 'string' && isDigest(declared) && declared !== digest)
    )
      throw await upstream.failure(repo, {
        status: 502,
        code: 'UPSTREAM_DIGEST',
        message: `${repo.key}: the upstream's manifest ${image}:${reference} is ${digest}, not what was asked`,
      })
    const parsed = parseManifest(bytes, res.headers['content-type'])
    const before = isDigest(reference) ? undefined : await store.tagDigest(repo.key, image, reference)
    const staged = blobs.putBytes(bytes)
    const created = now()
    try {
      await store.putManifest(
        {
          repo: repo.key,
          image,
          digest,
          mediaType: parsed.mediaType,
          size: bytes.length,
          subject: parsed.subject?.digest ?? null,
          artifactType: null,
          annotations: parsed.annotations ?? null,
          created,
        },
        staged,
        isIndexType(parsed.mediaType)
          ? parsed.manifests.map((d) => d.digest)
          : [parsed.config!.digest, ...parsed.layers.map((d) => d.digest)],
        isDigest(reference) ? undefined : reference,
      )
    } finally {
      staged.discard()
    }
    await upstream.succeeded(repo)
    // A tag the upstream still points where it did is shown already.
    if (isDigest(reference)) await showCached(repo, image, store, { naming: digest })
    else if (before !== digest) await showCached(repo, image, store, { tag: reference, digest })
    return cachedManifest(store, repo.key, image, digest)
  }

  const fetchBlob = async (repo: RepositoryRecord, image: string, digest: string, store: ContainerStore) => {
    const res = await get(repo, image, `blobs/${digest}`, `the blob ${digest} of ${image}`, {
      maxBytes: BLOB_LIMIT,
    })
    if (!res) return undefined
    let staged
    try {
      staged = await blobs.putStream(res.body, { expectedSha256: hexOf(digest), maxBytes: BLOB_LIMIT })
    } catch {
      throw await upstream.failure(repo, {
        status: 502,
        code: 'UPSTREAM_DIGEST',
        message: `${repo.key}: the upstream's blob ${digest} of ${image} did not arrive whole and matching`,
      })
    }
    try {
      await store.linkStagedBlob(staged, repo.key, image, digest, now())
    } finally {
      staged.discard()
    }
    await upstream.succeeded(repo)
    await showCached(repo, image, store, { naming: digest })
    await deps.blobStored?.(digest)
    return { size: staged.facts.size }
  }

  /** What a caller who may not fill the cache is told of something it does not hold. */
  const notCached = (repo: RepositoryRecord, what: string) =>
    new RemoteError(notAllowedProblem(repo.key, what))

  return {
    async manifest(repo, image, reference, store, options) {
      const cachedDigest = isDigest(reference) ? reference : await store.tagDigest(repo.key, image, reference)
      const cached = cachedDigest ? await cachedManifest(store, repo.key, image, cachedDigest) : undefined
      // What a digest names never changes: the cache answers without asking.
      if (cached && isDigest(reference)) return cached
      if (await upstream.offline(repo)) return cached
      if (options.cacheOnly) {
        if (cached) return cached
        throw notCached(repo, `The manifest ${image}:${reference}`)
      }
      try {
        return (await fetchManifest(repo, image, reference, store)) ?? cached
      } catch (error) {
        if (error instanceof RemoteError && cached) return cached
        throw error
      }
    },

    async blob(repo, image, digest, store, options) {
      const size = await store.blobSize(repo.key, image, digest)
      if (size !== undefined && blobs.has(hexOf(digest))) return { size }
      if (await upstream.offline(repo)) return undefined
      if (options.cacheOnly) throw notCached(repo, `The blob ${digest} of ${image}`)
      // Concurrent pulls of one layer wait for the one fetch.
      const key = `${repo.key} ${image} ${digest}`
      const pending = blobsInFlight.get(key)
      if (pending) return pending
      const fetching = fetchBlob(repo, image, digest, store).finally(() => blobsInFlight.delete(key))
      blobsInFlight.set(key, fetching)
      return fetching
    },

    async tags(repo, image, store, options) {
      const cached = async () =>
        (await store.imageExists(repo.key, image)) ? store.tags(repo.key, image) : undefined
      if (options.cacheOnly || (await upstream.offline(repo))) return cached()
      let res
      try {
        res = await get(repo, image, 'tags/list', `the tags of ${image}`, { maxBytes: 4 * 1024 * 1024 })
      } catch (error) {
        const kept = error instanceof RemoteError ? await cached() : undefined
        if (!kept) throw error
        upstream.log('WARN', `${repo.key}: listing the cached tags of ${image}: ${(error as Error).message}`)
        return kept
      }
      if (!res) return cached()
      try {
        const body = JSON.parse((await readAll(res)).toString('utf8')) as { tags?: unknown }
        if (Array.isArray(body.tags)) return body.tags.filter((t): t is string => typeof t === 'string')
      } catch {
        // Not a tag list: what the cache holds is the answer.
      }
      return cached()
    },
  }
}
