/**
 * A test upstream's hold: its answers send their headers and half the bytes, then wait at the
 * gate until the test releases it (`started` tells the first answer has begun).
 */
export interface Held {
  readonly gate: Promise<void>
  readonly started: () => void
}

/** Sets the hold with `set` (and clears it on release); answers what the test controls it by. */
export function holdGate(set: (held: Held | undefined) => void): { release(): void; started: Promise<void> } {
  let release!: () => void
  let started!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const begun = new Promise<void>((r) => (started = r))
  set({ gate, started })
  return {
    release: () => {
      set(undefined)
      release()
    },
    started: begun,
  }
}
