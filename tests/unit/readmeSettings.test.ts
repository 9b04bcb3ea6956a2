// The README's settings table is what a newcomer reads to configure `npm start`: every
// variable it lists must really be read by the server, the start script or the dev server.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

function settingsTableVariables(readme: string): string[] {
  const section = readme.split('\n## Settings')[1]?.split('\n## ')[0] ?? ''
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1] as string)
}

function sourcesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((entry) => sourcesUnder(join(path, entry)))
}

const readers = [
  ...sourcesUnder(join(root, 'server')),
  ...sourcesUnder(join(root, 'scripts')),
  join(root, 'vite.config.ts'),
]
  .filter((file) => /\.(ts|mjs|js)$/.test(file))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n')

describe('README settings table', () => {
  const variables = settingsTableVariables(readFileSync(join(root, 'README.md'), 'utf8'))

  it('lists the settings a newcomer needs', () => {
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'PLATFORM_FLAVOUR',
      'PLATFORM_LICENSE',
      'ANONYMOUS_ACCESS',
      'NODES',
    ])
      expect(variables).toContain(name)
  })

  it.each(variables.map((v) => [v]))('%s is read from the environment', (name) => {
    expect(readers).toMatch(new RegExp(`env\\.${name}\\b|env\\[['"]${name}['"]\\]`))
  })
})

// The README is a guide a newcomer reads through, not a log: figures and history live in docs/.
describe('README length', () => {
  it('stays a guide of at most 150 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n')
    expect(lines.length).toBeLessThanOrEqual(150)
  })
})
