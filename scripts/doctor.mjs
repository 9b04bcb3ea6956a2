// `npm run doctor`: checks what `npm start` and `npm test` need on this machine and says what
// to do about each thing that is missing. Exits 1 when something `npm start` needs is wrong.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { root } from './buildIfNeeded.mjs'

const require = createRequire(import.meta.url)
const results = []
const report = (name, ok, detail, fix, required = true) => results.push({ name, ok, detail, fix, required })

// Node: the engines field of package.json says which versions are supported.
{
  const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node
  const minimum = Number(/(\d+)/.exec(wanted)?.[1] ?? 0)
  const major = Number(process.versions.node.split('.')[0])
  report(
    'Node.js',
    major >= minimum,
    `${process.version} (package.json wants ${wanted})`,
    `install Node.js ${minimum} or newer`,
  )
}

// The native SQLite module is compiled from source by `npm install` (no prebuilt binary here).
try {
  const Database = require('better-sqlite3')
  const db = new Database(':memory:')
  const version = db.prepare('select sqlite_version() as v').get().v
  db.close()
  report('SQLite native module', true, `better-sqlite3 loads (SQLite ${version})`, '')
} catch (error) {
  report(
    'SQLite native module',
    false,
    String(error instanceof Error ? error.message : error).split('\n')[0],
    'run `npm rebuild better-sqlite3` (needs python3, make and g++; takes 1–2 minutes)',
  )
}

// Chromium drives the end-to-end tests; `npm start` does not need it.
{
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const run = spawnSync(chromium, ['--version'], { encoding: 'utf8', timeout: 20_000 })
  report(
    'Chromium (tests only)',
    run.status === 0,
    run.status === 0 ? `${chromium}: ${run.stdout.trim()}` : `${chromium} does not run`,
    'install it with `apt-get install -y chromium`, or set CHROMIUM_PATH',
    false,
  )
}

// The port `npm start` listens on.
{
  const port = Number(process.env.PORT ?? 8082)
  const host = process.env.HOST ?? '127.0.0.1'
  const free = await new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, host, () => server.close(() => done(true)))
  })
  report(
    'Port',
    free,
    `${host}:${port} is ${free ? 'free' : 'in use'}`,
    'stop what uses it, or choose another with PORT=…',
  )
}

// The data folder (database, artifacts, logs).
{
  const dataDir = resolve(root, process.env.DATA_DIR ?? '.data')
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.W_OK)
    const probe = join(dataDir, `.doctor-${process.pid}`)
    writeFileSync(probe, 'ok')
    rmSync(probe)
    report('Data folder', true, `${dataDir} is writable`, '')
  } catch (error) {
    report(
      'Data folder',
      false,
      `${dataDir}: ${error.code ?? error}`,
      'choose a writable folder with DATA_DIR=…',
    )
  }
}

for (const { name, ok, detail, fix, required } of results) {
  const mark = ok ? 'ok  ' : required ? 'FAIL' : 'warn'
  console.log(`${mark}  ${name}: ${detail}${ok ? '' : `\n      → ${fix}`}`)
}
const failed = results.filter((r) => !r.ok && r.required)
console.log(
  failed.length === 0
    ? '\nReady: `npm start`.'
    : `\n${failed.length} problem(s) to fix before \`npm start\`.`,
)
process.exit(failed.length === 0 ? 0 : 1)
