/**
 * Which build wrote a log: the `package.json` version and the commit the console was built
 * from (Vite defines `__BUILD_COMMIT__`; code run from the sources, by tsx or vitest, says so).
 */
import { version } from '../package.json'

declare const __BUILD_COMMIT__: string | undefined

export interface BuildInfo {
  readonly version: string
  readonly commit: string
}

export const buildInfo: BuildInfo = {
  version,
  commit: typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : 'sources',
}

/** Compares dotted versions by their numeric parts (`0.10.0` > `0.9.1`); pre-release tags are ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[-+]/)[0]!
      .split('.')
      .map((p) => Number.parseInt(p, 10) || 0)
  const pa = parts(a)
  const pb = parts(b)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}
