/**
 * `npm test`'s static checks (scripts/checks.mjs): started at once, and a failure of any one fails
 * the whole, its output kept.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runChecks } from '../../scripts/checks.mjs'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A check that says `said` and exits with `code`. */
const ending = (name: string, code: number, said: string) => ({
  name,
  command: process.execPath,
  args: ['-e', `console.log(${JSON.stringify(said)}); process.exitCode = ${code}`],
})

/**
 * A check that leaves `mine` in `folder`, then ends only once `theirs` is there too (or, after a
 * bound for a stuck run, fails): two of them pass only when both run at the same time.
 */
const meeting = (name: string, folder: string, mine: string, theirs: string) => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `const fs = require('node:fs'), path = require('node:path')
     fs.writeFileSync(path.join(${JSON.stringify(folder)}, ${JSON.stringify(mine)}), '')
     const until = Date.now() + 20000
     const look = () => fs.existsSync(path.join(${JSON.stringify(folder)}, ${JSON.stringify(theirs)}))
       ? process.exit(0) : Date.now() > until ? process.exit(2) : setTimeout(look, 20)
     look()`,
  ],
})

describe("npm test's static checks", () => {
  it('runs every check at once', { timeout: 30_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'checks-'))
    const written: string[] = []
    const code = await runChecks(
      [meeting('first', dir, 'a', 'b'), meeting('second', dir, 'b', 'a')],
      (text: string) => written.push(text),
    )
    expect(written.join('')).toMatch(/> first: passed in [\d.]+ s/)
    expect(code).toBe(0)
  })

  it('fails when any check fails, printing what each said', async () => {
    const written: string[] = []
    const code = await runChecks(
      [ending('lint', 0, 'all clean'), ending('types', 2, 'error TS2322 somewhere')],
      (text: string) => written.push(text),
    )
    expect(code).toBe(1)
    const output = written.join('')
    expect(output).toContain('> types: failed (exit 2)')
    expect(output).toContain('error TS2322 somewhere')
    expect(output).toMatch(/> lint: passed in [\d.]+ s\nall clean/)
  })
})
