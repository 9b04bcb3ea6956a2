// Every custom property a stylesheet of the console reads is a design token (ui/shared/tokens.css),
// one the same stylesheet sets, or one a component sets inline (listed below): a name that is none
// of these (a typo, a token that never was) silently falls back, and the screen drifts from the kit.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Set in a style attribute by their components, or by Radix on its popups.
const INLINE = new Set(['--fill', '--rows-height'])
const fromRadix = (name: string) => name.startsWith('--radix-')

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  )

const setIn = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!))

describe('CSS custom properties', () => {
  it('reads only tokens, its own properties and those set inline', () => {
    const tokens = setIn(readFileSync('ui/shared/tokens.css', 'utf8'))
    const unknown = cssFiles('ui').flatMap((file) => {
      const css = readFileSync(file, 'utf8')
      const own = setIn(css)
      return [...new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!))]
        .filter((name) => !tokens.has(name) && !own.has(name) && !INLINE.has(name) && !fromRadix(name))
        .map((name) => `${file}: ${name}`)
    })
    expect(unknown).toEqual([])
  })
})
