/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * the build, once, at build time: the server then sends the smallest encoding the browser
 * accepts without compressing per request (`preCompressed` of @fastify/static). The gzip copy
 * is level 9, the level the bundle budget measures, so the bytes on the wire are the budget's.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

// Fonts (woff2) and images are compressed already; source maps are fetched by developer tools only.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

export function precompress(outDir: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const bytes = readFileSync(file)
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
        const gz = gzipSync(bytes, { level: 9 })
        // A copy no smaller than the file is of no use: the server then sends the file itself.
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br)
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}
