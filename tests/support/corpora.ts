/**
 * The public hostile-input corpora live beside the project, in `../shared/corpora/`
 * (not copied into the repository). Worktrees sit deeper, so `/work/shared/corpora` is
 * tried too. Missing corpora fail the test loudly rather than skip it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

export function corporaDir(): string {
  const candidates = [resolve(process.cwd(), '../shared/corpora'), '/work/shared/corpora']
  const found = candidates.find((c) => existsSync(join(c, 'README.md')))
  if (!found) throw new Error(`public corpora not found in ${candidates.join(' or ')}`)
  return found
}

/** Non-empty lines of every `.txt` file in a corpus folder (e.g. `open-redirect`, `xss`). */
export function corpusLines(folder: string): string[] {
  const dir = join(corporaDir(), folder)
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split(/\r?\n/))
    .filter((line) => line.trim() !== '')
}

export function corpusFile(relative: string): string {
  return readFileSync(join(corporaDir(), relative), 'utf8')
}
