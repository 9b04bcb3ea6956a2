/**
 * A PostgreSQL server for tests: Debian's binaries (/usr/lib/postgresql/<version>/bin, installed
 * by .ci/run), a fresh cluster by initdb in a temporary folder, listening on 127.0.0.1 at a free
 * port. As root (CI), the cluster belongs to the `postgres` user, since PostgreSQL refuses to run
 * as root. Each `database()` is a new database collated as ICU's en-US.
 *
 * `sharedPostgres()` is one cluster per process (a test worker runs file after file in it), each
 * file and test server with databases of its own: starting a cluster per test server, and
 * migrating, copying the catalogue and scanning it afresh in each, took 15 s of CPU-bound work per
 * server, and at load 18 on two cores files ran out of their minute before their first test.
 * Databases a platform starts from are cloned from templates prepared once per cluster.
 *
 * A small shell process watches each cluster: when the process that started it ends, however it
 * ends (a worker killed at the end of a run included), its pipe closes and the watcher stops the
 * cluster and removes its folder, so no cluster outlives its tests.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/**
 * What a new database holds: nothing; the platform's migrations and its catalogue; or also the
 * shipped advisories imported and the catalogue scanned against them, as a platform's first start
 * leaves it. The scan stamps its rows with the time it ran: a test that moves the platform's clock
 * asks for `catalogue`, so its server scans at the clock's time.
 */
export type Prepared = 'empty' | 'catalogue' | 'scanned'

export interface TestPostgres {
  /** The URL of a new database on the server, holding what `prepared` says (empty by default). */
  database(prepared?: Prepared): Promise<string>
  /** Drops a database `database()` made, ending the sessions still on it. */
  drop(url: string): Promise<void>
  /** Stops the cluster and removes its folder (a shared cluster stops when its process ends). */
  stop(): Promise<void>
}

const run = promisify(execFile)

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

interface PgClient {
  connect(): Promise<void>
  query(text: string): Promise<unknown>
  end(): Promise<void>
}

async function pgClient(url: string): Promise<PgClient> {
  const moduleName = 'pg'
  const pg = ((await import(moduleName)) as { default: { Client: new (url: string) => PgClient } }).default
  const client = new pg.Client(url)
  await client.connect()
  return client
}

/** Runs `text` on the cluster's maintenance database. */
async function admin(base: string, text: string): Promise<void> {
  const client = await pgClient(`${base}/postgres`)
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/**
 * The shell that stops the cluster once its standard input closes: at `stop()`, or when the
 * process that started it ends. Its own session, so a Ctrl-C to the test run reaches it only
 * through that closed pipe, after the tests' own clean-up.
 */
const WATCHER = `
read _ignored
$AS "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 120 stop >/dev/null 2>&1
rm -rf "$DIR"
`

export async function startPostgres(
  options: {
    /**
     * Commits wait for the disk, as a production server's do (a benchmark's figures); tests'
     * data need not survive a crash of the machine, so by default they do not.
     */
    durable?: boolean
  } = {},
): Promise<TestPostgres> {
  const bin = binDir()
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'console-postgres-'))
  if (root) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
    chownSync(dir, id('-u'), id('-g'))
    chmodSync(dir, 0o700)
  }
  const as = (command: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const data = join(dir, 'data')
  const watcher: ChildProcess = spawn('sh', ['-c', WATCHER], {
    env: { ...process.env, AS: root ? 'runuser -u postgres --' : '', BIN: bin, DATA: data, DIR: dir },
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  })
  // Neither the watcher nor its pipe keeps this process alive; the pipe closes when it ends.
  watcher.unref()
  ;(watcher.stdin as Socket).unref()
  const watcherExited = new Promise((done) => watcher.on('exit', done))
  const stop = async () => {
    // Waited for: the watcher keeps this process alive until the cluster is gone.
    watcher.ref()
    watcher.stdin?.end()
    await watcherExited
  }
  try {
    await run(
      ...as(join(bin, 'initdb'), [
        '-D',
        data,
        '-U',
        'platform',
        '--auth=trust',
        '--encoding=UTF8',
        '--no-sync',
      ]),
    )
    const port = await freePort()
    const settings = [
      `-h 127.0.0.1 -p ${port} -k ${dir}`,
      options.durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      // The files of a run and their test servers share the cluster, each server a pool of its own.
      '-c max_connections=300',
    ].join(' ')
    // pg_ctl answers once the server accepts connections; the bound is for a machine so loaded
    // that starting takes minutes, not a timing.
    await run(
      ...as(join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-t',
        '300',
        '-o',
        settings,
        'start',
      ]),
    )
    return clusterAt(`postgres://platform@127.0.0.1:${port}`, stop)
  } catch (error) {
    await stop()
    throw error
  }
}

/** What another process needs to use a running cluster: its address and its prepared templates. */
export interface SharedCluster {
  readonly base: string
  readonly templates: Readonly<Record<Exclude<Prepared, 'empty'>, string>>
}

/**
 * Prepares the templates now and answers what other processes need to use the cluster (a test
 * run's global set-up hands it to its workers in TEST_POSTGRES_CLUSTER).
 */
export async function shareCluster(cluster: TestPostgres): Promise<SharedCluster> {
  const { base, template } = internals.get(cluster)!
  return { base, templates: { catalogue: await template('catalogue'), scanned: await template('scanned') } }
}

const internals = new WeakMap<
  TestPostgres,
  { base: string; template: (prepared: Exclude<Prepared, 'empty'>) => Promise<string> }
>()

function clusterAt(
  base: string,
  stop: () => Promise<void>,
  prepared: Partial<SharedCluster['templates']> = {},
): TestPostgres {
  let made = 0
  const templates = new Map<Prepared, Promise<string>>(
    Object.entries(prepared).map(([what, name]) => [what as Prepared, Promise.resolve(name)]),
  )
  const create = async (template?: string): Promise<string> => {
    const name = `test_${process.pid}_${++made}`
    // A collation that orders text unlike SQLite (ICU's en-US: case and punctuation second), as
    // production databases often have: the platform must not depend on it. A clone keeps its
    // template's.
    await admin(
      base,
      template
        ? `CREATE DATABASE ${name} TEMPLATE ${template}`
        : `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`,
    )
    return name
  }
  const template = (prepared: Exclude<Prepared, 'empty'>): Promise<string> => {
    let made = templates.get(prepared)
    if (!made) {
      made = prepare(prepared)
      templates.set(prepared, made)
    }
    return made
  }
  const prepare = async (prepared: Exclude<Prepared, 'empty'>): Promise<string> => {
    const name = prepared === 'catalogue' ? await create() : await create(await template('catalogue'))
    const { openPostgres } = await import('../../server/db/postgresSql')
    const sql = await openPostgres(`${base}/${name}`)
    try {
      // What the platform's first start does before it serves (server/app.ts), no more: accounts,
      // settings and anything else a test's configuration decides are made by its own server.
      if (prepared === 'catalogue') {
        const { copyCatalogIfEmpty } = await import('../../server/catalog/load')
        await sql.migrate()
        await copyCatalogIfEmpty(sql)
      } else {
        const { createXrayService } = await import('../../server/xray/service')
        const { systemClock } = await import('../../server/clock')
        await createXrayService({ sql, clock: systemClock }).seedIfEmpty()
      }
    } finally {
      await sql.close()
    }
    return name
  }
  const fresh = async (prepared: Prepared): Promise<string> =>
    prepared === 'empty' ? create() : create(await template(prepared))
  /**
   * The next database of each kind, made while the one before is in use: a clone took 0.3–1 s of
   * each test server's start at load 20, where the rest of a start on PostgreSQL took about what
   * SQLite's does. A spare no test took goes with the cluster.
   */
  const spares = new Map<Prepared, Promise<string>>()
  const cluster: TestPostgres = {
    async database(prepared = 'empty') {
      const name = await (spares.get(prepared)?.catch(() => fresh(prepared)) ?? fresh(prepared))
      const next = fresh(prepared)
      // A spare that could not be made (its cluster stopping) is made afresh when asked for.
      next.catch(() => undefined)
      spares.set(prepared, next)
      return `${base}/${name}`
    },
    async drop(url) {
      const name = new URL(url).pathname.slice(1)
      if (!/^test_\d+_\d+$/.test(name)) throw new Error(`not a test database: ${name}`)
      await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
    stop,
  }
  internals.set(cluster, { base, template })
  return cluster
}

const SHARED = Symbol.for('console.tests.sharedPostgres')
type WithShared = typeof globalThis & { [SHARED]?: Promise<TestPostgres> }

/**
 * One cluster for this process: the test run's (TEST_POSTGRES_CLUSTER, tests/support/
 * postgresGlobal.ts), or else one started at the first call, which stops when the process ends.
 * Either way its `stop()` does nothing: other files of the same worker use it after this one.
 */
export function sharedPostgres(): Promise<TestPostgres> {
  const holder = globalThis as WithShared
  let shared = holder[SHARED]
  const given = process.env.TEST_POSTGRES_CLUSTER
  if (!shared && given) {
    const { base, templates } = JSON.parse(given) as SharedCluster
    shared = Promise.resolve(clusterAt(base, async () => undefined, templates))
    holder[SHARED] = shared
  }
  if (!shared) {
    shared = startPostgres().then((cluster) => ({ ...cluster, stop: async () => undefined }))
    // A cluster that did not start is not kept: the next file tries again.
    shared.catch(() => {
      if (holder[SHARED] === shared) delete holder[SHARED]
    })
    holder[SHARED] = shared
  }
  return shared
}
