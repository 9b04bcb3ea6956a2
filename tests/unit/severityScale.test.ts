// The severity scale is read at a glance: a more severe finding must read stronger than a less
// severe one in both themes (darker in OKLCH lightness; in the dark theme, where a pale tint reads
// lighter, also at least as saturated), and each stays legible on the surfaces and chip tints it
// is shown on. A pastel Critical beside a saturated High read as the milder of the two.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = readFileSync('ui/shared/tokens.css', 'utf8')
const declared = new Map([...css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))

type Theme = 'light' | 'dark'
const resolve = (name: string, theme: Theme): string => {
  const value = declared.get(name)
  if (value === undefined) throw new Error(`no token ${name}`)
  const ref = /^var\((--[\w-]+)\)$/.exec(value)
  if (ref) return resolve(ref[1]!, theme)
  const pair = /^light-dark\((#[0-9a-f]{3,6}),\s*(#[0-9a-f]{3,6})\)$/i.exec(value)
  if (pair) return theme === 'light' ? pair[1]! : pair[2]!
  return value
}

const channels = (hex: string) => {
  const h = hex.slice(1)
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
}
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
// OKLCH lightness and chroma (Björn Ottosson's matrices).
const oklch = (hex: string) => {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number]
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s
  return { L, C: Math.hypot(A, B) }
}

// Most severe first: each must read stronger than the next.
const ORDERED = ['--sev-critical', '--sev-high', '--sev-medium'] as const
const ALL = [...ORDERED, '--sev-low'] as const

describe.each<Theme>(['light', 'dark'])('severity colours in the %s theme', (theme) => {
  it('read stronger the more severe they are', () => {
    const steps = ORDERED.map((name) => ({ name, ...oklch(resolve(name, theme)) }))
    for (const [more, less] of steps.slice(0, -1).map((s, i) => [s, steps[i + 1]!] as const)) {
      expect(more.L, `${more.name} darker than ${less.name}`).toBeLessThan(less.L)
      if (theme === 'dark')
        expect(more.C, `${more.name} as saturated as ${less.name}`).toBeGreaterThanOrEqual(less.C)
    }
  })
  it('stay legible on every surface', () => {
    for (const name of ALL)
      for (const surface of ['--surface', '--surface-raised', '--surface-sunken'])
        expect(
          contrast(resolve(name, theme), resolve(surface, theme)),
          `${name} on ${surface}`,
        ).toBeGreaterThanOrEqual(4.5)
  })
  // A severity chip tints its background with 12% of its colour (ui/shared/kit/surface.module.css).
  it('stay legible on their own chip on a card', () => {
    for (const name of ALL)
      for (const surface of ['--surface', '--surface-raised']) {
        const colour = resolve(name, theme)
        const tint = `#${channels(colour)
          .map((c, i) => Math.round((0.12 * c + 0.88 * channels(resolve(surface, theme))[i]!) * 255))
          .map((v) => v.toString(16).padStart(2, '0'))
          .join('')}`
        expect(contrast(colour, tint), `${name} chip on ${surface}`).toBeGreaterThanOrEqual(4.5)
      }
  })
})
