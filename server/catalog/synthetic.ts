/**
 * BENCHMARKS ONLY: synthetic packages, so the console can be measured against a large
 * catalogue (`CATALOG_SYNTHETIC=50000 npm start`). Every synthetic package is named
 * `synthetic-…`, has the source `synthetic`, and is generated deterministically (a seeded
 * generator, no clock): the same N gives the same rows. Never loaded unless asked for.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../db'
import { packageInserter } from './store'
import type { SnapshotPackage } from './types'

const TYPES = ['npm', 'maven', 'go', 'docker', 'pypi', 'nuget', 'helm'] as const
const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'omega',
  'core',
  'util',
  'client',
  'server',
  'plugin',
  'cli',
  'kit',
]
const LICENSES = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', 'GPL-3.0']

/** A small seeded generator (mulberry32), so synthetic data is reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function syntheticPackage(index: number, random: () => number): SnapshotPackage {
  const type = TYPES[index % TYPES.length]!
  const word = WORDS[Math.floor(random() * WORDS.length)]!
  const name = `synthetic-${word}-${String(index).padStart(6, '0')}`
  const license = LICENSES[Math.floor(random() * LICENSES.length)]!
  const count = 1 + Math.floor(random() * 3)
  const base = Date.UTC(2020, 0, 1) + Math.floor(random() * 5 * 365) * 86_400_000
  const versions = Array.from({ length: count }, (_, i) => {
    const version = `${1 + i}.${Math.floor(random() * 10)}.0`
    const created = new Date(base + i * 30 * 86_400_000).toISOString()
    const text = `synthetic ${name}@${version}\n`
    const digest = (algo: string) => createHash(algo).update(text).digest('hex')
    const path = `${name}/${version}/${name}-${version}.txt`
    return {
      name: version,
      created,
      modified: created,
      repo: `${type}-synthetic`,
      leadFilePath: path,
      size: text.length,
      licenses: [license],
      advisories: [],
      files: [
        {
          name: `${name}-${version}.txt`,
          path,
          lead: true,
          size: text.length,
          md5: digest('md5'),
          sha1: digest('sha1'),
          sha256: digest('sha256'),
          mimeType: 'text/plain',
          content: { encoding: 'utf8' as const, data: text },
        },
      ],
      dependencies: [],
      properties: [{ key: 'synthetic', values: ['true'] }],
      readmeText: `# ${name}\n\nA synthetic package for benchmarks.\n`,
    }
  })
  return {
    type,
    name,
    description: `Synthetic ${word} package for benchmarks`,
    licenses: [license],
    licenseSource: 'synthetic',
    tags: ['synthetic', word],
    source: 'synthetic',
    versions,
  }
}

/** Inserts `count` synthetic packages (in the caller's transaction, if any); answers how many. */
export function insertSyntheticPackages(
  db: Db,
  count: number,
  seed = 42,
  progress: (done: number) => void = () => {},
): number {
  const insert = packageInserter(db)
  const random = seeded(seed)
  const step = Math.max(1, Math.floor(count / 10))
  const run = db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      insert(syntheticPackage(i, random))
      if (i % step === 0) progress(i)
    }
  })
  run()
  return count
}
