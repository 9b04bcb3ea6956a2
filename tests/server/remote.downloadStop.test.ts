/**
 * Downloads through the npm remote over HTTP, their counts written in batches: many parallel
 * downloads of one tarball are all counted, and those still waiting when the platform stops
 * gracefully are written by the stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { npmTarball } from '../support/npmTarball'
import { startTestServer, testDatabaseEngine, type TestServer } from '../support/server'
import { startUpstreamRegistry, type PackedVersion, type UpstreamRegistry } from '../support/upstreamRegistry'

const NAME = 'counted-batch'
const PACKED: PackedVersion = {
  name: NAME,
  version: '1.0.0',
  manifest: { name: NAME, version: '1.0.0', license: 'MIT' },
  file: `${NAME}-1.0.0.tgz`,
  tarball: npmTarball(NAME, '1.0.0', { 'README.md': `# ${NAME}\n` }, { license: 'MIT' }),
}
const PARALLEL = 24

let upstream: UpstreamRegistry
let server: TestServer | undefined

beforeAll(async () => {
  upstream = await startUpstreamRegistry([PACKED])
  // No count is written by the period here: only a full queue or the stop writes them.
  server = await startTestServer(
    { anonymousAccess: true, downloadFlushMs: 3_600_000 },
    { NPM_REMOTE_URL: upstream.url },
  )
  // A bound for a stuck start under load, not a timing.
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

const download = async () => {
  const res = await fetch(`${server!.url}/artifactory/api/npm/npm-remote/${NAME}/-/${PACKED.file}`)
  expect(res.status).toBe(200)
  expect(Buffer.from(await res.arrayBuffer()).equals(PACKED.tarball)).toBe(true)
}

// On PostgreSQL the stop closes the pool the counts would be read through.
describe.skipIf(testDatabaseEngine() === 'postgres')('download counts through the npm remote', () => {
  it('counts every one of many parallel downloads, the last ones written by a graceful stop', async () => {
    await download()
    await Promise.all(Array.from({ length: PARALLEL - 1 }, download))
    const { sql } = server!.ctx
    const versionId = `npm://${NAME}@1.0.0`
    const counted = () =>
      sql.one<{ download_count: number }>('SELECT download_count FROM catalog_versions WHERE id = ?', [
        versionId,
      ])
    // Nothing written yet: the counts wait in memory.
    expect(await counted()).toEqual({ download_count: 0 })
    // The client has every answer; the server may not have seen its last one finish yet. The
    // stop drops only idle keep-alive sockets: cutting every socket could end a response before
    // its 'finish', which is not a download, and the count would be one short.
    const closing = server!.app.close()
    const http = server!.app.server
    // A socket whose answer was still ending turns idle once it ends, and is dropped then.
    const dropIdle = setInterval(() => http.closeIdleConnections(), 10)
    http.closeIdleConnections()
    await closing
    clearInterval(dropIdle)
    expect(await counted()).toEqual({ download_count: PARALLEL })
    expect(await sql.one('SELECT downloads FROM catalog_packages WHERE id = ?', [`npm://${NAME}`])).toEqual({
      downloads: PARALLEL,
    })
  })
})
