/**
 * The headless script of docs/scripting.md (linked from the README) runs verbatim against a
 * real platform: the test's source is that code block, written next to the project's files
 * and run with tsx as a reader would. It signs in, searches, lists packages and exits.
 */
import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

const run = promisify(execFile)
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => server.stop())

/** The code blocks of a markdown file, in order. */
const codeBlocks = (markdown: string) => [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)

describe("the scripting guide's headless script", () => {
  it('signs in, lists packages and exits, against a real platform', { timeout: 90_000 }, async () => {
    const block = codeBlocks(readFileSync('docs/scripting.md', 'utf8')).find((b) => b.includes('createApp'))
    expect(block).toBeDefined()
    // In the project folder, so its relative imports resolve as they do for a reader.
    const file = `.script-${randomBytes(4).toString('hex')}.ts`
    writeFileSync(file, block!)
    try {
      const { stdout } = await run('npx', ['tsx', file], {
        timeout: 60_000,
        env: { ...process.env, PLATFORM_URL: server.url, PASSWORD: server.config.userPassword },
      })
      expect(stdout).toContain('signed in: signedIn')
      const found = /packages: (\d+) found, first (.+)/.exec(stdout)
      expect(Number(found?.[1])).toBeGreaterThan(0)
      expect(found?.[2]).toMatch(/^react/)
    } finally {
      rmSync(file, { force: true })
    }
  })
})
