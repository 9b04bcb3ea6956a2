/**
 * `npm run replay -- FILE [--until SEQ] [--json] [--partial]` replays an exported session log
 * headless. This is the command apart from its process, so tests run every case in-process
 * and a few real child processes prove the wiring. Exit 0 when the log is whole (header, trailer, no gap), every line decoded and the
 * state hash matched; 1 otherwise; 2 for a usage error.
 */
import { replayLog } from '../../domain/log'
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
  readFile(path: string): string
  out(text: string): void
  err(text: string): void
}

export function runReplayCli(argv: ReadonlyArray<string>, io: CliIo): number {
  const args = parseArgs(argv)
  if (typeof args === 'string') {
    io.err(`${args}\n`)
    return 2
  }
  let text: string
  try {
    text = io.readFile(args.file)
  } catch (e) {
    io.err(`cannot read ${args.file}: ${(e as Error).message}\n`)
    return 2
  }
  const result = replayLog(text, { until: args.until, partial: args.partial })
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
