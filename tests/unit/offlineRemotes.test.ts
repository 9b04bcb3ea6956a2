/**
 * No test reaches the public registry (issue 29, Checks): a platform a test, bench or script
 * starts as a process (`server/main.ts`) inherits the runner's environment, where no
 * NPM_REMOTE_URL means npm's public registry. Every such start names the remotes' upstreams:
 * `OFFLINE_REMOTES` (tests/support/offlineRemotes.ts), which a test's own address may replace.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OFFLINE_REMOTES } from '../support/offlineRemotes'

const root = join(import.meta.dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : []
  })
}

/**
 * Files that run the platform's entry point in a child process; not `npm start` itself
 * (scripts/start.mjs), whose npm-remote is npm's public registry unless told otherwise.
 */
const starters = ['tests', 'bench', 'scripts']
  .flatMap(sources)
  .filter((path) => path !== join('scripts', 'start.mjs'))
  .filter((path) => /\[\s*'server\/main\.ts'\s*\]/.test(readFileSync(join(root, path), 'utf8')))

describe('platforms started as processes by tests, benches and scripts', () => {
  it('are found (the check looks at something)', () => {
    expect(starters).toEqual(
      expect.arrayContaining(['tests/support/platformProcess.ts', 'tests/server/ops-cluster.test.ts']),
    )
  })

  it('each name the remotes offline unless told otherwise', () => {
    const bare = starters.filter(
      (path) => !readFileSync(join(root, path), 'utf8').includes('OFFLINE_REMOTES'),
    )
    expect(bare).toEqual([])
  })

  it('offline is every seeded remote', () => {
    expect(OFFLINE_REMOTES).toEqual({
      NPM_REMOTE_URL: 'offline',
      GENERIC_REMOTE_URL: 'offline',
      DOCKER_REMOTE_URL: 'offline',
    })
  })
})
