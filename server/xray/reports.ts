/**
 * Reports made on the platform in the background: vulnerabilities (every finding of every
 * scanned version, a container image's in the packages its layers hold), licences (every version's licences and the licence policies they break) or
 * violations in force, over the chosen indexed repositories. A report reads the versions in
 * batches and stores its rows as it goes, so its progress is what the console shows; the reports
 * of a node run one after another.
 */
import { randomUUID } from 'node:crypto'
import { isoNow } from '../clock'
import type { ServerContext } from '../context'
import { csvLine } from '../../domain/xray'
import { buildResourceOf } from '../../domain/builds/rules'
import { buildStore, versionsHeldBy } from '../builds/store'
import {
  ReportStore,
  type Cell,
  type ReportKind,
  type ReportRecord,
  type ViolationOfBuild,
} from './reportStore'

/** Versions read per batch; the event loop runs between batches. */
const BATCH = 200

export const REPORT_COLUMNS: Readonly<Record<ReportKind, readonly string[]>> = {
  vulnerabilities: [
    'package',
    'version',
    'repository',
    'issue',
    'cves',
    'severity',
    'cvss',
    'component',
    'component version',
    'direct',
    'fixed versions',
    'summary',
  ],
  licenses: ['package', 'version', 'repository', 'licence', 'scan status', 'violated policies'],
  violations: [
    'severity',
    'issue',
    'type',
    'component',
    'package',
    'version',
    'repository',
    'watch',
    'policy',
    'rule',
    'blocks download',
    'fails build',
    'found',
    // Added with builds as resources: a report made before has none of these two (empty cells).
    'resource',
    'found in',
  ],
}

const packageName = (packageId: string) => packageId.replace(/^[a-z]+:\/\//, '')
const list = (json: string | null) => (json ? (JSON.parse(json) as string[]) : [])

/** The rows of one batch of versions, in the kind's column order. */
async function rowsOf(store: ReportStore, kind: ReportKind, ids: readonly string[], now: string) {
  if (kind === 'vulnerabilities')
    return (await store.findingsOf(ids)).map((f): Cell[] => [
      packageName(f.package_id),
      f.version,
      f.repo,
      f.advisory_id,
      list(f.aliases_json)
        .filter((a) => a.startsWith('CVE-'))
        .join(' '),
      f.severity,
      f.cvss_score ?? '',
      f.component,
      f.component_version,
      Number(f.direct) === 1,
      list(f.fixed_json).join(' '),
      f.summary ?? '',
    ])
  if (kind === 'licenses') {
    const broken = new Map<string, Set<string>>()
    for (const x of await store.violationsOf(ids, now, 'license')) {
      const key = `${x.version_id}\n${x.issue}`
      broken.set(key, (broken.get(key) ?? new Set()).add(x.policy_name))
    }
    return (await store.licencesOf(ids)).flatMap((v) => {
      // An image declares none of its own: its licences are those its packages declare.
      const licences = v.components_json
        ? [
            ...new Set(
              (JSON.parse(v.components_json) as Array<{ licences: string[] }>).flatMap((c) => c.licences),
            ),
          ].sort()
        : (JSON.parse(v.licenses_json) as Array<{ name: string }>).map((l) => l.name)
      // A version without a licence is a row too: "unknown" is what a licence policy judges.
      return (licences.length > 0 ? licences : ['unknown']).map((l): Cell[] => [
        packageName(v.package_id),
        v.version,
        v.repo,
        l,
        v.status ?? 'not_scanned',
        [...(broken.get(`${v.id}\n${l}`) ?? [])].sort().join(' '),
      ])
    })
  }
  return (await store.violationsOf(ids, now)).map((x) =>
    violationRow(x, packageName(x.package_id), x.version, x.version_id, ''),
  )
}

/** A violations report's row: what was found, then where (`pkg`, `version`, `resource`, `foundIn`). */
const violationRow = (
  x: Omit<ViolationOfBuild, 'build' | 'number' | 'found_in'>,
  pkg: string,
  version: string,
  resource: string,
  foundIn: string,
): Cell[] => [
  x.severity,
  x.issue,
  x.type,
  x.component,
  pkg,
  version,
  x.repo,
  x.watch_name,
  x.policy_name,
  x.rule_name,
  Number(x.block_download) === 1,
  Number(x.fail_build) === 1,
  x.created,
  resource,
  foundIn,
]

/**
 * A violations report's rows for builds: each run's violations in force, the build as the
 * package, its number as the version, and the version of it each was found in with its repository.
 */
async function buildRowsOf(store: ReportStore, builds: readonly string[] | 'all', now: string) {
  return (await store.buildViolationsOf(builds, now)).map((x) =>
    violationRow(
      x,
      x.build,
      x.number,
      buildResourceOf(x.build, x.number),
      x.found_in === null ? '' : packageName(x.found_in),
    ),
  )
}

/**
 * What a report covers: the chosen repositories' versions and the chosen builds; none chosen,
 * every indexed repository and every build.
 */
const scopeOf = (r: ReportRecord) => {
  const none = r.repositories.length === 0 && r.builds.length === 0
  return {
    versions: none || r.repositories.length > 0,
    builds: none ? ('all' as const) : r.builds,
  }
}

/** A stored row with a cell per column: a row stored before a column was added has it empty. */
export const padded = (cells: readonly Cell[], columns: readonly string[]): Cell[] =>
  columns.map((_, i) => cells[i] ?? '')

export interface ReportView extends ReportRecord {
  readonly columns: readonly string[]
}

export const reportView = (r: ReportRecord): ReportView => ({ ...r, columns: REPORT_COLUMNS[r.kind] })

/** A report as CSV: its columns, then one line per row. */
export async function* reportCsv(store: ReportStore, r: ReportRecord): AsyncGenerator<string> {
  yield csvLine(REPORT_COLUMNS[r.kind])
  for (let offset = 0; offset < r.rows; offset += 1000)
    for (const cells of await store.rows(r.id, offset, 1000))
      yield csvLine(padded(cells, REPORT_COLUMNS[r.kind]))
}

/** A report as a JSON array of objects keyed by its columns. */
export async function* reportJson(store: ReportStore, r: ReportRecord): AsyncGenerator<string> {
  const columns = REPORT_COLUMNS[r.kind]
  yield '['
  let first = true
  for (let offset = 0; offset < r.rows; offset += 1000)
    for (const cells of await store.rows(r.id, offset, 1000)) {
      const all = padded(cells, columns)
      yield `${first ? '\n' : ',\n'}${JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, all[i]])))}`
      first = false
    }
  yield '\n]\n'
}

export function createReports(ctx: ServerContext) {
  const store = new ReportStore(ctx.sql)
  const now = () => isoNow(ctx.clock)
  let queue: Promise<void> = Promise.resolve()
  let stopped = false

  /** The versions the runs of these builds hold, each once, in id order. */
  const heldBy = async (builds: readonly string[]): Promise<string[]> => {
    const runs = buildStore(ctx.sql)
    const held = new Set<string>()
    for (const run of await runs.list()) {
      if (!builds.includes(run.name)) continue
      const detail = await runs.detail(run.name, run.number)
      if (detail) for (const v of versionsHeldBy(detail)) held.add(v)
    }
    return [...held].sort()
  }

  const run = async (id: string): Promise<void> => {
    const r = await store.get(id)
    if (!r || stopped) return
    try {
      const scope = scopeOf(r)
      // A violations report reads the builds' own violations (their runs count in its progress);
      // the others read the versions the chosen builds hold, those the repositories chosen do not.
      const violations = r.kind === 'violations'
      const runs = violations ? await store.buildRunsInScope(scope.builds) : 0
      const held = violations || scope.builds === 'all' ? [] : await heldBy(scope.builds)
      const chosen = scope.versions ? await store.inScope(r.repositories, held) : new Set<string>()
      const extra = held.filter((v) => !chosen.has(v))
      await store.start(
        id,
        (scope.versions ? await store.versionsInScope(r.repositories) : 0) + extra.length + runs,
      )
      let after = ''
      let done = 0
      let rows = 0
      const read = async (ids: readonly string[]) => {
        if (stopped) throw new Error('The platform stopped before the report was done')
        const batch = await rowsOf(store, r.kind, ids, now())
        done += ids.length
        await store.append(id, rows, batch, done)
        rows += batch.length
        await new Promise((resolve) => setImmediate(resolve))
      }
      for (; scope.versions;) {
        const ids = await store.versionIds(r.repositories, after, BATCH)
        if (ids.length === 0) break
        await read(ids)
        after = ids.at(-1)!
      }
      for (let i = 0; i < extra.length; i += BATCH) await read(extra.slice(i, i + BATCH))
      if (runs > 0) await store.append(id, rows, await buildRowsOf(store, scope.builds, now()), done + runs)
      await store.finish(id, now())
    } catch (error) {
      await store.fail(id, (error as Error).message.slice(0, 500), now()).catch(() => undefined)
    }
  }

  return {
    store,
    /** Records a report and queues it; answers it as recorded (queued). */
    async request(input: {
      kind: ReportKind
      name: string
      repositories: readonly string[]
      builds?: readonly string[]
      by: string
    }): Promise<ReportRecord> {
      const id = randomUUID()
      await store.create({
        id,
        name: input.name,
        kind: input.kind,
        repositories: input.repositories,
        builds: input.builds ?? [],
        nodeId: ctx.config.nodeId,
        createdBy: input.by,
        created: now(),
      })
      // Read before it is queued: a small report can be done before a read after it answers.
      const recorded = (await store.get(id))!
      queue = queue.then(() => run(id))
      return recorded
    },
    /** Reports this node left unfinished when it last stopped: failed, with why. */
    recover: () =>
      store.failUnfinished(ctx.config.nodeId, 'The platform stopped before the report was done', now()),
    /** Ends the running report between batches (marked failed) and answers when it has. */
    async stop(): Promise<void> {
      stopped = true
      await queue
    },
    /** Answers when every report queued so far is done (tests and benches). */
    idle: () => queue,
  }
}

export type Reports = ReturnType<typeof createReports>

const nodes = new WeakMap<object, Reports>()

/** The node's one report runner (its routes and tests share it). */
export function reportsFor(ctx: ServerContext): Reports {
  let r = nodes.get(ctx.sql)
  if (!r) {
    r = createReports(ctx)
    nodes.set(ctx.sql, r)
  }
  return r
}
