/**
 * A node's own log files under `DATA_DIR/logs/<nodeId>/`: one request log and one service
 * log per service the node runs. Lines are appended as requests are served; the log viewer
 * tails them by byte offset. Files rotate once at a bounded size so the disk use is bounded.
 *
 * What is written is chosen here, not by callers: request lines carry method, path without
 * the query string (queries can hold keys and tokens), status and duration — never headers,
 * cookies or bodies.
 */
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  type WriteStream,
} from 'node:fs'
import { open } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import type { Clock } from '../clock'
import type { ServiceDefinition } from './services'

/** A file is rotated (to `<name>.1.log`, replacing the previous one) past this size. */
export const MAX_LOG_FILE_BYTES = 16 * 1024 * 1024
/** Largest slice one log-data call returns. */
export const MAX_LOG_CHUNK_BYTES = 256 * 1024

const NODE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
const FILE_ID = /^[a-z][a-z-]*(\.1)?\.log$/

export const isValidNodeId = (nodeId: string): boolean => NODE_ID.test(nodeId)

export const logsRoot = (dataDir: string): string => join(dataDir, 'logs')

/** The folder of one node's logs, or undefined for an id that is not a plain node id. */
export function nodeLogDir(dataDir: string, nodeId: string): string | undefined {
  if (!isValidNodeId(nodeId)) return undefined
  const root = resolve(logsRoot(dataDir))
  const dir = resolve(root, nodeId)
  return dir.startsWith(root + sep) ? dir : undefined
}

/** File-name stem of a service's logs: `mission_control` → `mission-control`. */
export const logStem = (service: ServiceDefinition): string => service.name.replace(/_/g, '-')

/** The log file ids (file names) of one service in one node's folder, request log first. */
export function listServiceLogs(dataDir: string, nodeId: string, service: ServiceDefinition): string[] {
  const dir = nodeLogDir(dataDir, nodeId)
  if (!dir || !existsSync(dir)) return []
  const stem = `${logStem(service)}-`
  const order = (f: string) => (f.includes('request') ? 0 : 1) + (f.includes('.1.log') ? 2 : 0)
  return readdirSync(dir)
    .filter(
      (f) =>
        FILE_ID.test(f) && f.startsWith(stem) && /^[a-z]+(-[a-z]+)*-(request|service)(\.1)?\.log$/.test(f),
    )
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
}

/** Every log file of a node (for support bundles). */
export function listNodeLogs(dataDir: string, nodeId: string): string[] {
  const dir = nodeLogDir(dataDir, nodeId)
  if (!dir || !existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => FILE_ID.test(f))
    .sort()
}

export interface LogSlice {
  readonly content: string
  /** Offset to ask from next time (the end of what was returned). */
  readonly fileSize: number
  readonly modified: string
}

/**
 * The bytes of a log file written after `from`, at most MAX_LOG_CHUNK_BYTES. A partial last
 * line is held back when the slice is cut short, so a slice never splits a line (or a UTF-8
 * character). When `from` is past the end the file was rotated: start again from 0. From 0, a
 * file larger than a slice is read from its last slice's first whole line.
 */
export async function readLogSlice(path: string, from: number): Promise<LogSlice> {
  const handle = await open(path, 'r')
  try {
    const stat = await handle.stat()
    // A first read (from 0) of a file larger than one slice opens at its tail, from the first
    // whole line of the last slice: a viewer shows what is being written now, not the file's
    // first 256 KB followed by every slice up to the end (spec 001, log viewer).
    const tail = from === 0 && stat.size > MAX_LOG_CHUNK_BYTES
    let start = from > stat.size ? 0 : tail ? stat.size - MAX_LOG_CHUNK_BYTES : from
    const length = Math.min(stat.size - start, MAX_LOG_CHUNK_BYTES)
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, start)
    let skipped = 0
    if (tail) {
      const firstNewline = buffer.indexOf(0x0a)
      skipped = firstNewline >= 0 && firstNewline + 1 < bytesRead ? firstNewline + 1 : 0
      start += skipped
    }
    let used = bytesRead - skipped
    if (!tail && start + bytesRead < stat.size) {
      const lastNewline = buffer.lastIndexOf(0x0a, bytesRead - 1)
      if (lastNewline >= 0) used = lastNewline + 1
    }
    return {
      content: buffer.subarray(skipped, skipped + used).toString('utf8'),
      fileSize: start + used,
      modified: stat.mtime.toISOString(),
    }
  } finally {
    await handle.close()
  }
}

class LogFile {
  private stream: WriteStream
  private size: number

  constructor(private readonly path: string) {
    this.size = existsSync(path) ? statSync(path).size : 0
    this.stream = createWriteStream(path, { flags: 'a' })
  }

  write(line: string): void {
    const bytes = Buffer.byteLength(line)
    if (this.size + bytes > MAX_LOG_FILE_BYTES) this.rotate()
    this.size += bytes
    this.stream.write(line)
  }

  // Rename first: the old stream's pending writes land in the renamed file, new ones in a fresh one.
  private rotate(): void {
    renameSync(this.path, this.path.replace(/\.log$/, '.1.log'))
    this.stream.end()
    this.stream = createWriteStream(this.path, { flags: 'a' })
    this.size = 0
  }

  close(): Promise<void> {
    return new Promise((done) => this.stream.end(done))
  }
}

export type LogLevel = 'INFO' | 'WARN' | 'ERROR'

export interface RequestLine {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly durationMs: number
}

// One line, one record: separators and line breaks in values cannot forge another record.
const clean = (value: string) => value.replace(/[\r\n|]/g, ' ')

export class NodeLogs {
  private readonly files = new Map<string, LogFile>()

  constructor(
    readonly dir: string,
    readonly nodeId: string,
    /** The platform's clock: a test that moves it finds its lines stamped with its time. */
    private readonly clock: Clock,
  ) {
    mkdirSync(dir, { recursive: true })
  }

  private file(service: ServiceDefinition, kind: 'request' | 'service'): LogFile {
    const name = `${logStem(service)}-${kind}.log`
    let file = this.files.get(name)
    if (!file) {
      file = new LogFile(join(this.dir, name))
      this.files.set(name, file)
    }
    return file
  }

  private stamp(): string {
    return new Date(this.clock.now()).toISOString()
  }

  request(service: ServiceDefinition, line: RequestLine): void {
    const path = line.url.split('?')[0] ?? ''
    this.file(service, 'request').write(
      `${this.stamp()}|${this.nodeId}|${clean(line.method)}|${clean(path)}|${line.status}|${line.durationMs.toFixed(1)}ms\n`,
    )
  }

  service(service: ServiceDefinition, level: LogLevel, message: string): void {
    this.file(service, 'service').write(`${this.stamp()} [${this.nodeId}] [${level}] ${clean(message)}\n`)
  }

  async close(): Promise<void> {
    await Promise.all([...this.files.values()].map((f) => f.close()))
    this.files.clear()
  }
}
