/** One measured figure, printed by `npm run bench`. */
export interface Figure {
  readonly name: string
  readonly value: number
  readonly unit: string
  /** A comparison, e.g. to a baseline: value / baseline. */
  readonly ratio?: { readonly to: string; readonly value: number }
  /** The range of the samples a median was taken from, printed beside it to show the noise. */
  readonly spread?: { readonly min: number; readonly max: number }
  /** The target the issue sets, as text (printed, never asserted). */
  readonly target?: string
}

/** A benchmark module (`bench/*.bench.ts`) exports `title` and `run`. */
export interface BenchModule {
  /** Runs only when named on the command line (`npm run bench -- NAME`). */
  readonly optional?: boolean
  readonly title: string
  run(): Promise<ReadonlyArray<Figure>>
}
