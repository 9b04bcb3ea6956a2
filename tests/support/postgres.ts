/**
 * A PostgreSQL server for tests: Debian's binaries (/usr/lib/postgresql/<version>/bin, installed
 * by .ci/run), a fresh cluster by initdb in a temporary folder, listening on 127.0.0.1 at a free
 * port, stopped and removed by `stop()`. As root (CI), the cluster belongs to the `postgres`
 * user, since PostgreSQL refuses to run as root. Each `database()` is a new, empty database
 * collated as ICU's en-US.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestPostgres {
  /** The URL of a new, empty database on the server. */
  database(): Promise<string>
  stop(): Promise<void>
}

export function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (as .ci/run does)')
  return join(root, versions[0]!, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.on('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

/**
 * Runs SQL on the database at `url` synchronously, through Debian's `psql`, for test helpers that
 * answer at once (a session written straight into the database): the value of the first column
 * of each row the script's last statement answers.
 */
export function psqlSync(url: string, script: string): string[] {
  const out = execFileSync(
    join(binDir(), 'psql'),
    [url, '--no-psqlrc', '--quiet', '--tuples-only', '--no-align', '-v', 'ON_ERROR_STOP=1', '-c', script],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  ).toString()
  return out.split('\n').filter((line) => line !== '')
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir()
  const root = process.getuid?.() === 0
  const owner = root ? execFileSync('id', ['-u', 'postgres']).toString().trim() : undefined
  const group = root ? execFileSync('id', ['-g', 'postgres']).toString().trim() : undefined
  const dir = mkdtempSync(join(tmpdir(), 'console-postgres-'))
  if (root) {
    chownSync(dir, Number(owner), Number(group))
    chmodSync(dir, 0o700)
  }
  const as = (command: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const data = join(dir, 'data')
  const [initdb, initArgs] = as(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'platform',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
  ])
  execFileSync(initdb, initArgs, { stdio: 'pipe' })
  const port = await freePort()
  const [postgres, args] = as(join(bin, 'postgres'), [
    '-D',
    data,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-k',
    dir,
    // Test data: no need to survive a crash of the machine.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ])
  const child: ChildProcess = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((ready, fail) => {
    const check = () => {
      if (/ready to accept connections/.test(output)) ready()
      else if (child.exitCode !== null) fail(new Error(`PostgreSQL did not start:\n${output}`))
    }
    child.stdout?.on('data', check)
    child.stderr?.on('data', check)
    child.on('exit', check)
  })
  const base = `postgres://platform@127.0.0.1:${port}`
  const moduleName = 'pg'
  const pg = (
    (await import(moduleName)) as {
      default: {
        Client: new (url: string) => {
          connect(): Promise<void>
          query(text: string): Promise<unknown>
          end(): Promise<void>
        }
      }
    }
  ).default
  let made = 0
  return {
    async database() {
      const name = `test_${process.pid}_${++made}`
      const admin = new pg.Client(`${base}/postgres`)
      await admin.connect()
      try {
        // A collation that orders text unlike SQLite (ICU's en-US: case and punctuation
        // second), as production databases often have: the platform must not depend on it.
        await admin.query(
          `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
        )
      } finally {
        await admin.end()
      }
      return `${base}/${name}`
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.on('exit', done))
        // Fast shutdown (ends the sessions still open), sent to the server itself: as root it
        // runs under runuser, which does not pass the signal on.
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
        process.kill(pid, 'SIGINT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
