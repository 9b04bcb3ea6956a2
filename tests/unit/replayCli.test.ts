/**
 * The replay command as a developer runs it: a real child process on a real file.
 */
import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createApp } from '../../commands/createApp'
import type { AppCommand } from '../../domain/app'
import { fakePorts } from '../support/fakePorts'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'))

async function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'adapters/node/replay.ts', ...args], {
      timeout: 30_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

function exportedLog(): string {
  const app = createApp({ ports: fakePorts(), effects: {} })
  for (let i = 0; i < 3; i++) app.dispatch({ type: `nowhere/Thing${i}` } as unknown as AppCommand, 'script')
  return app.exportLog()
}

// Each case starts Node with tsx: seconds on a loaded machine, not the unit default of 5.
describe('npm run replay', { timeout: 60_000 }, () => {
  it('replays a log exported from a real bus and confirms the state hash', async () => {
    const file = join(dir, 'good.ndjson')
    writeFileSync(file, exportedLog())
    const result = await replay([file])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('events:     3 replayed, last seq 3')
    expect(result.stdout).toContain('(matches)')
  })

  it('prints the final state as JSON, and the state at a seq with --until', async () => {
    const file = join(dir, 'json.ndjson')
    writeFileSync(file, exportedLog())
    const all = await replay([file, '--json'])
    expect(JSON.parse(all.stdout).bus.rejected).toBe(3)
    const early = await replay([file, '--until', '2', '--json'])
    expect(JSON.parse(early.stdout).bus.rejected).toBe(2)
  })

  it('reports each bad line with its number and exits 1', async () => {
    const lines = exportedLog().trim().split('\n')
    lines.splice(2, 0, '{"kind":"event","seq":"x"}', 'garbage')
    const file = join(dir, 'bad.ndjson')
    writeFileSync(file, lines.join('\n'))
    const result = await replay([file])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/line 3: /)
    expect(result.stderr).toMatch(/line 4: invalid JSON/)
  })

  it('exits 1 when the state does not match the trailer', async () => {
    const text = exportedLog().replace(/"stateHash":"[0-9a-f]+"/, '"stateHash":"0000"')
    const file = join(dir, 'hash.ndjson')
    writeFileSync(file, text)
    const result = await replay([file])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('state hash mismatch')
  })

  it('explains a missing file or bad option with exit code 2', async () => {
    expect((await replay([join(dir, 'none.ndjson')])).code).toBe(2)
    expect((await replay(['--until', 'soon'])).code).toBe(2)
  })
})
