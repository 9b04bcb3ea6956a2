import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { byArea, filesToMutate } from '../../bench/support/mutationSelection'

/** A domain of three areas on disk: builds (rules, decider), tour (decider), session (rules). */
function domain(): string {
  const root = mkdtempSync(join(tmpdir(), 'mutation-selection-'))
  const files: Record<string, string> = {
    'builds/rules.ts': "import { x } from './types'\n",
    'builds/decider.ts': "import { durationText } from './rules'\nimport { y } from './format'\n",
    'builds/format.ts': '',
    'tour/decider.ts': '',
    'session/rules.ts': '',
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return root
}

describe('the files a mutation run mutates', () => {
  it('takes one file of every area that has it for */name, and no helper', () => {
    const root = domain()
    expect(filesToMutate('*/rules,*/decider', root)).toEqual([
      `${root}/builds/rules.ts`,
      `${root}/session/rules.ts`,
      `${root}/builds/decider.ts`,
      `${root}/tour/decider.ts`,
    ])
  })

  it('takes an area whole, with the helpers its decider imports', () => {
    const root = domain()
    expect(filesToMutate('builds', root)).toEqual([
      `${root}/builds/rules.ts`,
      `${root}/builds/decider.ts`,
      `${root}/builds/format.ts`,
    ])
  })

  it('names a file once however often it is asked for', () => {
    const root = domain()
    expect(filesToMutate('builds/rules,*/rules', root)).toEqual([
      `${root}/builds/rules.ts`,
      `${root}/session/rules.ts`,
    ])
  })

  it('groups the files by area, one Stryker run each, the smallest area first', () => {
    const files = ['domain/session/rules.ts', 'domain/tour/decider.ts', 'domain/session/decider.ts']
    expect(byArea(files)).toEqual([
      ['tour', ['domain/tour/decider.ts']],
      ['session', ['domain/session/rules.ts', 'domain/session/decider.ts']],
    ])
  })
})
