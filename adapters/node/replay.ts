/** `npm run replay -- FILE [--until SEQ] [--json] [--partial]`: see replayCli.ts. */
import { readFileChunks } from './fileChunks'
import { runReplayCli } from './replayCli'

process.exitCode = runReplayCli(process.argv.slice(2), {
  readChunks: (path) => readFileChunks(path),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
})
