// The package's public surface (package.json `exports`) changes only on purpose: the checked-in
// report (docs/api/*.api.txt, written by `npm run api-report`) must match what the entries export.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENTRIES, apiReports } from '../../scripts/apiReport'

describe('public API report', () => {
  it('names every entry of package.json exports', () => {
    const exportsField = (
      JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string> }
    ).exports
    for (const [name, file] of Object.entries(ENTRIES)) expect(exportsField[`./${name}`]).toBe(`./${file}`)
  })

  it(
    'matches what the entries export (run `npm run api-report` after a deliberate change)',
    { timeout: 60_000 },
    () => {
      const reports = apiReports()
      for (const [name, text] of Object.entries(reports))
        expect(text, `docs/api/${name}.api.txt`).toBe(readFileSync(`docs/api/${name}.api.txt`, 'utf8'))
      expect(reports.commands).toContain('createApp: function')
      expect(reports.domain).toContain('search.parseSearchText: function')
    },
  )
})
