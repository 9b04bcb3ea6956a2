/**
 * Wildcard name patterns (`*` any run, `?` one character, case-insensitive) as SQL over
 * lower-cased columns, per engine: SQLite's GLOB (case-sensitive; a literal prefix lets SQLite
 * use the name index, which its LIKE would not on a column compared as bytes), PostgreSQL's LIKE
 * (case-sensitive there) with an escape character. Each escapes its own specials so that they
 * match literally.
 */
import type { Engine } from '../db/sql'

export function wildcardToGlob(pattern: string): string {
  return pattern.toLowerCase().replace(/[[\]]/g, (c) => `[${c}]`)
}

export function wildcardToLike(pattern: string): string {
  return [...pattern.toLowerCase()]
    .map((c) => (c === '*' ? '%' : c === '?' ? '_' : c === '%' || c === '_' || c === '\\' ? `\\${c}` : c))
    .join('')
}

/** `column` matching a wildcard pattern: the SQL condition and its one parameter. */
export function wildcardMatch(
  engine: Engine,
  column: string,
  pattern: string,
): { sql: string; param: string } {
  return engine === 'postgres'
    ? { sql: `${column} LIKE ? ESCAPE '\\'`, param: wildcardToLike(pattern) }
    : { sql: `${column} GLOB ?`, param: wildcardToGlob(pattern) }
}

/** The same pattern as a JavaScript test, for rows filtered outside SQL. */
export function wildcardToRegExp(pattern: string): RegExp {
  const body = [...pattern.toLowerCase()]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`, 'su')
}
