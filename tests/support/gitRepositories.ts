/**
 * Real local git repositories for the fake git vendor's `gitDirs` (tests/support/fakeGitVendor.ts):
 * JSON files committed on a default branch, and other branches beside it. Used by the git
 * scanning tests and the gallery's Scans List with git repositories.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A git repository with these files (each written as JSON) committed on its default branch
 * (`main` unless named), and other branches with their own files beside it; its folder.
 */
export function gitRepository(
  files: Record<string, unknown>,
  options: { branch?: string; others?: Record<string, Record<string, unknown>> } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'scan-repo-'))
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
      stdio: 'ignore',
    })
  const commit = (of: Record<string, unknown>) => {
    for (const [name, body] of Object.entries(of))
      writeFileSync(join(dir, name), JSON.stringify(body, null, 2))
    git('add', '.')
    git('commit', '-q', '-m', 'manifests')
  }
  const branch = options.branch ?? 'main'
  git('init', '-q', '-b', branch)
  commit(files)
  for (const [other, otherFiles] of Object.entries(options.others ?? {})) {
    git('checkout', '-q', '-b', other)
    commit(otherFiles)
  }
  git('checkout', '-q', branch)
  return dir
}

/** A package.json naming these dependencies (any version) and a package-lock.json locking them. */
export const lockOf = (name: string, locked: Record<string, string>) => ({
  'package.json': { name, dependencies: Object.fromEntries(Object.keys(locked).map((d) => [d, '*'])) },
  'package-lock.json': {
    name,
    lockfileVersion: 3,
    packages: {
      '': { name },
      ...Object.fromEntries(Object.entries(locked).map(([d, version]) => [`node_modules/${d}`, { version }])),
    },
  },
})
