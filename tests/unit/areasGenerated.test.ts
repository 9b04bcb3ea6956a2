/**
 * Each layer's list of areas is written from the one list, areas.list.ts, by `npm run areas`:
 * a file that is not what the list and the areas' folders say fails here, naming the command.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

describe('the layers’ lists of areas', () => {
  it('are what areas.list.ts says (npm run areas writes them)', () => {
    let output = ''
    try {
      execFileSync('npx', ['tsx', 'scripts/areas.ts', '--check'], { stdio: 'pipe' })
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? error)
    }
    expect(output).toBe('')
  }, 60_000)
})
