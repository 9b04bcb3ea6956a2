/**
 * Two nodes on one PostgreSQL, each with a data folder of its own and one blob folder both name
 * (BLOB_DIR, as nodes on several hosts mount one): while one node deletes a path the other deploys
 * the same bytes to another path, no acknowledged deploy loses its bytes (publishing through one
 * host and installing through another: tests/server/twoHosts.test.ts). PostgreSQL runs such transactions side by side (and again after a conflict),
 * where SQLite runs one writer at a time (tests/server/registry.blobRace.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { sessionOf } from '../support/apiCalls'
import { blobDirOf } from '../../server/config'

/** Rounds per lane and lanes at once. */
const ROUNDS = 30
const LANES = 4

let first: TestServer
let second: TestServer
let admin: string

beforeAll(async () => {
  first = await startTestServer({}, {}, { engine: 'postgres' })
  second = await startTestServer({ databaseUrl: first.config.databaseUrl, blobDir: blobDirOf(first.config) })
  admin = await sessionOf(first, 'admin')
}, 180_000)

afterAll(async () => {
  // The second node first: the first one's stop removes the blob folder and the database.
  await second?.stop()
  await first?.stop()
})

describe('two nodes on one PostgreSQL', () => {
  it('loses no acknowledged deploy while the other node deletes the same bytes', async () => {
    const headers = (node: TestServer) => ({
      ...browserHeaders(node.url, admin),
      'content-type': 'application/octet-stream',
    })
    const url = (node: TestServer, path: string) => `${node.url}/artifactory/generic-local/${path}`
    const lost: string[] = []
    const refused: string[] = []
    let acknowledged = 0
    const lane = async (n: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const bytes = `lane ${n} round ${round}\n`
        const twin = `race/${n}/twin.bin`
        const kept = `race/${n}/kept.bin`
        const put = await fetch(url(first, twin), { method: 'PUT', headers: headers(first), body: bytes })
        await put.arrayBuffer()
        if (put.status !== 201) refused.push(`PUT ${twin} round ${round}: ${put.status}`)
        const [deleted, deployed] = await Promise.all([
          fetch(url(first, twin), { method: 'DELETE', headers: browserHeaders(first.url, admin) }),
          fetch(url(second, kept), { method: 'PUT', headers: headers(second), body: bytes }),
        ])
        await Promise.all([deleted.arrayBuffer(), deployed.arrayBuffer()])
        if (deleted.status !== 204) refused.push(`DELETE ${twin} round ${round}: ${deleted.status}`)
        if (deployed.status !== 201) {
          refused.push(`PUT ${kept} round ${round}: ${deployed.status}`)
          continue
        }
        acknowledged++
        for (const node of [first, second]) {
          const got = await fetch(url(node, kept), { headers: browserHeaders(node.url, admin) })
          const body = await got.text()
          if (got.status !== 200 || body !== bytes) lost.push(`${kept} round ${round}: ${got.status}`)
        }
      }
    }
    await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)))
    expect({ lost, refused }).toEqual({ lost: [], refused: [] })
    expect(acknowledged).toBe(ROUNDS * LANES)
  }, 240_000)
})
