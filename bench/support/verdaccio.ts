/**
 * Verdaccio 6 for the benches that compare with it: installed from the npm registry into a
 * temporary folder (kept between runs), started on a free loopback port with a storage of the
 * caller's, publishing for its own users and, when given an uplink, proxying that registry.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const VERDACCIO = 'verdaccio@6'
const INSTALL_DIR = join(tmpdir(), 'bench-peers-verdaccio6')

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

/** The path of Verdaccio's executable script, installing it first when missing. */
export function installVerdaccio(): string {
  const bin = join(INSTALL_DIR, 'node_modules', 'verdaccio', 'bin', 'verdaccio')
  if (existsSync(bin)) return bin
  mkdirSync(INSTALL_DIR, { recursive: true })
  // verdaccio-audit asks for node-fetch by the dist-tag `cjs`, which the registry reachable
  // here does not carry: the version that tag names on the public registry is pinned instead.
  writeFileSync(
    join(INSTALL_DIR, 'package.json'),
    JSON.stringify({ private: true, overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } } }),
  )
  const r = spawnSync('npm', ['install', '--prefix', INSTALL_DIR, VERDACCIO, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    timeout: 600_000,
  })
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`npm install ${VERDACCIO} failed`)
  return bin
}

/** Verdaccio on 127.0.0.1 with its storage in `dir`; `uplink` is the registry it proxies, if any. */
export async function startVerdaccio(
  bin: string,
  dir: string,
  options: { readonly uplink?: string } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    [
      `storage: ${join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(dir, 'htpasswd')}`,
      '    max_users: 10',
      ...(options.uplink ? ['uplinks:', '  upstream:', `    url: ${options.uplink}`] : ['uplinks: {}']),
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      ...(options.uplink ? ['    proxy: upstream'] : []),
      'log: { type: stdout, format: pretty, level: error }',
      'web: { enable: true }',
      '',
    ].join('\n'),
  )
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}/`
  // Up to a minute for the first start; the run stops it in any case.
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { url, child }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill()
  throw new Error('Verdaccio did not answer within a minute')
}
