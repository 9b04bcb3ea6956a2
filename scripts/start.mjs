// `npm start`: builds the console when dist/ is missing or older than its sources (usually
// `npm install` has built it already), then runs the reference platform server
// (`tsx server/main.ts`) in the foreground and says how long start-up took.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildIfNeeded, root } from './buildIfNeeded.mjs'

const bin = (name) => join(root, 'node_modules', '.bin', name)
const startedAt = Date.now()

if (!buildIfNeeded()) {
  console.error('vite build failed: the server was not started.')
  process.exit(1)
}

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

const server = spawn(bin('tsx'), ['server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  // graphql-js checks every type test twice outside production (a guard against two copies of
  // the library): a tenth of a catalogue query's time. Nothing else reads NODE_ENV.
  env: { NODE_ENV: 'production', ...env },
})
// Pass the server's output through, and add the start-up time to its 'Console: …' line.
let announced = false
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!announced && chunk.toString().includes('Console: http')) {
    announced = true
    console.log(`Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Stop with Ctrl+C.`)
  }
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    server.kill(signal)
  })
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
