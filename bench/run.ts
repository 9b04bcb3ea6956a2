/**
 * `npm run bench [-- NAME…]`: runs every `bench/*.bench.ts` (or those named) and prints
 * their figures. Figures are for reading and for the team's notes, never asserted.
 */
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BenchModule, Figure } from './types'

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)

const number = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toPrecision(3))

function format(f: Figure, width: number): string {
  const value = number(f.value)
  const spread = f.spread ? `  [${number(f.spread.min)}–${number(f.spread.max)}]` : ''
  const ratio = f.ratio ? `  (${f.ratio.value.toFixed(2)}× ${f.ratio.to})` : ''
  const target = f.target ? `  [target: ${f.target}]` : ''
  return `  ${f.name.padEnd(width)} ${value.padStart(12)} ${f.unit}${spread}${ratio}${target}`
}

const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort()

let failed = false
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as BenchModule
  if (mod.optional && wanted.length === 0) continue
  console.log(`\n${mod.title} (${file})`)
  try {
    const figures = await mod.run()
    // Names wider than the usual column (a median's "of N") keep the values of a bench aligned.
    const width = Math.max(58, ...figures.map((f) => f.name.length))
    for (const figure of figures) console.log(format(figure, width))
  } catch (error) {
    failed = true
    console.log(`  failed: ${(error as Error).stack ?? String(error)}`)
  }
}
process.exitCode = failed ? 1 : 0
