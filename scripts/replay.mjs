// `npm run replay -- FILE [--until SEQ] [--json] [--partial]`: runs the replay command from one
// bundled file (dist-cli/replay.mjs), built here with esbuild when it is missing or older than
// its sources. Running from the sources through tsx spent most of a second compiling on every
// start; the bundle starts in the time Node takes to load one file.
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime, root } from './buildIfNeeded.mjs'

const SOURCES = ['domain', 'adapters/node', 'package.json', 'package-lock.json']

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/** `adapters/node/<entry>.ts` bundled into dist-cli/<entry>.mjs when missing or older than its sources. */
async function bundleOf(entry) {
  const bundle = join(root, 'dist-cli', `${entry}.mjs`)
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0
  if (built >= Math.max(...SOURCES.map((s) => newestMtime(join(root, s))))) return bundle
  const { build } = await import('esbuild')
  await build({
    entryPoints: [join(root, 'adapters', 'node', `${entry}.ts`)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The bundle names the commit it was built from, as the console's build does.
    define: { __BUILD_COMMIT__: JSON.stringify(process.env.BUILD_COMMIT ?? commit()) },
  })
  return bundle
}

export const buildReplayCli = () => bundleOf('replay')

/** The split replay's worker thread (adapters/node/replayWorker.ts), for startSplitReplayer. */
export const buildReplayWorker = () => bundleOf('replayWorker')

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await import(pathToFileURL(await buildReplayCli()).href)
}
