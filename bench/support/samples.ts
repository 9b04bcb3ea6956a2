/**
 * Summaries of repeated measurements: one sample of a cold load moved by hundreds of
 * milliseconds between runs on the same machine, so a figure is the middle of several, printed
 * with their range so a reader sees the noise.
 */

/**
 * The middle value; for an even count the upper of the two middle ones, the convention of this
 * bench's earlier figures (a p50 of 20 sign-ins), so those stay comparable.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

export interface Spread {
  readonly min: number
  readonly max: number
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values')
  return { min: Math.min(...values), max: Math.max(...values) }
}

/**
 * How many samples a side from an environment variable: a positive whole number, else the
 * default (an unset, empty or mistyped value must not make a run of zero samples).
 */
export function sampleCount(text: string | undefined, fallback: number): number {
  const n = Number(text)
  return text !== undefined && text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback
}

/**
 * Takes `n` samples of each side in turns (a, b, a, b, …), so a change of the machine's load
 * during the run falls on both sides rather than on whichever ran second.
 */
export async function alternate<A, B>(
  n: number,
  a: () => Promise<A>,
  b: () => Promise<B>,
): Promise<{ a: A[]; b: B[] }> {
  const as: A[] = []
  const bs: B[] = []
  for (let i = 0; i < n; i++) {
    as.push(await a())
    bs.push(await b())
  }
  return { a: as, b: bs }
}
