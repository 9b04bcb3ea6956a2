/**
 * Security scanning at scale (`npm run bench -- xray`): an import of 10,000 advisories in the
 * OSV format (generated, ids BENCH-…, one per npm package of the catalogue, each affecting its
 * versions below the latest), then a rescan of every npm version of the indexed repositories.
 * `XRAY_BENCH_SYNTHETIC=N` adds N synthetic packages (their repository indexed too), as the
 * issue's 500k figure needs. Prints wall time and the process's RSS growth. The scan is bounded:
 * after `XRAY_BENCH_BUDGET_S` seconds (default 600) it stops between batches and the figures say
 * how many versions it reached, and at what rate. `XRAY_BENCH_WATCH=notify` first adds a watch
 * over everything with a policy whose rule notifies, so the scan also writes each violation and
 * the notification it owes (the outbox, in the scan's transactions) and says how many;
 * `XRAY_BENCH_WATCH=quiet` the same watch and rule without notify, to set the two apart. With a
 * watch the node's notification schedule is a day apart, so the scan is timed alone, then the
 * notifier's run that the scan's end sets off (no webhook is set: each notification ends unsent).
 */
import { zipSync, strToU8 } from 'fflate'
import { startTestServer } from '../tests/support/server'
import { xrayFor } from '../server/xray/service'
import type { Figure } from './types'

export const optional = true
export const title = 'Security scanning: import of 10,000 advisories, then a scan of the catalogue'

export async function run(): Promise<Figure[]> {
  const synthetic = Number(process.env.XRAY_BENCH_SYNTHETIC ?? 0)
  // The catalogue loader reads the process's environment, not the server's.
  const previous = process.env.CATALOG_SYNTHETIC
  process.env.CATALOG_SYNTHETIC = String(synthetic)
  const watch = process.env.XRAY_BENCH_WATCH
  // With a watch: the schedule never turns during the scan; the notifier's run is timed after it.
  const server = await startTestServer(watch ? { notifyIntervalMs: 24 * 3600 * 1000 } : {}).finally(() => {
    if (previous === undefined) delete process.env.CATALOG_SYNTHETIC
    else process.env.CATALOG_SYNTHETIC = previous
  })
  try {
    const xray = xrayFor(server.ctx)
    const db = server.ctx.db
    if (synthetic > 0) {
      const indexed = [...(await xray.store.indexedRepos()), 'npm-synthetic']
      await xray.store.transaction((s) => s.setIndexedRepos(indexed))
    }
    if (watch === 'notify' || watch === 'quiet') {
      const at = xray.now()
      await xray.store.createPolicy(
        {
          name: 'bench-policy',
          description: '',
          type: 'security',
          rules: [
            {
              name: 'any',
              criteria: { kind: 'security', minSeverity: 'low' },
              actions: { blockDownload: false, failBuild: false, notify: watch === 'notify' },
            },
          ],
        },
        at,
      )
      await xray.store.transaction((s) =>
        s.createWatch(
          { name: 'bench-all', description: '', resources: { kind: 'all' }, policies: ['bench-policy'] },
          at,
        ),
      )
    }
    const packages = db
      .prepare("SELECT name, latest_version FROM catalog_packages WHERE package_type = 'npm' LIMIT 10000")
      .all() as Array<{ name: string; latest_version: string | null }>
    const files: Record<string, Uint8Array> = {}
    for (let i = 0; i < 10_000; i++) {
      const p = packages[i % packages.length]!
      const id = `BENCH-${String(i).padStart(6, '0')}`
      files[`npm/${id}.json`] = strToU8(
        JSON.stringify({
          id,
          modified: '2026-01-01T00:00:00Z',
          summary: 'Generated for the benchmark',
          severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N' }],
          affected: [
            {
              package: { ecosystem: 'npm', name: p.name },
              ranges: [
                { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: p.latest_version ?? '1.0.0' }] },
              ],
            },
          ],
        }),
      )
    }
    const zip = zipSync(files)
    const versions = (await xray.store.indexedVersionIds('', 10_000_000)).length
    const rss0 = process.memoryUsage().rss
    const t0 = performance.now()
    const budget = Number(process.env.XRAY_BENCH_BUDGET_S ?? 600) * 1000
    const bound = setTimeout(() => void xray.stop(), budget)
    const record = await xray.importFrom({ kind: 'upload', name: 'bench.zip', bytes: zip }, { wait: true })
    clearTimeout(bound)
    const t2 = performance.now()
    // The import's own part: from its record, the rest of the time is the rescan it awaited.
    const t1 = t0 + (Date.parse(record.finished) - Date.parse(record.started))
    // The run the scan's end set off (joined, or started when it is over).
    const ended = watch ? await xray.deliverNotifications() : 0
    const t3 = performance.now()
    const scanned = (await xray.store.scanStatusCounts()).scanned ?? 0
    const rss = process.memoryUsage().rss
    const count = (table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
    const violations = count('xray_violations')
    const owed = count('xray_notifications')
    if (!record.ok) throw new Error(`import refused: ${JSON.stringify(record.report.slice(0, 3))}`)
    return [
      {
        name: `import of 10,000 advisories (zip of ${zip.length.toLocaleString('en')} B)`,
        value: t1 - t0,
        unit: 'ms',
      },
      {
        name: `scan of ${versions.toLocaleString('en')} indexed npm versions (${scanned.toLocaleString('en')} scanned${
          scanned < versions ? ', stopped at the time bound' : ''
        })`,
        value: t2 - t1,
        unit: 'ms',
      },
      { name: 'scan rate', value: scanned / ((t2 - t1) / 1000), unit: 'versions/s' },
      { name: 'RSS growth over import and scan', value: (rss - rss0) / 1024 / 1024, unit: 'MB' },
      ...(watch
        ? [
            {
              name: `violations written by the scan (a watch over all, ${watch})`,
              value: violations,
              unit: 'count',
            },
            { name: 'notifications written by the scan', value: owed, unit: 'count' },
            {
              name: `notifier's run after the scan (${ended.toLocaleString('en')} ended)`,
              value: t3 - t2,
              unit: 'ms',
            },
          ]
        : []),
    ]
  } finally {
    await server.stop()
  }
}
