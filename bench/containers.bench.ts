/**
 * `npm run bench -- containers`: push and pull of one large image with skopeo against the
 * reference server in-process on loopback, as MB/s beside copying the same bytes on this disk
 * (`cp`), in one run. The image is built here: one layer of incompressible bytes
 * (BENCH_IMAGE_MB, 200 by default), written as an OCI layout. The process's resident memory is
 * sampled while the bytes stream: the server keeps them on disk, so it should stay flat (the
 * rise is printed, with the machine's load beside the figures). Figures are printed, never
 * asserted.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer } from '../tests/support/server'
import { layoutDigest, skopeoCli, writeOciLayout } from '../tests/support/skopeo'
import { buildImage } from '../server/containers/imageBuilder'
import type { Figure } from './types'

export const optional = true
export const title = 'Container registry: skopeo push and pull of one large image, beside cp'

const MB = 1024 * 1024

/** Samples this process's resident memory every 100 ms until stopped; answers the highest seen. */
function sampleRss(): () => number {
  let max = process.memoryUsage().rss
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage().rss)
  }, 100)
  return () => {
    clearInterval(timer)
    return max
  }
}

async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; rssRise: number }> {
  const before = process.memoryUsage().rss
  const stop = sampleRss()
  const start = performance.now()
  await fn()
  const ms = performance.now() - start
  return { ms, rssRise: stop() - before }
}

export async function run(): Promise<Figure[]> {
  const size = Number(process.env.BENCH_IMAGE_MB ?? 200) * MB
  const work = mkdtempSync(join(tmpdir(), 'bench-containers-'))
  const server = await startTestServer()
  try {
    const image = buildImage({
      layers: [{ command: 'ADD data /', files: [{ path: 'data.bin', content: randomBytes(size) }] }],
    })
    writeOciLayout(join(work, 'in'), image, 'big')
    const layer = image.layers[0]!
    const bytes = image.layers.reduce((n, l) => n + l.bytes.length, image.config.bytes.length)
    const layerFile = join(work, 'in', 'blobs', 'sha256', layer.digest.slice(7))
    const cp = await timed(async () => execFileSync('cp', [layerFile, join(work, 'copied')]))
    if (statSync(join(work, 'copied')).size !== layer.bytes.length) throw new Error('cp copied short')

    const skopeo = skopeoCli(work)
    const ref = `docker://${new URL(server.url).host}/docker-local/bench/big:1.0.0`
    const creds = `developer:${server.config.userPassword}`
    const push = await timed(async () => {
      const r = await skopeo([
        'copy',
        '--dest-tls-verify=false',
        '--dest-creds',
        creds,
        `oci:${join(work, 'in')}:big`,
        ref,
      ])
      if (r.failed) throw new Error(`push: ${r.stderr}`)
    })
    const pull = await timed(async () => {
      const r = await skopeo([
        'copy',
        '--src-tls-verify=false',
        '--src-creds',
        creds,
        ref,
        `oci:${join(work, 'out')}:big`,
      ])
      if (r.failed) throw new Error(`pull: ${r.stderr}`)
    })
    if (layoutDigest(join(work, 'out'), 'big') !== image.manifest.digest)
      throw new Error('pulled another image')

    const load = loadavg()[0]!
    const rate = (ms: number) => bytes / MB / (ms / 1000)
    const cpRate = layer.bytes.length / MB / (cp.ms / 1000)
    return [
      { name: 'image size', value: bytes / MB, unit: 'MB' },
      { name: 'cp of the layer on this disk', value: cpRate, unit: 'MB/s' },
      {
        name: 'skopeo copy into docker-local (push)',
        value: rate(push.ms),
        unit: 'MB/s',
        ratio: { to: 'cp', value: rate(push.ms) / cpRate },
      },
      {
        name: 'skopeo copy out of docker-local (pull)',
        value: rate(pull.ms),
        unit: 'MB/s',
        ratio: { to: 'cp', value: rate(pull.ms) / cpRate },
      },
      { name: 'RSS rise while pushing (server in this process)', value: push.rssRise / MB, unit: 'MB' },
      { name: 'RSS rise while pulling (server in this process)', value: pull.rssRise / MB, unit: 'MB' },
      { name: 'load average (1 min) at the end', value: load, unit: '' },
    ]
  } finally {
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}
