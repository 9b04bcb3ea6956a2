// The font the build ships is Inter cut down to what the console can show (scripts/subsetFont.ts):
// read the subset's character map and weight axis back with HarfBuzz and hold them to that.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Blob, Face } from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import {
  charactersToKeep,
  DATA_CHARACTERS,
  FONT_IMPORT,
  subsetInter,
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
  const kept = charactersToKeep(root)
  const subset = await subsetInter(root, kept)
  const before = charactersOf(await faceOf(original))
  const after = charactersOf(await faceOf(subset))

  it('keeps every character of the data ranges the original font has', () => {
    const lost = DATA_CHARACTERS.filter((ch) => before.has(ch) && !after.has(ch))
    expect(lost).toEqual([])
  })

  it("keeps the console's own typography found in its sources", () => {
    // The messages use typographic quotes, dashes and the ellipsis (ui/shared/messages.ts).
    for (const ch of ['’', '…', '—']) {
      expect(kept).toContain(ch)
      expect(after.has(ch)).toBe(true)
    }
  })

  it('drops the glyphs nothing uses and is smaller for it', () => {
    const dropped = [...before].filter((ch) => !kept.includes(ch))
    expect(dropped.length).toBeGreaterThan(0)
    expect(dropped.filter((ch) => after.has(ch))).toEqual([])
    expect(subset.length).toBeLessThan(original.length)
  })

  it('keeps only the weights the style sheets use', async () => {
    const wght = (await faceOf(subset)).getAxisInfos().wght
    expect(wght).toMatchObject({ min: WEIGHTS.min, max: WEIGHTS.max })
  })
})
