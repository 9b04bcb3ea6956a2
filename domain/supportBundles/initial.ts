/** The supportBundles area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { SupportBundlesState } from './types'

export const initialSupportBundlesState: SupportBundlesState = {
  open: false,
  list: { status: 'idle' },
  placeholders: [],
  inProgress: {},
  create: { status: 'idle', requestId: '', failure: null },
  busy: {},
  actionFailure: null,
  retention: { status: 'idle', requestId: '', failed: false },
}
