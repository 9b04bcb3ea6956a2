/** `npm run replay -- FILE [--until SEQ] [--json] [--partial]`: see replayCli.ts. */
import { readFileSync } from 'node:fs'
import { runReplayCli } from './replayCli'

process.exitCode = runReplayCli(process.argv.slice(2), {
  readFile: (path) => readFileSync(path, 'utf8'),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
