/**
 * The server's version (package.json) and revision (the git commit it runs from, when known).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

function readVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ??
      '0.0.0'
    )
  } catch {
    return '0.0.0'
  }
}

function readRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
  } catch {
    // A copy without git history (e.g. an unpacked archive).
    return 'unknown'
  }
}

let cached: { version: string; revision: string } | undefined
export function serverVersion(): { version: string; revision: string } {
  cached ??= { version: readVersion(), revision: readRevision() }
  return cached
}
