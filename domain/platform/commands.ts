// Commands of the platform area, named `platform/Imperative`.

/** Runs the start-up sequence; refused while it runs (the app starts only once at a time). */
export interface Start {
  readonly type: 'platform/Start'
  /** Why: 'boot' at page load, 'login' after a completed login. */
  readonly reason?: 'boot' | 'login'
}

export type PlatformCommand = Start
