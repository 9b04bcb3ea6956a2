/**
 * A platform node as `npm start` forks it runs with a libuv thread pool of NODE_THREAD_POOL (a
 * cache fill's flushes wait there; with Node's 4 they held up every other request's reads), and
 * an operator's own UV_THREADPOOL_SIZE stands.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NODE_THREAD_POOL, nodeEnvironment } from '../../server/ops/nodeEnvironment'
import { startPlatformProcess } from '../support/platformProcess'
import { tempFolders } from '../support/tempFolders'

const folder = tempFolders()

/** The environment a running process was started with. */
const environmentOf = (pid: number) =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )

describe("a platform node's thread pool", () => {
  it('is NODE_THREAD_POOL threads in a node the primary forks', async () => {
    const platform = await startPlatformProcess(folder('console-threadpool-'), { UV_THREADPOOL_SIZE: '' })
    try {
      const pid = Number(/Node node-1 \(pid (\d+)\) is serving/.exec(platform.output())?.[1])
      expect(pid).toBeGreaterThan(0)
      expect(environmentOf(pid).UV_THREADPOOL_SIZE).toBe(String(NODE_THREAD_POOL))
      expect(NODE_THREAD_POOL).toBeGreaterThan(4)
    } finally {
      await platform.stop()
    }
  })

  it("keeps an operator's own size", () => {
    expect(nodeEnvironment('node-2', { UV_THREADPOOL_SIZE: '64' })).toEqual({ NODE_ID: 'node-2' })
    expect(nodeEnvironment('node-1', {})).toEqual({ NODE_ID: 'node-1', UV_THREADPOOL_SIZE: '16' })
  })
})
