/**
 * The console's one font (Inter, variable weight, tokens.css) cut down to the characters it
 * can show, at build time, in two faces of one family:
 * - the core face: printable ASCII and every other character of the console's own text (its
 *   messages and views: the typographic quotes, dashes, arrows and the ellipsis found in ui/ and
 *   domain/), plus the spaces and the minus sign the browser's number and date formats write. It
 *   is on the critical path of the first paint (preloaded: index.html).
 * - the extra face: the rest of Latin-1 (U+00A0–U+00FF), general punctuation (U+2000–U+206F),
 *   the euro and trade mark signs, because package names, descriptions and user names come from
 *   the platform and are mostly made of those. Its `unicode-range` lets the browser fetch it only
 *   for a page that draws one of them: the one file was 28 KB, the ASCII glyphs ~20 KB of it.
 * Both keep only the weights the style sheets use (400 to 700), not the whole 100–900 axis. Any
 * other character a registry's data brings is drawn by the fallback fonts of `--font`, glyph by
 * glyph, as browsers do for a missing glyph.
 *
 * Each face is written once per build to a cache file; the style sheet's one @font-face
 * (tokens.css) is replaced by the two, each with its `unicode-range`, and their imports resolve
 * to the cache files (aliases), so the built files' hashed names follow their bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { filesUnder } from './precompress.ts'

/** The import tokens.css writes in its @font-face (the core face, once built). */
export const FONT_IMPORT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'
/** The extra face's import, resolved to its cache file. */
export const EXTRA_FONT_IMPORT = 'console-font/inter-extra.woff2'
/** The weights the style sheets use (font-weight values in ui/, and bold's 700). */
export const WEIGHTS = { min: 400, max: 700 } as const
const SOURCE_DIRS = ['ui', 'domain']
const SOURCE_FILE = /\.(tsx?|css)$/

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))

/** What the platform's data is mostly made of (see above), whatever the console's sources use. */
export const DATA_CHARACTERS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...range(0x2000, 0x206f),
  '\u20ac',
  '\u2122',
  '\u2212',
]

/** What the browser's own formats write into the console's text: no-break, thin and narrow spaces, minus. */
const FORMAT_CHARACTERS = ['\u00a0', '\u2009', '\u202f', '\u2212']

/** The non-ASCII characters of the console's sources (its messages, views and rules). */
export function sourceCharacters(root: string): string[] {
  const found = new Set<string>()
  for (const dir of SOURCE_DIRS)
    for (const file of filesUnder(join(root, dir)).filter((path) => SOURCE_FILE.test(path)))
      for (const ch of readFileSync(file, 'utf8')) {
        const code = ch.codePointAt(0) ?? 0
        // Control characters and the private use area draw nothing in a text font.
        if (code > 0x7e && code !== 0xfeff && !(code >= 0xe000 && code <= 0xf8ff)) found.add(ch)
      }
  return [...found]
}

/** The core face's characters: printable ASCII, the console's own and the formats'. */
export function coreCharacters(root: string): string {
  return [...new Set([...range(0x20, 0x7e), ...sourceCharacters(root), ...FORMAT_CHARACTERS])].sort().join('')
}

/** The extra face's characters: the data's that the core face does not have. */
export function extraCharacters(core: string): string {
  return DATA_CHARACTERS.filter((ch) => !core.includes(ch)).join('')
}

/** Every character either face keeps (the one file's set before the cut). */
export function charactersToKeep(root: string): string {
  const core = coreCharacters(root)
  return [...new Set([...core, ...extraCharacters(core)])].sort().join('')
}

/** A CSS `unicode-range` for these characters: runs of code points merged into ranges. */
export function unicodeRange(characters: string): string {
  const codes = [...new Set([...characters].map((ch) => ch.codePointAt(0) ?? 0))].sort((a, b) => a - b)
  const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
  const parts: string[] = []
  for (let i = 0; i < codes.length;) {
    let j = i
    while (j + 1 < codes.length && codes[j + 1] === (codes[j] as number) + 1) j++
    parts.push(
      i === j
        ? hex(codes[i] as number)
        : `${hex(codes[i] as number)}-${(codes[j] as number).toString(16).toUpperCase().padStart(4, '0')}`,
    )
    i = j + 1
  }
  return parts.join(', ')
}

type SubsetFont = (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2'; variationAxes: { wght: { min: number; max: number } } },
) => Promise<Buffer>

/** Subsets the fontsource file to `text` and the used weights; returns the woff2 bytes. */
export async function subsetInter(root: string, text: string): Promise<Buffer> {
  const require = createRequire(join(root, 'package.json'))
  const subset = require('subset-font') as SubsetFont
  const original = readFileSync(require.resolve(FONT_IMPORT))
  return subset(original, text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } })
}

/** The @font-face of tokens.css, as written there (one face, the fontsource file). */
const FONT_FACE = /@font-face\s*\{[^}]*inter-latin-wght-normal\.woff2[^}]*\}/

/** The style sheet's one @font-face as the two faces, each with its characters' range. */
export function splitFontFace(css: string, core: string, extra: string): string {
  const face = FONT_FACE.exec(css)?.[0]
  if (face === undefined) throw new Error('tokens.css has no @font-face of the Inter file')
  const withRange = (block: string, characters: string) =>
    block.replace(/\}\s*$/, `  unicode-range: ${unicodeRange(characters)};\n}`)
  const extraFace = withRange(face.replace(FONT_IMPORT, EXTRA_FONT_IMPORT), extra)
  return css.replace(face, `${withRange(face, core)}\n${extraFace}`)
}

export function subsetFont(root: string): Plugin {
  const core = coreCharacters(root)
  const extra = extraCharacters(core)
  return {
    name: 'subset-font',
    // Before vite's CSS plugin, which resolves the faces' url()s.
    enforce: 'pre',
    async config() {
      const dir = join(root, 'node_modules', '.cache', 'console-font')
      const coreFile = join(dir, 'inter-latin-wght-normal.woff2')
      const extraFile = join(dir, 'inter-extra.woff2')
      mkdirSync(dir, { recursive: true })
      writeFileSync(coreFile, await subsetInter(root, core))
      writeFileSync(extraFile, await subsetInter(root, extra))
      return {
        resolve: {
          alias: [
            { find: FONT_IMPORT, replacement: coreFile },
            { find: EXTRA_FONT_IMPORT, replacement: extraFile },
          ],
        },
      }
    },
    transform(code, id) {
      return /[\\/]ui[\\/]shared[\\/]tokens\.css$/.test(id) ? splitFontFace(code, core, extra) : null
    },
  }
}
