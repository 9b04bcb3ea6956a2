/**
 * Replay of exported session logs at 10k, 100k and 1M events: events per second and the
 * ratio to a baseline that only JSON.parses the same lines (target: at least 0.6), on one
 * thread and on two (adapters/node/splitReplay.ts: the worker is started before the timed
 * rounds and its start-up printed apart; a timed replay includes handing the text over, the
 * wait for the worker and the merge, and where that time went is printed too), then the
 * command a developer runs (`npm run replay`, the bundled CLI) on each file in its own
 * process: wall time and peak memory (target for 1M events: at most 200 MB, the log being
 * read as a stream), and how long the command takes to start.
 */
import { spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLineReplay, replayLog } from '../domain/log'
import { replayChunks } from '../adapters/node/replayCli'
import { readFileChunks } from '../adapters/node/fileChunks'
import { startSplitReplayer, type ReplaySteps } from '../adapters/node/splitReplay'
import type { Figure } from './types'
import { recordSessionLog } from './support/sampleSession'
// @ts-expect-error -- a plain ES module script without types
import { buildReplayCli, buildReplayWorker } from '../scripts/replay.mjs'

export const title = 'Replay of exported session logs'

function time(fn: () => void): number {
  const start = performance.now()
  fn()
  return performance.now() - start
}

/** CPU time of this process (ms) spent in `fn`: on a shared machine, wall time also counts waiting for a core. */
function cpuTime(fn: () => void): number {
  const start = process.cpuUsage()
  fn()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

/**
 * A log of `count` events made from a recorded one: its events again and again, renumbered,
 * with the trailer replay computes (so the log is whole and its hash checks).
 */
async function writeLog(path: string, header: string, events: ReadonlyArray<string>, count: number) {
  const out = createWriteStream(path)
  const replay = createLineReplay({ partial: true }, count + 2)
  const write = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()))
  await write(header)
  replay.line(header, 1, false)
  for (let seq = 1; seq <= count; seq++) {
    const line = events[(seq - 1) % events.length]!.replace(
      /^\{"kind":"event","seq":\d+,/,
      `{"kind":"event","seq":${seq},`,
    )
    replay.line(line, seq + 1, false)
    await write(line)
  }
  const { actualHash } = replay.finish()
  await write(JSON.stringify({ kind: 'trailer', lastSeq: count, stateHash: actualHash }))
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
}

/** The split replay's steps as the bench prints them (ms). */
function stepsText(steps: ReplaySteps | undefined): string {
  if (!steps) return 'no steps'
  const f = (ms: number) => ms.toFixed(1)
  return `calling thread: hand-over ${f(steps.handOver)}, plan ${f(steps.plan)}, its side ${f(steps.ownSide)}, wait ${f(steps.wait)}, receive ${f(steps.receive)}, merge and hash ${f(steps.merge)}; worker: ${f(steps.worker)}, its side ${f(steps.workerSide)}`
}

/** What the split would take on two free cores: its steps measured apart, the sides overlapping. */
const twoCoreMs = (s: ReplaySteps): number =>
  s.handOver + Math.max(s.plan + s.ownSide, s.worker) + s.receive + s.merge

/** Written to stderr as the CLI exits: its peak resident set in KB (see runCli). */
const PEAK_ON_EXIT = `import { existsSync, readFileSync } from 'node:fs'
process.on('exit', () => {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : ''
  const hwm = /VmHWM:\\s+(\\d+)/.exec(status)?.[1]
  process.stderr.write('maxrss ' + (hwm ?? process.resourceUsage().maxRSS) + '\\n')
})`

/**
 * Runs the bundled CLI on a file in its own process: wall time, peak RSS, and its verdict.
 *
 * The peak is the child's own: Linux's `VmHWM`, the high-water mark of the process's memory
 * since its exec. `resourceUsage().maxRSS` is not: the child is forked from this process, and
 * the kernel keeps the fork's resident size (this process's whole heap, the split replay's
 * worker and the 100k log included) in the maxRSS it reports after exec. It is used only where
 * /proc is missing.
 */
function runCli(bundle: string, file: string): { ms: number; rssMb: number; ok: boolean } {
  // Encoded: a `?` or `#` in a data: URL would start its query or fragment.
  const maxRss = `data:text/javascript,${encodeURIComponent(PEAK_ON_EXIT)}`
  const started = performance.now()
  const r = spawnSync(process.execPath, ['--import', maxRss, bundle, file], { encoding: 'utf8' })
  const ms = performance.now() - started
  const kb = Number(/maxrss (\d+)/.exec(r.stderr)?.[1] ?? NaN)
  return { ms, rssMb: kb / 1024, ok: r.status === 0 && r.stdout.includes('(matches)') }
}

export async function run(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'replay-bench-'))
  try {
    const recorded = recordSessionLog(100_000)
    const all = recorded.split('\n').filter((l) => l !== '')
    const header = all[0]!
    const events = all.filter((l) => l.startsWith('{"kind":"event"'))
    const bundle = (await buildReplayCli()) as string
    const split = await startSplitReplayer((await buildReplayWorker()) as string)
    const figures: Figure[] = [
      {
        name: 'replay on two threads: the worker’s start-up (once a process, not in the replays timed)',
        value: split.startUpMs,
        unit: 'ms',
      },
    ]
    for (const count of [10_000, 100_000, 1_000_000]) {
      const file = join(dir, `${count}.ndjson`)
      await writeLog(file, header, events, count)
      const label = count.toLocaleString('en')
      if (count <= 100_000) {
        // In this process, from a string: runs alternate between the two paths and the best
        // of each counts, so load from other processes skews both alike.
        const text = readFileSync(file, 'utf8')
        const lines = text.split('\n').filter((l) => l !== '')
        let parseMs = Infinity
        let replayMs = Infinity
        let splitMs = Infinity
        let splitSteps: ReplaySteps | undefined
        let apartMs = Infinity
        let apartSteps: ReplaySteps | undefined
        let parseCpu = Infinity
        let replayCpu = Infinity
        const parse = () => lines.forEach((l) => JSON.parse(l))
        const replay = () => {
          const r = replayLog(text)
          if (r.errors.length > 0 || !r.hashMatches) throw new Error(`replay of ${label} events failed`)
        }
        const replayOnTwo = () => {
          const r = split.replay(text)
          if (r.errors.length > 0 || !r.hashMatches || split.lastSteps?.doubt !== undefined)
            throw new Error(`split replay of ${label} events failed: ${split.lastSteps?.doubt}`)
        }
        for (let round = 0; round < 6; round++) {
          parseMs = Math.min(parseMs, time(parse))
          replayMs = Math.min(replayMs, time(replay))
          const ms = time(replayOnTwo)
          if (ms < splitMs) [splitMs, splitSteps] = [ms, split.lastSteps]
          const apart = split.replayApart(text)
          if (!apart.hashMatches || split.lastSteps?.doubt !== undefined)
            throw new Error('apart replay failed')
          const estimate = twoCoreMs(split.lastSteps!)
          if (estimate < apartMs) [apartMs, apartSteps] = [estimate, split.lastSteps]
          parseCpu = Math.min(parseCpu, cpuTime(parse))
          replayCpu = Math.min(replayCpu, cpuTime(replay))
        }
        const perSecond = (count / replayMs) * 1000
        const baseline = (lines.length / parseMs) * 1000
        figures.push(
          { name: `${label} events: baseline, JSON.parse only`, value: baseline, unit: 'events/s' },
          {
            name: `${label} events: replay (decode, upcast, evolve, hash)`,
            value: perSecond,
            unit: 'events/s',
            ratio: { to: 'of baseline', value: perSecond / baseline },
            target: '≥ 0.6 of baseline',
          },
          {
            name: `${label} events: replay on two threads (split by area), wall`,
            value: (count / splitMs) * 1000,
            unit: 'events/s',
            ratio: { to: 'of baseline', value: ((count / splitMs) * 1000) / baseline },
            target: '≥ 0.6 of baseline',
          },
          {
            name: `${label} events: two threads, where the best round's ${splitMs.toFixed(1)} ms went`,
            value: splitMs,
            unit: `ms (${stepsText(splitSteps)})`,
          },
          {
            name: `${label} events: two threads' steps measured apart, sides overlapped (two free cores)`,
            value: (count / apartMs) * 1000,
            unit: `events/s (${apartMs.toFixed(1)} ms: ${stepsText(apartSteps)})`,
            ratio: { to: 'of baseline', value: ((count / apartMs) * 1000) / baseline },
          },
          {
            name: `${label} events: replay, CPU time (best of 6)`,
            value: replayCpu,
            unit: 'ms',
            ratio: { to: 'of baseline by CPU time', value: parseCpu / replayCpu },
            target: '≥ 0.6 of baseline',
          },
        )
      } else {
        // A million events only as a stream: the file never held in memory at once.
        const ms = time(() => {
          const r = replayChunks(readFileChunks(file), {})
          if (r.errors.length > 0 || !r.hashMatches) throw new Error(`replay of ${label} events failed`)
        })
        figures.push({
          name: `${label} events: replay, streamed`,
          value: (count / ms) * 1000,
          unit: 'events/s',
        })
      }
      const cli = runCli(bundle, file)
      if (!cli.ok) throw new Error(`npm run replay did not confirm the ${label}-event log`)
      figures.push(
        { name: `${label} events: npm run replay, wall`, value: cli.ms / 1000, unit: 's' },
        {
          name: `${label} events: npm run replay, peak memory`,
          value: cli.rssMb,
          unit: 'MB',
          ...(count === 1_000_000 ? { target: '≤ 200 MB' } : {}),
        },
      )
      rmSync(file)
    }
    // Start-up: a log of a header and a trailer only.
    const empty = join(dir, 'empty.ndjson')
    writeFileSync(
      empty,
      `${header}\n${JSON.stringify({ kind: 'trailer', lastSeq: 0, stateHash: replayLog(`${header}\n`, { partial: true }).actualHash })}\n`,
    )
    let startMs = Infinity
    for (let i = 0; i < 5; i++) startMs = Math.min(startMs, runCli(bundle, empty).ms)
    figures.push({
      name: 'npm run replay: start-up (bundled CLI, empty log)',
      value: startMs,
      unit: 'ms',
      target: '≤ 1,000 ms',
    })
    await split.close()
    return figures
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
