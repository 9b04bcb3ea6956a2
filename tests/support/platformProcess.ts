/**
 * The platform as `npm start` runs it (`tsx server/main.ts`, a cluster primary and its nodes)
 * in a child process on an ephemeral loopback port, for tests and benches that need real
 * processes: several nodes, or several platforms on one data folder.
 */
import { execFileSync, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { OFFLINE_REMOTES } from './offlineRemotes'

export interface PlatformProcess {
  readonly url: string
  /** The process started (tsx, whose descendants are the primary and its nodes). */
  readonly pid: number
  /** Everything it printed so far. */
  output(): string
  /** SIGTERM, answered once it exited. */
  stop(): Promise<void>
  /**
   * Every process of it (tsx, the cluster's primary, its nodes) SIGKILLed at once, as a host
   * lost: nothing of it finishes a request or closes a connection. Answered once tsx exited.
   */
  kill(): Promise<void>
}

/** The process `pid` and all its descendants, from `ps`. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString().trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number]
    children.set(parent, [...(children.get(parent) ?? []), child])
  }
  const all: number[] = []
  const walk = (p: number) => {
    all.push(p)
    for (const child of children.get(p) ?? []) walk(child)
  }
  walk(pid)
  return all
}

/** Answers once the primary prints the console's address; fails with its output if it exits first. */
export async function startPlatformProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<PlatformProcess> {
  const child = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      NODES: '1',
      ...OFFLINE_REMOTES,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  let output = ''
  const url = await new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const found = /Console: (http:\/\/127\.0\.0\.1:\d+)\/ui\//.exec(output)?.[1]
      if (found) done(found)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => fail(new Error(`platform exited (${code}):\n${output}`)))
  })
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null)
        for (const pid of processTree(child.pid!)) {
          try {
            process.kill(pid, 'SIGKILL')
          } catch {
            // Already gone.
          }
        }
      return exited
    },
  }
}
