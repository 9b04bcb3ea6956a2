/**
 * SQL only in the stores (docs/architecture.md): a server file that is not a store
 * (`store.ts`, `<name>Store.ts`) nor the database's own module (server/db/) holds no SQL
 * statement, so a table's statements are found, and changed for both engines, in one place.
 * Comments may name statements; code may not.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** A statement's opening words, as a store writes them. */
const STATEMENT =
  /\b(SELECT\s+(DISTINCT\s+)?[\w*($]|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s)/

/** The file's code with its comments left out (whole-line `//` comments and `/* … *\/` blocks). */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
}

/** The statements' openings in a file's code, each with its line of code. */
function statementsIn(text: string): string[] {
  return codeOf(text)
    .split('\n')
    .filter((line) => STATEMENT.test(line))
    .map((line) => line.trim())
}

const isStore = (path: string) => /(^|\/)store\.ts$|Store\.ts$/.test(path) || path.startsWith('server/db/')

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return entry.name.endsWith('.ts') ? [relative(root, path)] : []
  })
}

describe('SQL only in stores', () => {
  it('finds a statement in code, not in a comment or a word that merely begins like one', () => {
    expect(statementsIn("const q = 'SELECT sha256 FROM artifacts WHERE repo = ?'")).toHaveLength(1)
    expect(statementsIn('  upsert: `INSERT INTO artifacts (repo) VALUES (?)`')).toHaveLength(1)
    expect(statementsIn("run('INSERT OR REPLACE INTO catalog_meta (key) VALUES (?)')")).toHaveLength(1)
    expect(statementsIn("'UPDATE blobs SET size = size WHERE sha256 = ?'")).toHaveLength(1)
    expect(statementsIn("'DELETE FROM remote_files WHERE repo = ?'")).toHaveLength(1)
    expect(statementsIn('`SELECT ${COLUMNS} FROM catalog_versions`')).toHaveLength(1)
    expect(statementsIn('/**\n * copies tables with INSERT … SELECT\n */\nconst a = 1')).toEqual([])
    expect(statementsIn("// DELETE FROM x\nif (code === 'OAUTH_KEY_SELECTION_FAILED') return")).toEqual([])
  })

  it('holds for every server file outside the stores and server/db', () => {
    const found = serverFiles(join(root, 'server'))
      .filter((path) => !isStore(path))
      .flatMap((path) =>
        statementsIn(readFileSync(join(root, path), 'utf8')).map((line) => `${path}: ${line}`),
      )
    expect(found).toEqual([])
  })
})
