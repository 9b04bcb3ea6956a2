// Commands of the platform area, named `platform/Imperative`.

/** Runs the start-up sequence; refused while it runs (the app starts only once at a time). */
export interface Start {
  readonly type: 'platform/Start'
  /** Why: 'boot' at page load, 'login' after a completed login. */
  readonly reason?: 'boot' | 'login'
}

/**
 * The project context changed: where the security scanner runs, its user data is asked for
 * again, as at start-up (spec 000 section 4).
 */
export interface RecheckScanner {
  readonly type: 'platform/RecheckScanner'
}

/**
 * A step of the start-up answered: the decider decides what comes next (the effect that ran the
 * step asks; refused once the sequence is not running).
 */
export interface ContinueStart {
  readonly type: 'platform/ContinueStart'
  readonly after: 'loginData' | 'userData' | 'initialData' | 'features' | 'parallelLoads'
}

export type PlatformCommand = Start | RecheckScanner | ContinueStart
