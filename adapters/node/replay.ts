/**
 * `npm run replay -- FILE [--until SEQ] [--json] [--partial]`: replays an exported session log
 * headless. Exit 0 when the log is whole (header, trailer, no gap), every line decoded and the
 * state hash matched; 1 otherwise; 2 for a usage error.
 */
import { readFileSync } from 'node:fs'
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

function main(): number {
  const args = parseArgs(process.argv.slice(2))
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`)
    return 2
  }
  let text: string
  try {
    text = readFileSync(args.file, 'utf8')
  } catch (e) {
    process.stderr.write(`cannot read ${args.file}: ${(e as Error).message}\n`)
    return 2
  }
  const result = replayLog(text, { until: args.until, partial: args.partial })
  if (result.newerBuild) process.stderr.write(`note: ${result.newerBuild}\n`)
  for (const error of result.errors) process.stderr.write(`line ${error.line}: ${error.message}\n`)
  if (result.hashMatches === false)
    process.stderr.write(
      `state hash mismatch: log says ${result.expectedHash}, replay gives ${result.actualHash}\n`,
    )
  if (args.json) process.stdout.write(`${canonicalJson(result.state)}\n`)
  else {
    const hash =
      result.hashMatches === undefined ? 'not checked' : result.hashMatches ? 'matches' : 'DOES NOT MATCH'
    process.stdout.write(
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

process.exitCode = main()
