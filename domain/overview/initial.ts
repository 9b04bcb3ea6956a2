/** The overview area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { OverviewState } from './types'

export const initialOverviewState: OverviewState = { status: 'idle' }
