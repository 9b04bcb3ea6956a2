/** The releaseBundles area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { ChecksumLookup, ReleaseBundlesState } from './types'

export const initialLookup: ChecksumLookup = { status: 'idle' }

export const initialReleaseBundlesState: ReleaseBundlesState = { lookup: initialLookup }
