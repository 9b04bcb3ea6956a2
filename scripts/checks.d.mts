/** One static check: a command run in the repository's root. */
export interface Check {
  readonly name: string
  readonly command: string
  readonly args: readonly string[]
}

/** Starts every check at once; writes each one's output as it ends; 0 when all passed, else 1. */
export function runChecks(checks: readonly Check[], write?: (text: string) => void): Promise<0 | 1>
