/**
 * What tests/support/statements.ts counts: the statements a platform's work sends, not the
 * attempts PostgreSQL refused for a conflict and the platform ran again. A count that took a
 * refused attempt's statements in grew by a rules read now and then under load (a background
 * commit between a request's read and its write), which the count is not about.
 */
import { describe, expect, it } from 'vitest'
import { contestedRow, testEngines } from '../support/engines'
import { statementsDuring, timesEachText } from '../support/statements'

const engines = testEngines()

describe.each(engines.filter(([name]) => name === 'postgres'))('statements counted on %s', (_name, open) => {
  it('leaves out the statements of attempts refused for a conflict and counts the one that committed', async () => {
    const sql = await open()
    const contend = await contestedRow(sql)
    const REFUSALS = 2
    let attempts = 0
    const statements = await statementsDuring(sql, async () => {
      await sql.one('SELECT COUNT(*) AS n FROM contested')
      attempts = await contend(REFUSALS)
    })
    expect(attempts).toBe(REFUSALS + 1)
    expect(statements.map((s) => s.text)).toEqual([
      'SELECT COUNT(*) AS n FROM contested',
      'SELECT size FROM contested WHERE id = 1',
      'UPDATE contested SET size = ? WHERE id = 1',
    ])
    expect(statements.at(-1)?.params).toEqual([REFUSALS + 100])
    expect(timesEachText(statements)[0]?.[1]).toBe(1)
  })
})
