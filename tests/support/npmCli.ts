/**
 * The npm CLI that ships with Node, run against a test server: an environment with nothing of
 * the runner's npm settings (registry, cache, …), a call that answers its output or its failure,
 * and a freshly made package to publish. Shared by the server test and the e2e of the npm loop.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface NpmAnswer {
  readonly stdout: string
  readonly stderr: string
  readonly failed?: true
}

/** npm with `work` as its home and cache, and `userconfig` as its .npmrc. */
export function npmCli(work: string) {
  const env = (userconfig: string): NodeJS.ProcessEnv => ({
    // Only what npm needs: no inherited npm_config_* of the runner (registry, cache, …).
    PATH: process.env.PATH,
    HOME: work,
    npm_config_userconfig: userconfig,
    npm_config_cache: join(work, 'cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  })
  return {
    /** `timeout`: a bound for a stuck run, longer for a run with much to do. */
    async npm(args: string[], cwd: string, userconfig: string, timeout = 60_000): Promise<NpmAnswer> {
      try {
        return await run('npm', args, { cwd, env: env(userconfig), timeout })
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string }
        return { stdout: e.stdout ?? '', stderr: e.stderr ?? '', failed: true }
      }
    },
    /** A package folder with package.json, index.js, README.md and LICENSE. */
    makePackage(name: string, version: string, readme: string, extra: Record<string, unknown> = {}): string {
      const dir = join(work, `pkg-${version}-${Math.random().toString(36).slice(2)}`)
      mkdirSync(dir)
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({
          name,
          version,
          description: 'A package made by the test',
          license: 'MIT',
          keywords: ['loop'],
          main: 'index.js',
          ...extra,
        }),
      )
      writeFileSync(join(dir, 'index.js'), `module.exports = 'hello ${version}'\n`)
      writeFileSync(join(dir, 'README.md'), readme)
      writeFileSync(join(dir, 'LICENSE'), 'MIT licence text\n')
      return dir
    },
  }
}
