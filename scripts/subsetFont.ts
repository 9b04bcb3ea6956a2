/**
 * The console's one font (Inter, variable weight, tokens.css) cut down to the characters it
 * can show, at build time: the font is on the critical path of the first paint (preloaded), and
 * the Latin file fontsource ships carries glyphs the console never draws. What stays:
 * - every character of the console's own text (its messages and views: non-ASCII characters
 *   found in ui/ and domain/, such as the typographic quotes, arrows and the ellipsis);
 * - printable ASCII, Latin-1 (U+00A0–U+00FF), general punctuation (U+2000–U+206F: quotes,
 *   dashes, bullets), the euro, trade mark and minus signs, because package names, descriptions
 *   and user names come from the platform and are mostly made of those;
 * - the weights the style sheets use (400 to 700), not the whole 100–900 axis.
 * Any other character a registry's data brings is drawn by the fallback fonts of `--font`, glyph
 * by glyph, as browsers do for a missing glyph.
 *
 * The subset is written once per build to a cache file, and the style sheet's import of the
 * fontsource file resolves to it (an alias), so the built file's hashed name follows its bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { filesUnder } from './precompress.ts'

/** The import tokens.css writes in its @font-face. */
export const FONT_IMPORT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'
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

/** The characters the subset keeps: the data's and whatever the console's sources contain. */
export function charactersToKeep(root: string): string {
  const kept = new Set(DATA_CHARACTERS)
  for (const dir of SOURCE_DIRS)
    for (const file of filesUnder(join(root, dir)).filter((path) => SOURCE_FILE.test(path)))
      for (const ch of readFileSync(file, 'utf8')) {
        const code = ch.codePointAt(0) ?? 0
        // Control characters and the private use area draw nothing in a text font.
        if (code > 0x7e && code !== 0xfeff && !(code >= 0xe000 && code <= 0xf8ff)) kept.add(ch)
      }
  return [...kept].sort().join('')
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

export function subsetFont(root: string): Plugin {
  return {
    name: 'subset-font',
    async config() {
      const dir = join(root, 'node_modules', '.cache', 'console-font')
      const file = join(dir, 'inter-latin-wght-normal.woff2')
      mkdirSync(dir, { recursive: true })
      writeFileSync(file, await subsetInter(root, charactersToKeep(root)))
      return { resolve: { alias: [{ find: FONT_IMPORT, replacement: file }] } }
    },
  }
}
