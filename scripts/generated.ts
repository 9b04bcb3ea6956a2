/**
 * Writes generated files (prettier-formatted), or with `--check` exits 1 naming each one that is
 * not current and the command that writes it: the generators' unit tests run the check.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import prettier from 'prettier'

export async function writeGenerated(
  root: string,
  files: Iterable<readonly [string, string]>,
  command: string,
): Promise<void> {
  const check = process.argv.includes('--check')
  let stale = 0
  for (const [file, raw] of files) {
    const options = (await prettier.resolveConfig(file)) ?? {}
    const text = await prettier.format(raw, { ...options, filepath: file })
    const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
    if (current === text) continue
    if (check) {
      console.error(`${file.slice(root.length + 1)} is not current: run ${command}`)
      stale++
    } else writeFileSync(file, text)
  }
  if (check && stale > 0) process.exit(1)
}
