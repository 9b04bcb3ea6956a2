/** The xray area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { XrayState } from './types'

const idle = { status: 'idle' } as const

export const initialXrayState: XrayState = {
  violations: idle,
  policies: idle,
  watches: idle,
  ignoreRules: idle,
  scans: idle,
  component: idle,
  trends: idle,
  database: idle,
  indexed: idle,
  settings: idle,
  notifications: idle,
  reports: idle,
  report: idle,
  gitRepositories: idle,
  gitFindings: idle,
  change: idle,
}
