/** The builds area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { BuildsState } from './types'

export const initialBuildsState: BuildsState = { list: { status: 'idle' }, detail: { status: 'idle' } }
