/** The tokens area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { TokensState } from './types'

export const initialTokensState: TokensState = {
  lists: { mine: { status: 'idle' }, all: { status: 'idle' } },
  create: { status: 'idle' },
  revoke: { mine: { status: 'idle' }, all: { status: 'idle' } },
  policy: { status: 'idle' },
}
