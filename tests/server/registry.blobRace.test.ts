/**
 * Two platform processes on one data folder (as two nodes of a cluster share it): one keeps
 * deploying bytes to a path while the other deletes a twin path holding the same bytes, so the
 * delete looks for other users of the bytes at the moment the deploy is naming them. Every
 * deploy acknowledged with 201 must then serve its bytes: no acknowledged write is lost to a
 * blob deleted under it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { startPlatformProcess, type PlatformProcess } from '../support/platformProcess'
import { createSession, type TestSession } from './helpers/sessions'

/**
 * Rounds per lane and lanes at once: thousands of deploys racing a delete. No fewer: with the
 * removal of released bytes done without their row's lock, 2,000 rounds lost 5 writes (the first
 * after 57 rounds of a lane) and 200 rounds lost none. The time goes to the requests, not to the
 * disk: the same run on tmpfs, where a flush costs nothing, took as long.
 */
const ROUNDS = 400
const LANES = 5

const platforms: PlatformProcess[] = []
let dataDir = ''
let admin: TestSession

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-blob-race-'))
  const db = openDatabase(dataDir)
  admin = await createSession(sqliteSql(db), { admin: true })
  db.close()
  // One node each, so each request's node is known.
  const start = () => startPlatformProcess(dataDir, { PLATFORM_FLAVOUR: 'lightweight' })
  platforms.push(...(await Promise.all([start(), start()])))
}, 120_000)

afterAll(async () => {
  await Promise.all(platforms.map((p) => p.stop()))
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const writeHeaders = (url: string) => ({
  cookie: admin.cookie,
  origin: new URL(url).origin,
  'x-requested-with': 'XMLHttpRequest',
  'content-type': 'application/octet-stream',
})

const fileUrl = (node: PlatformProcess, path: string) => `${node.url}/artifactory/generic-local/${path}`

describe('deploys on one node while another deletes a twin path of the same bytes', () => {
  it('loses no acknowledged write', async () => {
    const [deployer, deleter] = platforms as [PlatformProcess, PlatformProcess]
    const lost: string[] = []
    const refused: string[] = []
    let acknowledged = 0

    const lane = async (n: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        const bytes = `lane ${n} round ${round}\n`
        const twin = `race/${n}/twin.bin`
        const kept = `race/${n}/kept.bin`
        const first = await fetch(fileUrl(deleter, twin), {
          method: 'PUT',
          headers: writeHeaders(deleter.url),
          body: bytes,
        })
        await first.arrayBuffer()
        if (first.status !== 201) refused.push(`PUT ${twin} round ${round}: ${first.status}`)
        // The twin goes on one node while the same bytes are deployed to another path on the other.
        const [deleted, deployed] = await Promise.all([
          fetch(fileUrl(deleter, twin), { method: 'DELETE', headers: writeHeaders(deleter.url) }),
          fetch(fileUrl(deployer, kept), { method: 'PUT', headers: writeHeaders(deployer.url), body: bytes }),
        ])
        await Promise.all([deleted.arrayBuffer(), deployed.arrayBuffer()])
        if (deleted.status !== 204) refused.push(`DELETE ${twin} round ${round}: ${deleted.status}`)
        if (deployed.status !== 201) {
          refused.push(`PUT ${kept} round ${round}: ${deployed.status}`)
          continue
        }
        acknowledged++
        // Read from both nodes at once: each must serve what was acknowledged.
        await Promise.all(
          [deployer, deleter].map(async (node) => {
            const got = await fetch(fileUrl(node, kept), { headers: { cookie: admin.cookie } })
            const body = await got.text()
            if (got.status !== 200 || body !== bytes) lost.push(`${kept} round ${round}: ${got.status}`)
          }),
        )
      }
    }
    await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)))

    expect({ lost, refused }).toEqual({ lost: [], refused: [] })
    expect(acknowledged).toBe(ROUNDS * LANES)
  }, 240_000)
})
