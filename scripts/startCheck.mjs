// CI's check of the README's first command: `npm start` on a fresh data folder must answer
// /ui/ within 10 s of being started (the install has built the console already). Starts it,
// polls, stops it, and exits 1 with what it printed when it did not answer in time.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './buildIfNeeded.mjs'

const LIMIT_MS = Number(process.env.START_LIMIT_MS ?? 10_000)
const port = process.env.PORT ?? '8082'
const dataDir = mkdtempSync(join(tmpdir(), 'start-check-'))
const started = Date.now()
const child = spawn('npm', ['start'], {
  cwd: root,
  // The check never reaches the public registry.
  env: {
    NPM_REMOTE_URL: 'offline',
    GENERIC_REMOTE_URL: 'offline',
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
let output = ''
child.stdout.on('data', (c) => (output += c))
child.stderr.on('data', (c) => (output += c))

const stop = (code) => {
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code)
}

while (Date.now() - started < LIMIT_MS) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/ui/`, { signal: AbortSignal.timeout(1000) })
    if (res.ok && (await res.text()).includes('<div id="root">')) {
      console.log(`npm start answered /ui/ in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      stop(0)
    }
  } catch {
    // not listening yet
  }
  await new Promise((done) => setTimeout(done, 200))
}
console.error(`npm start did not answer /ui/ within ${LIMIT_MS / 1000} s. It printed:\n${output}`)
stop(1)
