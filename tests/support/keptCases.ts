/**
 * Failing cases of a property, kept: when a property fails, fast-check shrinks it and the
 * shrunk case (what failed, its seed and path, and the value itself) is added to a JSON file
 * under tests/fixtures/, whose cases run every time after that, so a failure found once by
 * chance is checked by every later run, whatever the generators become. The file is written
 * only outside CI: a developer's run keeps the case, to be committed with the fix.
 */
import fc from 'fast-check'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface KeptCase<T> {
  /** The first line of the failure, to name the case. */
  readonly found: string
  readonly seed: number
  readonly path: string
  readonly value: T
}

/** The cases kept in `file` (none when it does not exist yet). */
export function keptCases<T>(file: URL): ReadonlyArray<KeptCase<T>> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeptCase<T>[]) : []
}

/** Adds a case to `file`, once: the same value found again is not kept twice. */
export function keepCase<T>(file: URL, next: KeptCase<T>): boolean {
  const cases = keptCases<T>(file)
  const same = JSON.stringify(next.value)
  if (cases.some((c) => JSON.stringify(c.value) === same)) return false
  writeFileSync(file, `${JSON.stringify([...cases, next], null, 2)}\n`)
  return true
}

/**
 * `fc.assert`, keeping the shrunk counterexample of a failure in `file` (outside CI), and
 * failing with fast-check's own report (seed, path, counterexample).
 */
export function assertKeeping<T>(
  file: URL,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => void,
  parameters: fc.Parameters<[T]> = {},
): void {
  const property = fc.property(arbitrary, predicate)
  const details = fc.check(property, parameters)
  if (details.failed && details.counterexample !== null && !process.env.CI) {
    const error = details.errorInstance
    const found = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200)
    const kept = keepCase(file, {
      found,
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      value: details.counterexample[0],
    })
    if (kept) console.warn(`A failing case was kept in ${fileURLToPath(file)}: commit it with the fix.`)
  }
  if (details.failed) throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance })
}
