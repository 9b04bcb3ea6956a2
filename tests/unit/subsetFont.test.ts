// The font the build ships is Inter cut down to what the console can show, in two faces
// (scripts/subsetFont.ts): read each subset's character map and weight axis back with HarfBuzz
// and hold them to that; the style sheet's faces take disjoint ranges.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Blob, Face } from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import {
  coreCharacters,
  DATA_CHARACTERS,
  EXTRA_FONT_IMPORT,
  extraCharacters,
  FONT_IMPORT,
  splitFontFace,
  subsetInter,
  unicodeRange,
  WEIGHTS,
} from '../../scripts/subsetFont'

const require = createRequire(import.meta.url)
const fontverter = require('fontverter') as { convert: (font: Buffer, to: 'sfnt') => Promise<Buffer> }

async function faceOf(woff2: Buffer) {
  return new Face(new Blob(await fontverter.convert(woff2, 'sfnt')), 0)
}
const charactersOf = (face: Face) =>
  new Set([...face.collectUnicodes()].map((code) => String.fromCodePoint(code)))

describe('the subset font', async () => {
  const root = process.cwd()
  const original = readFileSync(require.resolve(FONT_IMPORT))
  const core = coreCharacters(root)
  const extra = extraCharacters(core)
  const coreFont = await subsetInter(root, core)
  const extraFont = await subsetInter(root, extra)
  const before = charactersOf(await faceOf(original))
  const inCore = charactersOf(await faceOf(coreFont))
  const inExtra = charactersOf(await faceOf(extraFont))

  it('keeps every character of the data ranges the original font has, in one face or the other', () => {
    const lost = DATA_CHARACTERS.filter((ch) => before.has(ch) && !inCore.has(ch) && !inExtra.has(ch))
    expect(lost).toEqual([])
  })

  it("keeps the console's own typography and printable ASCII in the core face", () => {
    // The messages use typographic quotes, dashes and the ellipsis (ui/shared/messages.ts).
    for (const ch of ['’', '…', '—', 'a', '~', ' ']) {
      expect(core).toContain(ch)
      expect(inCore.has(ch), ch).toBe(true)
    }
    // Accented letters are the data's: the extra face's.
    expect(core).not.toContain('é')
    expect(inExtra.has('é')).toBe(true)
  })

  it('drops the glyphs nothing uses; the core face is smaller than one face of both sets', async () => {
    const kept = core + extra
    const dropped = [...before].filter((ch) => !kept.includes(ch))
    expect(dropped.length).toBeGreaterThan(0)
    expect(dropped.filter((ch) => inCore.has(ch) || inExtra.has(ch))).toEqual([])
    const both = await subsetInter(root, kept)
    expect(coreFont.length).toBeLessThan(both.length)
    expect(both.length).toBeLessThan(original.length)
  })

  it('keeps only the weights the style sheets use', async () => {
    for (const font of [coreFont, extraFont]) {
      const wght = (await faceOf(font)).getAxisInfos().wght
      expect(wght).toMatchObject({ min: WEIGHTS.min, max: WEIGHTS.max })
    }
  })

  it("writes the style sheet's face as two, with disjoint ranges that cover what each keeps", () => {
    expect(unicodeRange(' !"#0A\u00e9\u2026')).toBe('U+0020-0023, U+0030, U+0041, U+00E9, U+2026')
    const css = readFileSync('ui/shared/tokens.css', 'utf8')
    const faces = splitFontFace(css, core, extra).match(/@font-face\s*\{[^}]*\}/g) ?? []
    expect(faces).toHaveLength(2)
    expect(faces[0]).toContain(FONT_IMPORT)
    expect(faces[1]).toContain(EXTRA_FONT_IMPORT)
    const codes = (face: string) => {
      const ranges = /unicode-range: ([^;]+);/.exec(face)![1]!.split(', ')
      return ranges.flatMap((r) => {
        const [from, to = from] = r
          .replace(/U\+/g, '')
          .split('-')
          .map((h) => parseInt(h, 16)) as [number, number?]
        return Array.from({ length: to - from + 1 }, (_, i) => from + i)
      })
    }
    const [coreCodes, extraCodes] = [codes(faces[0]!), codes(faces[1]!)]
    expect(coreCodes.filter((c) => extraCodes.includes(c))).toEqual([])
    expect(new Set(coreCodes)).toEqual(new Set([...core].map((ch) => ch.codePointAt(0))))
    expect(new Set(extraCodes)).toEqual(new Set([...extra].map((ch) => ch.codePointAt(0))))
  })
})
