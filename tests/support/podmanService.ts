/**
 * A Docker Engine API for the docker CLI to talk to, served by podman (Debian's package): no
 * Docker daemon runs here or in CI, and podman's service speaks the same API. It runs in a folder
 * of its own: its storage (vfs, so no kernel overlay), run root, temporary files, events in a file
 * and cgroups by path (no systemd), so nothing of the runner's podman is read or touched. It
 * leaves by itself after a minute with no request, and `stop` ends it sooner.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface PodmanService {
  /** What DOCKER_HOST names for the docker CLI. */
  readonly dockerHost: string
  /** The global flags podman's own CLI needs to reach the service's storage. */
  readonly podmanArgs: readonly string[]
  stop(): Promise<void>
}

const IDLE_SECONDS = 60
const READY_WITHIN_MS = 60_000

/** Answers the Engine API's `/_ping` over the socket: true once the service takes requests. */
function pings(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
    req.end()
  })
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Starts podman's service under `dir` with `env` (HOME, registries.conf: where the registry under
 * test is marked insecure, as daemon.json's `insecure-registries` does for Docker). Resolves once
 * `/_ping` answers; rejects with what podman printed if it leaves first or does not answer in time.
 */
export async function startPodmanService(dir: string, env: NodeJS.ProcessEnv): Promise<PodmanService> {
  mkdirSync(join(dir, 'tmp'), { recursive: true })
  const socketPath = join(dir, 'podman.sock')
  writeFileSync(
    join(dir, 'containers.conf'),
    '[engine]\nevents_logger = "file"\ncgroup_manager = "cgroupfs"\n',
  )
  const podmanArgs = [
    '--root',
    join(dir, 'root'),
    '--runroot',
    join(dir, 'runroot'),
    '--storage-driver',
    'vfs',
    '--tmpdir',
    join(dir, 'tmp'),
    '--cgroup-manager',
    'cgroupfs',
    '--events-backend',
    'file',
  ]
  const fullEnv = { ...env, CONTAINERS_CONF: join(dir, 'containers.conf') }
  const child = spawn(
    'podman',
    [...podmanArgs, 'system', 'service', `--time=${IDLE_SECONDS}`, `unix://${socketPath}`],
    { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let printed = ''
  child.stdout!.on('data', (d: Buffer) => (printed += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (printed += d.toString()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited(child)
  }
  const deadline = Date.now() + READY_WITHIN_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`podman system service left (${child.exitCode ?? child.signalCode}):\n${printed}`)
    if (await pings(socketPath)) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`podman system service did not answer /_ping in ${READY_WITHIN_MS} ms:\n${printed}`)
    }
    // Retry once the process has had a moment; exit ends the wait at once.
    await Promise.race([exited(child), new Promise((r) => setTimeout(r, 200))])
  }
  return { dockerHost: `unix://${socketPath}`, podmanArgs, stop }
}
