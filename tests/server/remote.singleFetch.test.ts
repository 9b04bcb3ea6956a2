/**
 * One upstream request for a file or document however requests interleave: a request that looked
 * at the cache (nothing there) while another request's fetch was still under way, and comes to
 * join that fetch only after it has ended, must not ask the upstream again. The interleaving is
 * made certain by holding the late request between its look at the cache and its look for a fetch
 * under way (its read of the remote's settings waits at a gate), against real upstreams on
 * 127.0.0.1 and the platform's own database and blob store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobDirOf } from '../../server/config'
import { npmCatalogue } from '../../server/registry/npmCatalogue'
import { blobStore } from '../../server/repositories/blobs'
import { repositoryStore, type RepositoryRecord } from '../../server/repositories/store'
import { fileCache, type FileFetch } from '../../server/remote/fileCache'
import { genericRemote } from '../../server/remote/genericRemote'
import { npmRemote } from '../../server/remote/npmRemote'
import { remoteStore, type RemoteStore } from '../../server/remote/store'
import { remoteUpstream } from '../../server/remote/upstream'
import { startFileServer, type FileServer } from '../support/fileServer'
import { startTestServer, type TestServer } from '../support/server'
import { startPackedUpstream, type PackedUpstream } from '../support/upstreamRegistry'

let files: FileServer
let npm: PackedUpstream
let server: TestServer

beforeAll(async () => {
  files = await startFileServer()
  npm = await startPackedUpstream('single-fetch', [
    { name: 'raced-doc', version: '1.0.0', readme: '# Raced\n' },
    { name: 'raced-tarball', version: '1.0.0', readme: '# Raced\n' },
  ])
  server = await startTestServer({}, { GENERIC_REMOTE_URL: files.url, NPM_REMOTE_URL: npm.upstream.url })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await files?.stop()
  await npm?.stop()
})

/** The remote's store, whose next read of a remote's settings waits until the test releases it. */
function gatedStore(real: RemoteStore) {
  let next: { reached: () => void; gate: Promise<void> } | undefined
  const store: RemoteStore = {
    ...real,
    async settings(key) {
      const pause = next
      next = undefined
      if (pause) {
        pause.reached()
        await pause.gate
      }
      return real.settings(key)
    },
  }
  const pauseNextSettings = () => {
    let reached!: () => void
    let release!: () => void
    const at = new Promise<void>((r) => (reached = r))
    next = { reached, gate: new Promise<void>((r) => (release = r)) }
    return { reached: at, release }
  }
  return { store, pauseNextSettings }
}

/** The remotes as the platform builds them, on its database and data folder, with the gated store. */
function remotes() {
  const { ctx } = server
  const gated = gatedStore(remoteStore(ctx.sql))
  const blobs = blobStore(ctx.sql, blobDirOf(ctx.config))
  const deps = {
    store: gated.store,
    upstream: remoteUpstream(ctx, gated.store),
    files: fileCache(blobs),
    blobs,
  }
  return {
    pauseNextSettings: gated.pauseNextSettings,
    generic: genericRemote(ctx, { ...deps, mimeOf: () => 'application/octet-stream' }),
    npm: npmRemote(ctx, { ...deps, catalogue: npmCatalogue(ctx.sql) }),
  }
}

const repo = async (key: string) => (await repositoryStore(server.ctx.sql).find(key)) as RepositoryRecord

/** Reads a fetch to its end, as a client would. */
const finish = async (fetch: FileFetch) => {
  fetch.live?.resume()
  return fetch.done
}

describe('a request that comes to a fetch after it ended', () => {
  it('takes a generic file from the cache the fetch filled, not from the upstream again', async () => {
    files.put('/race/tool.bin', Buffer.alloc(64 * 1024, 5))
    const { generic, pauseNextSettings } = remotes()
    const remote = await repo('generic-remote')
    const paused = pauseNextSettings()
    const late = generic.file(remote, 'race/tool.bin')
    await paused.reached
    const first = await generic.file(remote, 'race/tool.bin')
    expect(first?.kind).toBe('fetching')
    if (first?.kind === 'fetching') await finish(first.fetch)
    paused.release()
    const second = await late
    const facts = second?.kind === 'fetching' ? await finish(second.fetch) : second?.facts
    expect(facts?.size).toBe(64 * 1024)
    expect(files.asked('/race/tool.bin')).toBe(1)
  })

  it('takes an npm tarball from the cache the fetch filled, not from the upstream again', async () => {
    const { npm: remote, pauseNextSettings } = remotes()
    const npmRemoteRepo = await repo('npm-remote')
    // The document is cached first: only the tarball is raced.
    expect(await remote.documentOf(npmRemoteRepo, 'raced-tarball')).toBeDefined()
    const paused = pauseNextSettings()
    const late = remote.tarball(npmRemoteRepo, 'raced-tarball', 'raced-tarball-1.0.0.tgz')
    await paused.reached
    const first = await remote.tarball(npmRemoteRepo, 'raced-tarball', 'raced-tarball-1.0.0.tgz')
    expect(first?.kind).toBe('fetching')
    if (first?.kind === 'fetching') await finish(first.fetch)
    paused.release()
    const second = await late
    const facts = second?.kind === 'fetching' ? await finish(second.fetch) : second?.facts
    expect(facts?.size).toBeGreaterThan(0)
    expect(npm.upstream.requests.filter((p) => p.endsWith('/raced-tarball-1.0.0.tgz'))).toHaveLength(1)
  })

  it('takes an npm document from the cache the fetch filled, not from the upstream again', async () => {
    const { npm: remote, pauseNextSettings } = remotes()
    const npmRemoteRepo = await repo('npm-remote')
    const paused = pauseNextSettings()
    const late = remote.documentOf(npmRemoteRepo, 'raced-doc')
    await paused.reached
    expect((await remote.documentOf(npmRemoteRepo, 'raced-doc'))?.name).toBe('raced-doc')
    paused.release()
    expect((await late)?.name).toBe('raced-doc')
    expect(npm.upstream.requests.filter((p) => p === '/raced-doc')).toHaveLength(1)
  })
})
