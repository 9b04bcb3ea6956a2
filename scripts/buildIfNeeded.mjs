// Builds the console (`vite build` into dist/) only when dist/ is missing or older than its
// sources. Run by `npm install` (the `prepare` script), so the first `npm start` answers in
// seconds, and again by `npm start`, so a changed source is never served stale.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

// What the console bundle is built from (the server is run from source by tsx).
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'ui',
  'domain',
  'commands',
  'queries',
  'adapters',
]

export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** Returns true when the build is up to date or was built now; false when `vite build` failed. */
export function buildIfNeeded() {
  const index = join(root, 'dist', 'index.html')
  const built = existsSync(index) ? statSync(index).mtimeMs : 0
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))))
  if (built >= sources) {
    console.log('Console build is up to date (dist/).')
    return true
  }
  console.log(
    built === 0 ? 'Building the console (dist/ is missing)…' : 'Building the console (sources changed)…',
  )
  const started = Date.now()
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) return false
  console.log(`Console built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Installed as a dependency of something else (no vite here): nothing to build.
  if (!existsSync(join(root, 'node_modules', '.bin', 'vite'))) process.exit(0)
  process.exit(buildIfNeeded() ? 0 : 1)
}
