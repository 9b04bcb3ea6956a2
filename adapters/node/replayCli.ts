/**
 * `npm run replay -- FILE [--until SEQ] [--json] [--partial]` replays an exported session log
 * headless, reading it as a stream of chunks (memory stays flat however long the log). This is the command apart from its process, so tests run every case in-process
 * and a few real child processes prove the wiring. Exit 0 when the log is whole (header, trailer, no gap), every line decoded and the
 * state hash matched; 1 otherwise; 2 for a usage error.
 */
import { createLineReplay, type ReplayResult } from '../../domain/log'
import { canonicalJson } from '../../domain/shared/canonical'

interface Args {
  readonly file: string
  readonly until?: number
  readonly json: boolean
  readonly partial: boolean
}

function parseArgs(argv: ReadonlyArray<string>): Args | string {
  let file: string | undefined
  let until: number | undefined
  let json = false
  let partial = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--json') json = true
    else if (arg === '--partial') partial = true
    else if (arg === '--until') {
      const value = Number(argv[++i])
      if (!Number.isInteger(value) || value < 0) return '--until needs a whole number (a seq)'
      until = value
    } else if (arg.startsWith('--')) return `unknown option ${arg}`
    else file = arg
  }
  return file
    ? { file, until, json, partial }
    : 'usage: npm run replay -- FILE [--until SEQ] [--json] [--partial]'
}

export interface CliIo {
  /** The file's text, in chunks of any size (a line may be cut between two). Throws when unreadable. */
  readChunks(path: string): Iterable<string>
  out(text: string): void
  err(text: string): void
}

export function runReplayCli(argv: ReadonlyArray<string>, io: CliIo): number {
  const args = parseArgs(argv)
  if (typeof args === 'string') {
    io.err(`${args}\n`)
    return 2
  }
  let result: ReplayResult
  try {
    result = replayChunks(io.readChunks(args.file), { until: args.until, partial: args.partial })
  } catch (e) {
    io.err(`cannot read ${args.file}: ${(e as Error).message}\n`)
    return 2
  }
  if (result.newerBuild) io.err(`note: ${result.newerBuild}\n`)
  for (const error of result.errors) io.err(`line ${error.line}: ${error.message}\n`)
  if (result.hashMatches === false)
    io.err(`state hash mismatch: log says ${result.expectedHash}, replay gives ${result.actualHash}\n`)
  if (args.json) io.out(`${canonicalJson(result.state)}\n`)
  else {
    const hash =
      result.hashMatches === undefined ? 'not checked' : result.hashMatches ? 'matches' : 'DOES NOT MATCH'
    io.out(
      [
        `log:        ${args.file}${result.header ? ` (app ${result.header.app}${result.header.commit ? ` at ${result.header.commit}` : ''}, started ${result.header.startedAt})` : ''}`,
        `events:     ${result.events} replayed, last seq ${result.lastSeq}`,
        `bad lines:  ${result.errors.length}`,
        `state hash: ${result.actualHash} (${hash})`,
        `areas:      ${Object.keys(result.state).join(', ')}`,
      ].join('\n') + '\n',
    )
  }
  return result.errors.length > 0 || result.hashMatches === false ? 1 : 0
}

/** Feeds chunks to replay line by line, carrying a line cut between chunks over to the next. */
export function replayChunks(
  chunks: Iterable<string>,
  options: { until?: number; partial?: boolean },
): ReplayResult {
  const replay = createLineReplay(options)
  let carry = ''
  let n = 1
  for (const chunk of chunks) {
    let start = 0
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, end)
      replay.line(carry === '' ? piece : carry + piece, n++, false)
      carry = ''
      start = end + 1
    }
    carry += chunk.slice(start)
  }
  replay.line(carry, n, true)
  return replay.finish()
}
