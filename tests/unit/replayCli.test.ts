/**
 * The replay command as a developer runs it: a real child process on a real file, through
 * what `npm run replay` runs (scripts/replay.mjs and the bundle it builds).
 */
import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createApp } from '../../composition/createApp'
import type { AppCommand } from '../../domain/app'
import { fakePorts } from '../support/fakePorts'
import { runReplayCli } from '../../adapters/node/replayCli'
import { buildInfo } from '../../domain/build'

const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'))

async function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['scripts/replay.mjs', ...args], {
      timeout: 30_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

function exportedLog(count = 3): string {
  const app = createApp({ ports: fakePorts(), effects: {} })
  for (let i = 0; i < count; i++)
    app.dispatch({ type: `nowhere/Thing${i}` } as unknown as AppCommand, 'script')
  return app.exportLog()
}

/** The exported log's lines (header, events 1–5, trailer), to corrupt one way each. */
const linesOf = (): string[] => exportedLog(5).trim().split('\n')

/**
 * The command's own code (adapters/node/replayCli.ts) on a real file, in this process: a child
 * process for each of the many corruptions timed out on the loaded machine. The file is fed in
 * chunks of 13 characters, so most lines are cut between chunks as a streamed read cuts them.
 */
async function replayText(name: string, text: string, extra: string[] = []) {
  const file = join(dir, `${name}.ndjson`)
  writeFileSync(file, text)
  let stdout = ''
  let stderr = ''
  const code = runReplayCli([file, ...extra], {
    readChunks: (path) => readFileSync(path, 'utf8').match(/[^]{1,13}/g) ?? [],
    out: (t) => (stdout += t),
    err: (t) => (stderr += t),
  })
  return { code, stdout, stderr }
}

// The first case builds the bundle, and each starts Node: seconds on a loaded machine.
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

  it('says which build wrote the log: version and commit from the header', async () => {
    const file = join(dir, 'build.ndjson')
    writeFileSync(file, exportedLog())
    const result = await replay([file])
    expect(result.stdout).toContain(`(app ${buildInfo.version} at `)
    expect(result.stdout).toMatch(/\(app [\d.]+ at \w+, started /)
  })

  it('explains a missing file or bad option with exit code 2', async () => {
    expect((await replay([join(dir, 'none.ndjson')])).code).toBe(2)
    expect((await replay(['--until', 'soon'])).code).toBe(2)
  })
})

// Every way a log can be incomplete or tampered with has its own message, its line and exit 1.
describe('npm run replay refuses a corrupt log', () => {
  it('without its header', async () => {
    const result = await replayText('noHeader', linesOf().slice(1).join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 1: no header')
  })

  it('without its trailer (truncated), unless --partial', async () => {
    const lines = linesOf()
    const text = lines.slice(0, -1).join('\n') + '\n'
    const strict = await replayText('noTrailer', text)
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain(
      `line ${lines.length - 1}: truncated: the log ends on line ${lines.length - 1} without its trailer`,
    )
    const partial = await replayText('noTrailerPartial', text, ['--partial'])
    expect(partial.code).toBe(0)
    expect(partial.stdout).toContain('events:     5 replayed, last seq 5')
    expect(partial.stdout).toContain('(not checked)')
  })

  it('cut off in the middle of a line', async () => {
    const text = linesOf().slice(0, 4).join('\n').slice(0, -20)
    const result = await replayText('cut', text)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 4: truncated: the last line is cut off')
  })

  it('whose trailer names events the log does not have', async () => {
    const lines = linesOf()
    lines.splice(5, 1) // event seq 5: the last one
    const result = await replayText('shortTrailer', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("line 6: truncated: the trailer's last seq is 5, the log's is 4")
  })

  it('of an unknown format', async () => {
    const lines = linesOf()
    lines[0] = lines[0]!.replace('"format":1', '"format":7')
    const result = await replayText('format', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 1: unknown log format 7: this build reads format 1')
  })

  it('with a deleted event (a seq gap)', async () => {
    const lines = linesOf()
    lines.splice(3, 1) // seq 3
    const result = await replayText('gap', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 4: seq gap: seq 3 is missing before seq 4')
  })

  it('with two events swapped (a reordering)', async () => {
    const lines = linesOf()
    ;[lines[2], lines[3]] = [lines[3]!, lines[2]!] // seq 3 before seq 2
    const result = await replayText('reorder', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 4: out of order: seq 2 comes after seq 3 (line 3)')
    expect(result.stderr).not.toContain('gap')
  })

  it('with seqs far from the others (the index for them is not the flat one)', async () => {
    const lines = linesOf()
    lines[3] = lines[3]!.replace('"seq":3', '"seq":1000000000000')
    lines.splice(4, 0, lines[3]!) // the far seq twice
    const result = await replayText('far', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 5: duplicate: seq 1000000000000 was already on line 4')
    expect(result.stderr).toContain('line 6: out of order: seq 4 comes after seq 1000000000000 (line 4)')
    expect(result.stderr).toContain('line 6: seq gap: seq 3 is missing before seq 4')
    expect(result.stderr).toContain(
      'line 4: seq gap: seqs 6–999999999999 are missing before seq 1000000000000',
    )
  })

  it('with an event twice (a duplicate)', async () => {
    const lines = linesOf()
    lines.splice(3, 0, lines[2]!) // seq 2 again
    const result = await replayText('duplicate', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('line 4: duplicate: seq 2 was already on line 3')
  })

  it('from a newer build: says so by version when its events are unknown here', async () => {
    const lines = linesOf()
    // A version after this one, whatever this one is.
    const newer = `${Number(buildInfo.version.split('.')[0]) + 1}.0.0`
    expect(lines[0]).toContain(`"app":"${buildInfo.version}"`)
    lines[0] = lines[0]!.replace(`"app":"${buildInfo.version}"`, `"app":"${newer}"`)
    lines[3] = lines[3]!.replace(/"type":"[^"]+"/, '"type":"future/Happened"')
    const result = await replayText('newer', lines.join('\n'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`note: the log was written by version ${newer}`)
    expect(result.stderr).toContain(`newer than this replay's ${buildInfo.version}`)
    expect(result.stderr).toContain('line 4: unknown event type "future/Happened"')
  })
})
