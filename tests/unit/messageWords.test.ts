/**
 * The console's words are the product's: no message names an environment variable or another
 * setting of the platform's process (a user cannot set one, and an administrator reads the
 * installation guide, not the console, for them). Every string and JSX text of ui/ is read with
 * the TypeScript parser (comments are not words the user sees), and checked against the shape of
 * a variable name and against the names the server and scripts actually read.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, pattern)
    return pattern.test(name) ? [path] : []
  })
}

/** The environment variables the platform's processes read (process.env.X, env.X, env['X']). */
function environmentNames(): Set<string> {
  const names = new Set<string>()
  for (const file of [...files('server', /\.ts$/), ...files('scripts', /\.(m?js|ts)$/)])
    for (const m of readFileSync(file, 'utf8').matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g))
      names.add(m[1]!)
  return names
}

/** Every string literal, template part and JSX text of a file, with its line. */
function texts(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  )
  const out: Array<{ line: number; text: string }> = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      out.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

// SCREAMING_SNAKE_CASE with at least one underscore: the shape of a variable's name.
const VARIABLE_SHAPE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/

/** The messages of the console that name an environment variable, as file:line: text. */
export function messagesNamingVariables(paths: readonly string[], known: ReadonlySet<string>): string[] {
  // Whole words only, and names of four letters or more: "CI" is also "CI/CD".
  const named = [...known].filter((n) => n.length >= 4)
  const byName = named.length > 0 ? new RegExp(`\\b(${named.join('|')})\\b`) : undefined
  return paths.flatMap((file) =>
    texts(file)
      .filter(({ text }) => VARIABLE_SHAPE.test(text) || (byName?.test(text) ?? false))
      .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 80)}`),
  )
}

describe('the console names no environment variable', () => {
  const known = environmentNames()

  it('finds the variables the server reads', () => {
    expect(known.has('ANONYMOUS_ACCESS')).toBe(true)
    expect(known.has('DATA_DIR')).toBe(true)
  })

  it('no string or text of ui/ names one', () => {
    expect(messagesNamingVariables(files('ui', /\.tsx?$/), known)).toEqual([])
  })

  it('the check finds a message that does', () => {
    const sample = join('tests', 'fixtures', 'messageWords', 'namesVariable.tsx')
    expect(messagesNamingVariables([sample], known)).toEqual([
      `${sample}:4: Set with ANONYMOUS_ACCESS when the platform starts.`,
      `${sample}:6: Ask for HOST to change`,
    ])
  })
})

describe('the console spells email one way', () => {
  it("no string or text of ui/ or of the server's answers hyphenates email (the specification does not)", () => {
    // "E-mail" in the user list and editor, "Email" on the profile and the contact form.
    const hyphenated = [...files('ui', /\.tsx?$/), ...files('server', /\.ts$/)].flatMap((file) =>
      texts(file)
        .filter(({ text }) => /\be-mail/i.test(text))
        .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 80)}`),
    )
    expect(hyphenated).toEqual([])
  })
})

describe('the console names its retry one way', () => {
  it('no string or text of ui/ labels a retry "Try again" (every failure box says Retry)', () => {
    // Topology, the log viewer and support bundles said "Try again" beside every other "Retry".
    const tryAgain = files('ui', /\.tsx?$/).flatMap((file) =>
      texts(file)
        .filter(({ text }) => /^\s*try again\.?\s*$/i.test(text))
        .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
    )
    expect(tryAgain).toEqual([])
  })
})

describe('the console spells username one way', () => {
  it("no string or text of ui/ or of the server's answers says user name (the specification and the login form say username)", () => {
    // "Wrong user name or password" under a field labelled Username. The loopback identity
    // providers' own sign-in pages (server/sso/local*) stand for another product's, not ours.
    const ours = files('server', /\.ts$/).filter((f) => !/[\\/]sso[\\/]local/.test(f))
    const spaced = [...files('ui', /\.tsx?$/), ...ours].flatMap((file) =>
      texts(file)
        .filter(({ text }) => /\buser names?\b/i.test(text))
        .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 80)}`),
    )
    expect(spaced).toEqual([])
  })
})

describe('the console speaks to people, not in its own shorthand', () => {
  it('no string or text of ui/ or domain/ reads as a note to a developer (the gallery review)', () => {
    const shorthand = [
      // Reset password: "This reset link has no key."
      /\bhas no key\b/,
      // The artifacts search bar: "Search artifacts by name, path: or checksum:".
      /\bpath: or checksum:/,
      // Reports: "Optional: the report's kind names it otherwise."
      /\bkind names it otherwise\b/,
      // Reports: "Repositories (none chosen: every indexed repository)".
      /\(none chosen:/,
    ]
    const found = [...files('ui', /\.tsx?$/), ...files('domain', /\.ts$/)].flatMap((file) =>
      texts(file)
        .filter(({ text }) => shorthand.some((r) => r.test(text)))
        .map(({ line, text }) => `${file}:${line}: ${text.trim().slice(0, 80)}`),
    )
    expect(found).toEqual([])
  })
})
