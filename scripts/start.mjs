// `npm start`: builds the console with `vite build` when dist/ is missing or older than its
// sources, then runs the reference platform server (`tsx server/main.ts`) in the foreground.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)

// What the console bundle is built from (the server is run from source by tsx).
const SOURCES = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'ui',
  'domain',
  'commands',
  'queries',
  'adapters',
]

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function buildIfNeeded() {
  const index = join(root, 'dist', 'index.html')
  const built = existsSync(index) ? statSync(index).mtimeMs : 0
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))))
  if (built >= sources) {
    console.log('Console build is up to date (dist/).')
    return
  }
  console.log(
    built === 0 ? 'Building the console (dist/ is missing)…' : 'Building the console (sources changed)…',
  )
  const result = spawnSync(bin('vite'), ['build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('vite build failed: the server was not started.')
    process.exit(result.status ?? 1)
  }
}

buildIfNeeded()

const env = process.env
const dataDir = resolve(root, env.DATA_DIR ?? '.data')
const firstStart = !existsSync(join(dataDir, 'platform.db'))

console.log(
  `Starting the reference platform (flavour ${env.PLATFORM_FLAVOUR ?? 'platform'}, data in ${dataDir})…`,
)
if (firstStart) {
  console.log('First start: seeding the accounts')
  console.log(`  admin     / ${env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : 'password'}   (administrator)`)
  console.log(`  developer / ${env.USER_PASSWORD ? '(USER_PASSWORD)' : 'password'}   (regular user)`)
} else {
  console.log('Accounts: admin and developer (passwords as set on first start, default `password`).')
}

const server = spawn(bin('tsx'), ['server/main.ts'], { cwd: root, stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    server.kill(signal)
  })
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
