/**
 * Wildcard name patterns (`*` any run, `?` one character, case-insensitive) as SQLite GLOB
 * patterns over lower-cased columns. GLOB's own specials (`[`, `]`) are escaped so they match
 * literally; a literal prefix lets SQLite use the name index.
 */
export function wildcardToGlob(pattern: string): string {
  return pattern.toLowerCase().replace(/[[\]]/g, (c) => `[${c}]`)
}

/** The same pattern as a JavaScript test, for rows filtered outside SQL. */
export function wildcardToRegExp(pattern: string): RegExp {
  const body = [...pattern.toLowerCase()]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`, 'su')
}
